import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.js';

/**
 * One row per mail job that began to send: its claim. A try of the same job that finds the row knows
 * an earlier try reached the mail server (docs/product-decisions.md, "Jobs after a crash"): sent, or
 * cut off by a crash mid-send, and it sends nothing again. Rows are pruned after a week, when no try
 * of their job can come any more.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    jobId: uuid().primaryKey(),
    startedAt: at().notNull().defaultNow(),
    sentAt: at(),
  },
  (t) => [index().on(t.startedAt)],
);
