import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A manufacturer's translation budget as spent (docs/product-decisions.md, "Translation"): the characters
 * sent to the provider in the current clock hour and the current day (UTC), one row per manufacturer. A
 * window that has ended counts as empty; the next call starts it anew, so the table never grows past one
 * row per manufacturer that ever translated.
 */
export const translationBudgets = pgTable('translation_budgets', {
  manufacturerId: uuid()
    .primaryKey()
    .references(() => manufacturers.id, { onDelete: 'cascade' }),
  /** The start of the hour `hourChars` were spent in. */
  hourStart: at().notNull(),
  hourChars: integer().notNull(),
  /** The start (midnight UTC) of the day `dayChars` were spent on. */
  dayStart: at().notNull(),
  dayChars: integer().notNull(),
});
