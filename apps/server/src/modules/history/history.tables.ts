import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers, owners } from '../owner/owner.tables.js';

/** D20: one row per event of a manufacturer; later features write them. */
export const historyEntries = pgTable(
  'history_entries',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    product: text({ enum: ['connect', 'platform'] }).notNull(),
    kind: text({
      enum: [
        'newCampaignTicket',
        'newComment',
        'newFeedbackByUser',
        'reminderMassFollowUp',
        'campaignEnded',
        'newContactRequest',
        'postHiddenByReports',
      ],
    }).notNull(),
    subjectType: text({ enum: ['campaign', 'campaignTicket', 'postTicket', 'contactRequest'] }).notNull(),
    subjectId: uuid().notNull(),
    subjectTitle: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at().notNull().defaultNow(),
    /**
     * Set when the owners' mails of this entry were held back by the hourly ceiling: the time the
     * digest that reports it is due; that digest clears it (docs/product-decisions.md, "Owner mails").
     */
    mailHeldUntil: at(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.manufacturerId, t.product, t.createdAt),
    index('history_entries_mail_held_idx')
      .on(t.manufacturerId, t.mailHeldUntil)
      .where(sql`${t.mailHeldUntil} is not null`),
  ],
);

/**
 * The hourly ceiling on the owners' mails about strangers' entries, one row per manufacturer: the
 * window opens with its first mail and counts the entries mailed or held in it
 * (docs/product-decisions.md, "Owner mails").
 */
export const ownerMailWindows = pgTable('owner_mail_windows', {
  manufacturerId: uuid()
    .primaryKey()
    .references(() => manufacturers.id, { onDelete: 'cascade' }),
  startedAt: at().notNull(),
  mails: integer().notNull(),
});

/** An entry is new for each owner until that owner marks it seen. */
export const historySeen = pgTable(
  'history_seen',
  {
    entryId: uuid()
      .notNull()
      .references(() => historyEntries.id, { onDelete: 'cascade' }),
    ownerId: uuid()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    seenAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.ownerId] }), index().on(t.ownerId)],
);
