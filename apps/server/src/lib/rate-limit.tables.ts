import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.js';

/** Hits of the public routes' rate limits, shared by every instance (no process memory, D2). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.key, t.createdAt)],
);
