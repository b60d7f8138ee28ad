import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A tag group (D17): a segment, the contacts having all (`and`) or any (`or`) of its lowercased tags.
 * Its members are not stored: they are the contacts whose tags match now (docs/product-decisions.md,
 * "Tags and tag groups").
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
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    uniqueIndex('tag_groups_manufacturer_title_idx').on(t.manufacturerId, sql`lower(${t.title})`),
    // Which groups a tag change touches.
    index('tag_groups_tags_idx').using('gin', t.tags),
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
