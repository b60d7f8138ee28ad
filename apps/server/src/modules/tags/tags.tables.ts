import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A tag group (D17): a segment, the contacts having all (`and`) or any (`or`) of its lowercased tags.
 * Its members are not stored: they are the contacts whose tags match now (docs/product-decisions.md,
 * "Tags and tag groups"). How many they are is kept: `member_count` plus the group's rows in
 * `tag_group_member_deltas` (docs/architecture.md, "Tags and live audiences").
 */
export const tagGroups = pgTable(
  'tag_groups',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    condition: text({ enum: ['and', 'or'] })
      .notNull()
      .default('and'),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * Its members when last counted or folded: a full count when the group was made or its tags or
     * condition changed (under the audience lock), plus the deltas the sweep folded in since.
     */
    memberCount: integer().notNull().default(0),
    /** When a full count last set or checked `member_count` (the sweep's repair checks the oldest). */
    countedAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    uniqueIndex('tag_groups_manufacturer_title_idx').on(t.manufacturerId, sql`lower(${t.title})`),
    // Which groups a tag change touches.
    index('tag_groups_tags_idx').using('gin', t.tags),
    // The groups the sweep's repair counts next.
    index().on(t.countedAt),
  ],
);

/**
 * A tag group linked to a campaign (D17): its members were invited when the link was made, and whoever
 * joins the group later is invited while the campaign runs.
 */
export const tagGroupCampaigns = pgTable(
  'tag_group_campaigns',
  {
    tagGroupId: uuid()
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    manufacturerId: uuid().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tagGroupId, t.campaignId] }),
    index().on(t.campaignId),
    index().on(t.manufacturerId),
  ],
);

/**
 * One change of contacts' tags that may put them into linked groups (the live audience's outbox):
 * written in the transaction that changes the tags, together with the job that invites them. The job
 * marks it processed; the sweep processes whatever a crash left unprocessed, so nobody is missed.
 */
export const tagChanges = pgTable(
  'tag_changes',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** The contacts that gained a tag (or joined the group, or were its members when it was linked). */
    contactIds: uuid().array().notNull(),
    /** The tags they gained (none for a group's own change). */
    tags: text().array().notNull(),
    via: text({ enum: ['hand', 'answer', 'option', 'campaign', 'invitation', 'import', 'group'] }).notNull(),
    /**
     * A group's own change (`via` group: linked, or its tags or condition changed): the invitations are
     * this group's, to `campaignIds` (absent: every campaign it is linked to), for the contacts named.
     */
    tagGroupId: uuid().references(() => tagGroups.id, { onDelete: 'cascade' }),
    campaignIds: uuid().array(),
    createdAt: at().notNull().defaultNow(),
    processedAt: at(),
  },
  (t) => [
    ...tenantKey(t),
    index('tag_changes_unprocessed_idx').on(t.createdAt).where(sql`${t.processedAt} is null`),
  ],
);

/**
 * Changes of tag groups' member counts not yet folded into `tag_groups.member_count`: one row per group
 * and statement that changed contacts' tags (or added or deleted tagged contacts), written by the
 * trigger on `contacts` in that statement's transaction (migration 0013; Drizzle cannot declare it).
 * Only inserted, never updated, so concurrent tag changes never wait for each other's count; the
 * sweep folds them every minute. No foreign keys: a group or manufacturer deleted meanwhile leaves its
 * rows to the sweep, never failing the tag change.
 */
export const tagGroupMemberDeltas = pgTable(
  'tag_group_member_deltas',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    tagGroupId: uuid().notNull(),
    delta: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.id] }), index().on(t.tagGroupId)],
);

/**
 * A group's member count as kept, for a select from `tag_groups`: its `member_count` and the deltas
 * not yet folded in (a few rows per group, found by their index), never a count of its contacts.
 * Written with the table's name, so it may stand in a subquery too.
 */
export const keptMemberCount = sql<number>`("tag_groups"."member_count" + coalesce((select sum(d.delta)
  from ${tagGroupMemberDeltas} d where d.tag_group_id = "tag_groups"."id"), 0))::int`;
