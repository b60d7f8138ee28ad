import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  postComments,
  postLinks,
  postMedia,
  postReads,
  postReportRequests,
  postReports,
  postStateChanges,
  posts,
  trustedPostAuthors,
} from './posts.tables.js';

export type PostRow = typeof posts.$inferSelect;
export type PostCommentRow = typeof postComments.$inferSelect;
export type PostMediaRow = typeof postMedia.$inferSelect;
export type PostStateChangeRow = typeof postStateChanges.$inferSelect;

export const findPost = async (db: DbOrTx, id: string, manufacturerId?: string) => {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), manufacturerId ? eq(posts.manufacturerId, manufacturerId) : undefined));
  return row;
};

/** The post, locked for a change of it (the order every writer of a post takes: the post first). */
export const lockPost = async (db: DbOrTx, id: string, manufacturerId?: string) => {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), manufacturerId ? eq(posts.manufacturerId, manufacturerId) : undefined))
    .for('update');
  return row;
};

/** The post a private link leads to: its first token or one mailed later. */
export const findPostByTokenHash = async (db: DbOrTx, tokenHash: string) => {
  const [first] = await db.select().from(posts).where(eq(posts.tokenHash, tokenHash));
  if (first) return first;
  const [later] = await db
    .select({ post: posts })
    .from(postLinks)
    .innerJoin(posts, eq(posts.id, postLinks.postId))
    .where(eq(postLinks.tokenHash, tokenHash));
  return later?.post;
};

export const insertPost = async (db: DbOrTx, values: typeof posts.$inferInsert) => {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insert of a post returned no row');
  return row;
};

export const updatePost = async (db: DbOrTx, id: string, set: Partial<typeof posts.$inferInsert>) => {
  const [row] = await db.update(posts).set(set).where(eq(posts.id, id)).returning();
  if (!row) throw new Error('update of a post returned no row');
  return row;
};

export const insertStateChange = (db: DbOrTx, values: typeof postStateChanges.$inferInsert) =>
  db.insert(postStateChanges).values(values);

export const stateLog = (db: DbOrTx, postId: string) =>
  db
    .select()
    .from(postStateChanges)
    .where(eq(postStateChanges.postId, postId))
    .orderBy(asc(postStateChanges.at));

export const commentsOf = (db: DbOrTx, postIds: string[]) =>
  postIds.length === 0
    ? Promise.resolve([] as PostCommentRow[])
    : db
        .select()
        .from(postComments)
        .where(inArray(postComments.postId, postIds))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));

export const insertComment = async (db: DbOrTx, values: typeof postComments.$inferInsert) => {
  const [row] = await db.insert(postComments).values(values).returning();
  if (!row) throw new Error('insert of a comment returned no row');
  return row;
};

export const findComment = async (db: DbOrTx, postId: string, id: string) => {
  const [row] = await db
    .select()
    .from(postComments)
    .where(and(eq(postComments.postId, postId), eq(postComments.id, id)));
  return row;
};

export const deleteComment = (db: DbOrTx, id: string) =>
  db.delete(postComments).where(eq(postComments.id, id));

/** Deletes a post; its comments, media rows, state log, reports, reads and links go with it (cascade). */
export const deletePost = (db: DbOrTx, id: string) => db.delete(posts).where(eq(posts.id, id));

export const mediaOf = (db: DbOrTx, postId: string) =>
  db.select().from(postMedia).where(eq(postMedia.postId, postId)).orderBy(asc(postMedia.createdAt));

export const findMedia = async (db: DbOrTx, postId: string, id: string) => {
  const [row] = await db
    .select()
    .from(postMedia)
    .where(and(eq(postMedia.postId, postId), eq(postMedia.id, id)));
  return row;
};

export const insertMedia = async (db: DbOrTx, values: typeof postMedia.$inferInsert) => {
  const [row] = await db.insert(postMedia).values(values).returning();
  if (!row) throw new Error('insert of a media row returned no row');
  return row;
};

/** Attaches the manufacturer's unattached uploads among `ids` to the post; answers how many it took. */
export const attachMedia = async (
  db: DbOrTx,
  r: { manufacturerId: string; postId: string; ids: string[] },
) => {
  if (r.ids.length === 0) return 0;
  const taken = await db
    .update(postMedia)
    .set({ postId: r.postId })
    .where(
      and(
        eq(postMedia.manufacturerId, r.manufacturerId),
        inArray(postMedia.id, r.ids),
        isNull(postMedia.postId),
      ),
    )
    .returning({ id: postMedia.id });
  return taken.length;
};

