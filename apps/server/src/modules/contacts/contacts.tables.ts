import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { manufacturers } from '../owner/owner.tables.js';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A person who answered (D15). The contacts issue adds phone, address, internal names,
 * notes and tags to this table; participation only needs email and the person's own name.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** Lowercased; unique per manufacturer. */
    email: text().notNull(),
    firstname: text(),
    lastname: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.manufacturerId, t.email), index().on(t.manufacturerId, t.createdAt)],
);
