import type { ManuType, PostFilterQuery, PostState } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requireFeature } from '../../lib/features.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { shorten } from '../../lib/text.js';
import type { HistoryService } from '../history/index.js';
import type { FileStorage } from '../storage/index.js';
import { toPost, toPostComment, toPostListItem } from './posts.dto.js';
import { listPosts } from './posts.feed.repository.js';
import {
  commentsOf,
  deleteComment,
  deletePost,
  findComment,
  findPost,
  insertComment,
  isTrusted,
  lockPost,
  markRead,
  mediaOf,
  type PostRow,
  readAt,
  reportedPosts,
  reportsOf,
  setTrusted,
  stateLog,
  updatePost,
} from './posts.repository.js';
import {
  type PostAction,
  type PostActor,
  type PostCore,
  postTransitions,
  type Reader,
  stateRefused,
} from './posts.shared.js';

/**
 * The owner's side of posts (D19, the platform area): the feed, a post with its comments, answer,
 * private note and media, D19's state decisions one by one or in bulk, trusted authors, deleting; and
 * the operator's list of reported posts.
 */
export const createOwnerPosts = ({
  db,
  clock,
  storage,
  history,
  core,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  history: Pick<HistoryService, 'subjectOpened'>;
  core: Pick<PostCore, 'mailAuthor' | 'moveTo' | 'mediaFile'>;
}) => {
  const { mailAuthor, moveTo, mediaFile } = core;

  /** The whole post as the owner sees it; `seenAt` is the reader's last read before this one. */
  const fullPost = async (
    tx: DbOrTx,
    post: PostRow,
    reader: { ownerId: string; autoPublished: boolean },
    seenAt: Date | null,
  ) => {
    const readerId = reader.ownerId;
    const [comments, media, log, reports, trusted] = await Promise.all([
      commentsOf(tx, [post.id]),
      mediaOf(tx, post.id),
      stateLog(tx, post.id),
      reportsOf(tx, post.id, 20),
      isTrusted(tx, post.manufacturerId, post.authorEmail),
    ]);
    return toPost(reader.autoPublished ? post : { ...post, publishAt: null }, {
      readerId,
      seenAt,
      trusted,
      comments,
      media,
      log,
      reports,
    });
  };

  const ownPostOr404 = async (tx: DbOrTx, manufacturerId: string, id: string, lock = true) => {
    const post = lock ? await lockPost(tx, id, manufacturerId) : await findPost(tx, id, manufacturerId);
    if (!post) throw notFound('post');
    return post;
  };

  /** Applies a change of the owner's to the locked post and answers the post as it is then. */
  const ownerChange = async (
    actor: PostActor,
    id: string,
    change: (tx: DbOrTx, post: PostRow) => Promise<PostRow>,
  ) =>
    db.transaction(async (tx) => {
      const post = await change(tx, await ownPostOr404(tx, actor.manufacturerId, id));
      const reader = { ownerId: actor.ownerId, autoPublished: actor.manufacturer.autoPublished };
      return fullPost(tx, post, reader, await readAt(tx, post.id, actor.ownerId));
    });

  const decide = (tx: DbOrTx, actor: PostActor, post: PostRow, action: PostAction, reason?: string) => {
    const t = postTransitions[action];
    if (!(t.from as readonly PostState[]).includes(post.state)) throw stateRefused(action, post.state);
    return moveTo(tx, post, t.to, {
      actor: 'owner',
      ownerId: actor.ownerId,
      actorName: actor.ownerName,
      ...(reason ? { reason } : {}),
    });
  };

  return {
    list: async (reader: Reader, q: PostFilterQuery) => {
      const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
      const { rows, total, atLeast, counts } = await listPosts(db, {
        ...reader,
        q,
        offset: pageOffset(q),
        after,
      });
      const shown = (p: PostRow) => (reader.autoPublished ? p : { ...p, publishAt: null });
      return {
        documents: rows.map((r) => toPostListItem(shown(r.post), r.hasNew)),
        total,
        ...(atLeast ? { totalAtLeast: true } : {}),
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.post.id })),
        counts,
      };
    },

    /** The post; reading it marks the author's writing and its history entries seen for this owner. */
    open: async (reader: Reader, id: string) => {
      const post = await findPost(db, id, reader.manufacturerId);
      if (!post) throw notFound('post');
      const seenAt = await readAt(db, id, reader.ownerId);
      const view = await fullPost(db, post, reader, seenAt);
      // Read up to what this view was built from: a comment arriving meanwhile stays new.
      await markRead(db, id, reader.ownerId, post.lastAuthorActivityAt);
      await history.subjectOpened(reader, 'postTicket', id);
      return view;
    },

    comments: async (reader: Reader, id: string) => {
      const post = await findPost(db, id, reader.manufacturerId);
      if (!post) throw notFound('post');
      const seenAt = await readAt(db, id, reader.ownerId);
      const rows = await commentsOf(db, [id]);
      return { documents: rows.map((c) => toPostComment(c, { post, readerId: reader.ownerId, seenAt })) };
    },

    comment: async (actor: PostActor, id: string, text: string) =>
      db.transaction(async (tx) => {
        const post = await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canComment');
        const now = clock.now();
        const row = await insertComment(tx, {
          manufacturerId: actor.manufacturerId,
          postId: id,
          author: 'owner',
          ownerId: actor.ownerId,
          authorName: actor.ownerName,
          text,
          createdAt: now,
        });
        const updated = await updatePost(tx, id, {
          commentCount: post.commentCount + 1,
          lastActivityAt: now,
          updatedAt: now,
        });
        await mailAuthor(tx, 'comment', updated, actor.manufacturer.name, text);
        return toPostComment(row, { post: updated, readerId: actor.ownerId, seenAt: now });
      }),

    deleteComment: async (actor: PostActor, id: string, commentId: string) =>
      db.transaction(async (tx) => {
        const post = await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canComment');
        const c = await findComment(tx, id, commentId);
        if (!c) throw notFound('comment');
        if (c.author !== 'owner' || c.ownerId !== actor.ownerId) {
          throw new AppError('post/not-own-comment', 'Only the owner who wrote a comment can delete it.');
        }
        await deleteComment(tx, commentId);
        await updatePost(tx, id, {
          commentCount: Math.max(0, post.commentCount - 1),
          updatedAt: clock.now(),
        });
      }),

    /**
     * Deletes a post (spam, say) with its comments and media, for good (docs/product-decisions.md,
     * "The platform area"): as strong as unpublishing, so it needs `canUnpublish`. The files go after
     * the commit, so a failed transaction never leaves a post whose media are gone.
     */
    remove: async (actor: PostActor, id: string) => {
      const files = await db.transaction(async (tx) => {
        await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canUnpublish');
        const media = await mediaOf(tx, id);
        await deletePost(tx, id);
        return media.map((m) => m.storageKey);
      });
      for (const key of files) await storage.delete(key).catch(() => undefined);
    },

    setManuType: (actor: PostActor, id: string, manuType: ManuType | null) =>
      ownerChange(actor, id, (tx, post) => updatePost(tx, post.id, { manuType, updatedAt: clock.now() })),

    /** The public answer; a new or changed one is mailed to the author (unless their mails are off). */
    answer: (actor: PostActor, id: string, answer: string) =>
      ownerChange(actor, id, async (tx, post) => {
        const now = clock.now();
        if (answer === '') {
          return updatePost(tx, post.id, {
            answer: null,
            answeredAt: null,
            answeredBy: null,
            updatedAt: now,
          });
        }
        const updated = await updatePost(tx, post.id, {
          answer,
          answeredAt: now,
          answeredBy: actor.ownerName,
          lastActivityAt: now,
          updatedAt: now,
        });
        if (answer !== post.answer) await mailAuthor(tx, 'answer', updated, actor.manufacturer.name, answer);
        return updated;
      }),

    privateNote: (actor: PostActor, id: string, privateNote: string) =>
      ownerChange(actor, id, (tx, post) => {
        requireFeature(actor.manufacturer, 'canPrivateNote');
        return updatePost(tx, post.id, {
          privateNote: privateNote === '' ? null : privateNote,
          updatedAt: clock.now(),
        });
      }),

    /** Publish, unpublish (canUnpublish) or report, as D19's machine allows from the post's state. */
    decide: (actor: PostActor, id: string, action: PostAction, reason?: string) =>
      ownerChange(actor, id, (tx, post) => {
        if (action === 'unpublish') requireFeature(actor.manufacturer, 'canUnpublish');
        return decide(tx, actor, post, action, reason);
      }),

    trust: (actor: PostActor, id: string, trusted: boolean) =>
      ownerChange(actor, id, async (tx, post) => {
        await setTrusted(tx, actor.manufacturerId, post.authorEmail, trusted);
        return post;
      }),

    /** Publishes or unpublishes each post it can, in one transaction; names the ones it could not. */
    bulk: async (actor: PostActor, action: 'publish' | 'unpublish', ids: string[]) => {
      if (action === 'unpublish') requireFeature(actor.manufacturer, 'canUnpublish');
      return db.transaction(async (tx) => {
        let changed = 0;
        const skipped: { _id: string; code: string }[] = [];
        // One order for the locks (by id), so two bulk calls over the same posts cannot deadlock.
        for (const id of [...new Set(ids)].sort()) {
          const post = await lockPost(tx, id, actor.manufacturerId);
          if (!post) skipped.push({ _id: id, code: 'not-found' });
          else if (!(postTransitions[action].from as readonly PostState[]).includes(post.state)) {
            skipped.push({ _id: id, code: 'post/state' });
          } else {
            await decide(tx, actor, post, action);
            changed += 1;
          }
        }
        return { changed, skipped };
      });
    },

    ownerMedia: async (manufacturerId: string, id: string, mediaId: string) => {
      const post = await findPost(db, id, manufacturerId);
      if (!post) throw notFound('post');
      return mediaFile(post.id, mediaId);
    },

    /** The operator's list of reported posts across manufacturers (the admin command line). */
    reported: async (limit: number) =>
      (await reportedPosts(db, limit)).map((r) => ({
        _id: r.post.id,
        manufacturerId: r.post.manufacturerId,
        authorName: r.post.authorName,
        excerpt: shorten(r.post.text, 160),
        reason: r.reason,
        reportedBy: r.reportedBy,
        reportedAt: r.reportedAt.toISOString(),
      })),
  };
};
export type OwnerPosts = ReturnType<typeof createOwnerPosts>;
