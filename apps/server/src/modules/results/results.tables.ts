import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';

/**
 * An ended campaign's results shared through a secret link (D23). The token is kept as it is, not
 * hashed like a participant's link: the owner copies the link again whenever they open the results
 * (docs/product-decisions.md, "Results and statistics"). Withdrawing deletes the row, so the old link
 * answers 404; sharing again makes a new token.
 */
export const resultShares = pgTable('result_shares', {
  campaignId: uuid()
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  manufacturerId: uuid().notNull(),
  token: text().notNull().unique(),
  includeFreeText: boolean().notNull().default(false),
  createdAt: at().notNull().defaultNow(),
});
