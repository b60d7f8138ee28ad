import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A person who answered (D15). The contacts issue adds phone, address, internal names,
 * notes and tags to this table; participation only needs email and the person's own name.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuidKey(),
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
