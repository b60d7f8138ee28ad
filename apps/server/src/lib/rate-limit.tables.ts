import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Hits of the public routes' rate limits, shared by every instance (no process memory, D2). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index().on(t.key, t.createdAt)],
);
