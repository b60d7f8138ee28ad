import { eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postReportRequests } from './posts.tables.js';

/** The reports waiting for their reporter's confirmation (docs/product-decisions.md, "The platform area"). */

export type ReportRequestRow = typeof postReportRequests.$inferSelect;

export const insertReportRequest = (db: DbOrTx, values: typeof postReportRequests.$inferInsert) =>
  db.insert(postReportRequests).values(values);

/** The report a confirmation link names; `lock` for confirming it (after its post: posts lock first). */
export const findReportRequest = async (db: DbOrTx, tokenHash: string, lock = false) => {
  const q = db.select().from(postReportRequests).where(eq(postReportRequests.tokenHash, tokenHash));
  const [row] = await (lock ? q.for('update') : q);
  return row;
};

export const markReportConfirmed = (db: DbOrTx, tokenHash: string, at: Date) =>
  db.update(postReportRequests).set({ confirmedAt: at }).where(eq(postReportRequests.tokenHash, tokenHash));

/** Deletes the reports asked before `before` (their links have expired, confirmed or not); answers how many. */
export const pruneReportRequests = async (db: DbOrTx, before: Date) => {
  const gone = await db
    .delete(postReportRequests)
    .where(lte(postReportRequests.createdAt, before))
    .returning({ tokenHash: postReportRequests.tokenHash });
  return gone.length;
};
