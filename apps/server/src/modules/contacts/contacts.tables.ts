import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A person of a manufacturer's contact book (D15), one row per address. `kind` is `temp` while the
 * address was only invited and `contact` once it answered (or was kept by the owner); both live here so
 * an invitation, a list membership or a tag needs no second key for the same person
 * (docs/product-decisions.md, "Contacts").
 */
export const contacts = pgTable(
  'contacts',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** Lowercased; unique per manufacturer. */
    email: text().notNull(),
    kind: text({ enum: ['contact', 'temp'] })
      .notNull()
      .default('contact'),
    /** The names the participant gave. */
    firstname: text(),
    lastname: text(),
    /** The owner's private labels (D15). */
    internalFirstname: text(),
    internalLastname: text(),
    phoneNumber: text(),
    street: text(),
    zipCode: text(),
    city: text(),
    country: text(),
    /** Lowercased tags (D17); the tags issue adds the segments that read them. */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * How many campaigns it was invited to, and how many it answered: kept by triggers on invitations and
     * campaign_tickets (migration 0014), so a list reads them with the row instead of counting per row.
     */
    invitedCount: integer().notNull().default(0),
    answeredCount: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    uniqueIndex().on(t.manufacturerId, t.email),
    index().on(t.manufacturerId, t.createdAt),
    // The contact book's default order (newest first) and its keyset, per kind.
    index('contacts_manufacturer_kind_created_idx').on(t.manufacturerId, t.kind, t.createdAt, t.id),
    // A manufacturer's contacts with a tag (a tag group's members, the tags filter): one GIN index on both
    // columns (btree_gin), so a common tag of other manufacturers costs nothing here.
    index('contacts_manufacturer_tags_idx').using('gin', t.manufacturerId, t.tags),
    // The contact book's filters by city and country, and the values they offer.
    index('contacts_manufacturer_kind_city_idx').on(t.manufacturerId, t.kind, t.city),
    index('contacts_manufacturer_kind_country_idx').on(t.manufacturerId, t.kind, t.country),
    // The search (a part of the email or of a name) has a trigram index on `contactSearchText`, made
    // by the migration 0005_contact-search.sql (Drizzle cannot declare pg_trgm's operator class).
  ],
);

/**
 * How many contacts a manufacturer has of each kind: the sum of its rows over `slot`. Kept by triggers on
 * contacts (migration 0014), each statement adding its change to the slot of its database connection, so
 * concurrent transactions of one manufacturer rarely wait for each other's count; the contact book's total
 * reads it instead of counting the manufacturer's contacts on every page.
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['contact', 'temp'] }).notNull(),
    slot: smallint().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.kind, t.slot] })],
);

/** The owner's notes on a contact. */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The owner who wrote it; null once that owner is gone. */
    authorId: uuid(),
    noteText: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [...tenantKey(t), index().on(t.contactId, t.createdAt)],
);

/**
 * Addresses that unsubscribed from a manufacturer's invitations (D15 `contact/7`). Kept by address,
 * not by contact, so deleting the contact does not make the address invitable again.
 */
export const contactUnsubscribes = pgTable(
  'contact_unsubscribes',
  {
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.email] })],
);

/**
 * What the contact book's search matches, as one lowercased text: the email and the names, so
 * "anna alt" finds Anna Alt. Written exactly as the trigram index of 0005_contact-search.sql is, so
 * PostgreSQL uses that index.
 */
export const contactSearchText = sql`lower(${sql.raw(
  `"contacts"."email" || ' ' || coalesce("contacts"."firstname", '') || ' ' || coalesce("contacts"."lastname", '') || ' ' || coalesce("contacts"."internal_firstname", '') || ' ' || coalesce("contacts"."internal_lastname", '')`,
)})`;
