import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { contacts } from '../contacts/contacts.tables.js';
import { manufacturers } from '../owner/owner.tables.js';

/** A named list of contacts (D18), its name unique per manufacturer whatever its case. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    uniqueIndex('contact_lists_manufacturer_name_idx').on(t.manufacturerId, sql`lower(${t.name})`),
    index().on(t.manufacturerId, t.createdAt),
  ],
);

/** A contact's place in a list; deleting the contact or the list removes it. */
export const contactListMembers = pgTable(
  'contact_list_members',
  {
    listId: uuid()
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    manufacturerId: uuid().notNull(),
    addedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.contactId] }),
    // A contact's lists (the list filter of participants and tickets reads by contact).
    index().on(t.contactId),
    // The members page, newest first, and its keyset: the contact id breaks ties of one added time.
    index('contact_list_members_list_added_idx').on(t.listId, t.addedAt, t.contactId),
  ],
);

/**
 * How many members a list has: kept by triggers on contact_list_members (migration 0014), and made with the
 * list by a trigger on contact_lists, so reading a list's size counts nothing. A row of its own rather than a
 * column of the list: inviting a list holds the list's row locked while it reads and locks the members, and a
 * contact deleted meanwhile changes the count without waiting for that.
 */
export const contactListCounts = pgTable('contact_list_counts', {
  listId: uuid()
    .primaryKey()
    .references(() => contactLists.id, { onDelete: 'cascade' }),
  manufacturerId: uuid().notNull(),
  members: integer().notNull().default(0),
});

/**
 * A list linked to a group campaign (D11): its members were invited when the link was made, and a
 * contact who joins the list later is invited by a job while the campaign runs
 * (docs/product-decisions.md, "Contact lists").
 */
export const campaignContactLists = pgTable(
  'campaign_contact_lists',
  {
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    listId: uuid()
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    manufacturerId: uuid().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.listId] }), index().on(t.listId)],
);
