import type { TagChangeVia, TagCondition } from '@parley/contract';
import { and, asc, eq, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveJobExists } from '../../jobs/queue.js';
import { preparedShapes } from '../../lib/prepared.js';
import {
  keptMemberCount,
  tagChanges,
  tagGroupCampaigns,
  tagGroupMemberDeltas,
  tagGroups,
} from './tags.tables.js';

export type TagGroupRow = typeof tagGroups.$inferSelect;
export type TagChangeRow = typeof tagChanges.$inferSelect;

export const isTitleTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === 'tag_groups_manufacturer_title_idx';
};

const audienceKey = (manufacturerId: string) => sql`hashtextextended(${`tag-audience:${manufacturerId}`}, 0)`;

/**
 * The live audience's lock (docs/product-decisions.md, "Tags and tag groups"). A transaction that
 * gives contacts tags holds it shared; one that changes which contacts a linked group invites (a link,
 * a group's tags or condition) holds it exclusively. So a tag change either commits before the group
 * change reads the contacts, or its job runs after the group change committed: nobody falls between.
 */
export const lockAudienceShared = (db: DbOrTx, manufacturerId: string) =>
  db.execute(sql`select pg_advisory_xact_lock_shared(${audienceKey(manufacturerId)})`);
export const lockAudience = (db: DbOrTx, manufacturerId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${audienceKey(manufacturerId)})`);

export const insertGroup = async (
  db: DbOrTx,
  v: {
    manufacturerId: string;
    title: string;
    description: string;
    condition: TagCondition;
    tags: string[];
    /** Counted under the audience lock (no tag change in flight). */
    memberCount: number;
    now: Date;
  },
) => {
  const [row] = await db
    .insert(tagGroups)
    .values({
      manufacturerId: v.manufacturerId,
      title: v.title,
      description: v.description,
      condition: v.condition,
      tags: v.tags,
      memberCount: v.memberCount,
      countedAt: v.now,
      createdAt: v.now,
      updatedAt: v.now,
    })
    .returning();
  if (!row) throw new Error('insert into tag_groups returned nothing');
  return row;
};

/** A group by id with its kept member count, values as placeholders. */
const buildGroupCounted = (db: DbOrTx, name: (part: string) => string) =>
  db
    .select({ group: tagGroups, memberCount: keptMemberCount })
    .from(tagGroups)
    .where(
      and(
        eq(tagGroups.manufacturerId, sql.placeholder('manufacturerId')),
        eq(tagGroups.id, sql.placeholder('id')),
      ),
    )
    .prepare(name('row'));

const groupCounted = preparedShapes<ReturnType<typeof buildGroupCounted>>('tag_group_counted');

/** The manufacturer's group with its kept member count (a group's members page; prepared once, lib/prepared.ts). */
export const findGroupCounted = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await groupCounted(db, '', (name) => buildGroupCounted(db, name)).execute({
    manufacturerId,
    id,
  });
  return row;
};

/** The manufacturer's groups among `ids`, locked for the caller's transaction, in id order. */
export const lockGroups = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  db
    .select()
    .from(tagGroups)
    .where(and(eq(tagGroups.manufacturerId, manufacturerId), inArray(tagGroups.id, ids)))
    .orderBy(tagGroups.id)
    .for('update');

/** Every group of the manufacturer (the previews compare each contact's tags with each group). */
export const groupsOf = (db: DbOrTx, manufacturerId: string) =>
  db.select().from(tagGroups).where(eq(tagGroups.manufacturerId, manufacturerId)).orderBy(asc(tagGroups.id));

export const updateGroup = async (
  db: DbOrTx,
  id: string,
  patch: Partial<
    Pick<TagGroupRow, 'title' | 'description' | 'condition' | 'tags' | 'memberCount' | 'countedAt'>
  > & {
    updatedAt: Date;
  },
) => {
  const [row] = await db.update(tagGroups).set(patch).where(eq(tagGroups.id, id)).returning();
  if (!row) throw new Error(`tag group ${id} vanished during its update`);
  return row;
};

export const deleteGroup = (db: DbOrTx, id: string) => db.delete(tagGroups).where(eq(tagGroups.id, id));

export const linkCampaigns = (
  db: DbOrTx,
  rows: { tagGroupId: string; campaignId: string; manufacturerId: string }[],
  now: Date,
) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insert(tagGroupCampaigns)
        .values(rows.map((r) => ({ ...r, createdAt: now })))
        .onConflictDoNothing()
        .then(() => undefined);

/** Which of `campaignIds` the group is linked to. */
export const linkedAmong = async (db: DbOrTx, groupId: string, campaignIds: string[]) =>
  (
    await db
      .select({ campaignId: tagGroupCampaigns.campaignId })
      .from(tagGroupCampaigns)
      .where(
        and(eq(tagGroupCampaigns.tagGroupId, groupId), inArray(tagGroupCampaigns.campaignId, campaignIds)),
      )
  ).map((r) => r.campaignId);

export const unlinkCampaigns = (db: DbOrTx, groupId: string, campaignIds: string[]) =>
  db
    .delete(tagGroupCampaigns)
    .where(
      and(eq(tagGroupCampaigns.tagGroupId, groupId), inArray(tagGroupCampaigns.campaignId, campaignIds)),
    );

export const insertChange = async (
  db: DbOrTx,
  v: {
    manufacturerId: string;
    contactIds: string[];
    tags: string[];
    via: TagChangeVia;
    tagGroupId?: string;
    campaignIds?: string[];
    now: Date;
  },
) => {
  const [row] = await db
    .insert(tagChanges)
    .values({
      manufacturerId: v.manufacturerId,
      contactIds: v.contactIds,
      tags: v.tags,
      via: v.via,
      tagGroupId: v.tagGroupId ?? null,
      campaignIds: v.campaignIds ?? null,
      createdAt: v.now,
    })
    .returning({ id: tagChanges.id });
  if (!row) throw new Error('insert into tag_changes returned nothing');
  return row;
};

export const findChange = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(tagChanges).where(eq(tagChanges.id, id));
  return row;
};

export const markChangeProcessed = (db: DbOrTx, id: string, now: Date) =>
  db.update(tagChanges).set({ processedAt: now }).where(eq(tagChanges.id, id));

/**
 * Changes no job finished and none will: no job of theirs waits, and none is held by a live process
 * (the one a killed process held has an expired claim). The sweep's.
 */
export const unprocessedChanges = async (db: DbOrTx, jobName: string, limit: number) =>
  (
    await db
      .select({ id: tagChanges.id })
      .from(tagChanges)
      .where(
        and(
          isNull(tagChanges.processedAt),
          not(liveJobExists(jobName, 'changeId', sql`${tagChanges.id}::text`)),
        ),
      )
      .orderBy(tagChanges.createdAt)
      .limit(limit)
  ).map((r) => r.id);

/** Processed changes older than `before` are of no further use: the invitations keep their own origin. */
export const pruneChanges = (db: DbOrTx, before: Date) =>
  db
    .delete(tagChanges)
    .where(and(sql`${tagChanges.processedAt} is not null`, lt(tagChanges.processedAt, before)));

/** The kept member counts of the groups `ids` (docs/architecture.md, "Tags and live audiences"). */
export const keptCounts = async (db: DbOrTx, ids: string[]) =>
  new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: tagGroups.id, n: keptMemberCount })
            .from(tagGroups)
            .where(inArray(tagGroups.id, ids))
        ).map((r) => [r.id, r.n]),
  );

/**
 * A group's count set from a full count (its definition changed, under the audience lock held
 * exclusively: no tag change is in flight): the deltas it replaces go.
 */
export const dropMemberDeltas = (db: DbOrTx, groupId: string) =>
  db.delete(tagGroupMemberDeltas).where(eq(tagGroupMemberDeltas.tagGroupId, groupId));

/** A correction found by the repair, written as one more delta (so it adds to whatever commits meanwhile). */
export const insertMemberDelta = (
  db: DbOrTx,
  v: { manufacturerId: string; tagGroupId: string; delta: number },
) => db.insert(tagGroupMemberDeltas).values(v);

export const markCounted = (db: DbOrTx, id: string, now: Date) =>
  db.update(tagGroups).set({ countedAt: now }).where(eq(tagGroups.id, id));

/**
 * Folds the deltas of up to `limit` groups into their `member_count`, in one statement: each group row is
 * locked first (one locked by a definition change or a delete is left for the next fold), then its deltas
 * visible now are deleted and their sum added, so every reader sees the same count before and after. A
 * delta written meanwhile stays for the next fold. Answers the groups folded.
 */
export const foldMemberDeltas = async (db: DbOrTx, limit: number) => {
  const result = await db.execute<{ id: string }>(sql`
    with locked as (
      select g.id from ${tagGroups} g
      where g.id in (select d.tag_group_id from ${tagGroupMemberDeltas} d)
      order by g.id limit ${limit} for update of g skip locked
    ), gone as (
      delete from ${tagGroupMemberDeltas} d using locked l where d.tag_group_id = l.id
      returning d.tag_group_id, d.delta
    ), sums as (
      select tag_group_id, sum(delta)::int as n from gone group by tag_group_id
    )
    update ${tagGroups} g set member_count = g.member_count + s.n from sums s where g.id = s.tag_group_id
    returning g.id`);
  return result.rows.length;
};

/** Deltas of groups that are gone (deleted, or their manufacturer, while a tag change was in flight). */
export const dropOrphanDeltas = (db: DbOrTx) =>
  db
    .delete(tagGroupMemberDeltas)
    .where(sql`not exists (select 1 from ${tagGroups} g where g.id = ${tagGroupMemberDeltas.tagGroupId})`);

/** Groups whose count no full count has checked since `before`, the longest unchecked first. */
export const groupsDueForCount = (db: DbOrTx, before: Date, limit: number) =>
  db
    .select()
    .from(tagGroups)
    .where(or(isNull(tagGroups.countedAt), lt(tagGroups.countedAt, before)))
    .orderBy(sql`${tagGroups.countedAt} asc nulls first`, tagGroups.id)
    .limit(limit);