/** The bytes of the manufacturer's uploads no post has taken yet. */
export const unattachedBytes = async (db: DbOrTx, manufacturerId: string) => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${postMedia.size}), 0)::bigint` })
    .from(postMedia)
    .where(and(eq(postMedia.manufacturerId, manufacturerId), isNull(postMedia.postId)));
  return Number(row?.n ?? 0);
};

/** Uploads no post took within the window: rows first (no post can take them then), keys answered. */
export const deleteUnattachedMedia = (db: DbOrTx, before: Date, max: number) =>
  db
    .delete(postMedia)
    .where(
      inArray(
        postMedia.id,
        db
          .select({ id: postMedia.id })
          .from(postMedia)
          .where(and(isNull(postMedia.postId), lte(postMedia.createdAt, before)))
          .limit(max),
      ),
    )
    .returning({ key: postMedia.storageKey });

export const markRead = (db: DbOrTx, postId: string, ownerId: string, upTo: Date) =>
  db
    .insert(postReads)
    .values({ postId, ownerId, seenAt: upTo })
    .onConflictDoUpdate({
      target: [postReads.ownerId, postReads.postId],
      set: { seenAt: sql`greatest(${postReads.seenAt}, excluded.seen_at)` },
    });

export const readAt = async (db: DbOrTx, postId: string, ownerId: string) => {
  const [row] = await db
    .select({ seenAt: postReads.seenAt })
    .from(postReads)
    .where(and(eq(postReads.postId, postId), eq(postReads.ownerId, ownerId)));
  return row?.seenAt ?? null;
};

export const insertLink = (db: DbOrTx, values: typeof postLinks.$inferInsert) =>
  db.insert(postLinks).values(values);

/** A visitor's confirmed report; false when the post had one from this network or address already. */
export const insertReport = async (db: DbOrTx, values: typeof postReports.$inferInsert) => {
  const rows = await db
    .insert(postReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ postId: postReports.postId });
  return rows.length > 0;
};

/** The owner published the post: the reports before, confirmed or waiting, count no more. */
export const clearReports = async (db: DbOrTx, manufacturerId: string, postId: string) => {
  await db.delete(postReports).where(eq(postReports.postId, postId));
  await db
    .delete(postReportRequests)
    .where(and(eq(postReportRequests.manufacturerId, manufacturerId), eq(postReportRequests.postId, postId)));
};

export const reportsOf = (db: DbOrTx, postId: string, max: number) =>
  db
    .select({ reason: postReports.reason, at: postReports.createdAt })
    .from(postReports)
    .where(eq(postReports.postId, postId))
    .orderBy(desc(postReports.createdAt))
    .limit(max);

export const isTrusted = async (db: DbOrTx, manufacturerId: string, email: string) => {
  const [row] = await db
    .select({ email: trustedPostAuthors.email })
    .from(trustedPostAuthors)
    .where(and(eq(trustedPostAuthors.manufacturerId, manufacturerId), eq(trustedPostAuthors.email, email)));
  return row !== undefined;
};

export const setTrusted = async (db: DbOrTx, manufacturerId: string, email: string, trusted: boolean) => {
  if (trusted) {
    await db.insert(trustedPostAuthors).values({ manufacturerId, email }).onConflictDoNothing();
  } else {
    await db
      .delete(trustedPostAuthors)
      .where(and(eq(trustedPostAuthors.manufacturerId, manufacturerId), eq(trustedPostAuthors.email, email)));
  }
};

/** Pending posts whose auto-publish time has come (all, or the one named), oldest first. */
export const duePosts = (db: DbOrTx, now: Date, max: number, postId?: string) =>
  db
    .select({ id: posts.id, manufacturerId: posts.manufacturerId })
    .from(posts)
    .where(
      and(eq(posts.state, 'pending'), lte(posts.publishAt, now), postId ? eq(posts.id, postId) : undefined),
    )
    .orderBy(asc(posts.publishAt))
    .limit(max);

/**
 * Publishes the post if it is still pending with its time come: the one statement decides, so two
 * instances (or a job and the sweep) never publish it twice. Answers the row when it did.
 */
export const publishIfDue = async (db: DbOrTx, id: string, now: Date) => {
  const [row] = await db
    .update(posts)
    .set({ state: 'published', publishAt: null, updatedAt: now })
    .where(and(eq(posts.id, id), eq(posts.state, 'pending'), lte(posts.publishAt, now)))
    .returning();
  return row;
};

/**
 * The reported posts of every manufacturer, latest report first (the operator's list, D19), each with
 * its last report's reason, who reported it and when.
 */
export const reportedPosts = (db: DbOrTx, limit: number) =>
  db
    .select({
      post: posts,
      reason: postStateChanges.reason,
      reportedBy: postStateChanges.actorName,
      reportedAt: postStateChanges.at,
    })
    .from(posts)
    .innerJoin(
      postStateChanges,
      and(
        eq(postStateChanges.postId, posts.id),
        eq(postStateChanges.toState, 'reported'),
        eq(
          postStateChanges.at,
          sql`(select max(c.at) from ${postStateChanges} c where c.post_id = ${posts.id} and c.to_state = 'reported')`,
        ),
      ),
    )
    .where(eq(posts.state, 'reported'))
    .orderBy(desc(postStateChanges.at))
    .limit(limit);
