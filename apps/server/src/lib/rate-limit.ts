import { and, count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { type Clock, systemClock } from './clock.js';
import { AppError } from './errors.js';
import { rateLimitHits } from './rate-limit.tables.js';

/** Rows older than this are of no window's use; the pruning job deletes them (see `pruneRateLimitHits`). */
export const RATE_LIMIT_RETENTION_HOURS = 24;

/**
 * A sliding-window limit kept in PostgreSQL: a hit records one use of `key` and throws
 * 429 `rate-limit` when the window already holds `max` uses. Count and insert happen under a
 * transaction-scoped advisory lock on the key, so parallel requests (on any instance) are
 * counted exactly instead of all passing the same count.
 *
 * The table stays bounded: a refused hit writes nothing, so a key never holds more than `max`
 * rows in its window, and each hit deletes its own key's rows that left the window; keys that
 * are never hit again are removed by the pruning job. Callers hit only for requests that name
 * something real (docs/product-decisions.md, "Rate limits"), so made-up keys cost no rows.
 */
export const createRateLimiter = (
  db: Db,
  opts: { max: number; windowMs: number; name: string; clock?: Clock },
) => {
  /** Counts one use when the window has room and answers true; answers false, writing nothing, when full. */
  const takeIn = async (tx: DbOrTx, key: string) => {
    const fullKey = `${opts.name}:${key}`;
    const now = (opts.clock ?? systemClock).now();
    const since = new Date(now.getTime() - opts.windowMs);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fullKey}))`);
    await tx
      .delete(rateLimitHits)
      .where(and(eq(rateLimitHits.key, fullKey), lte(rateLimitHits.createdAt, since)));
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, fullKey), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= opts.max) return false;
    await tx.insert(rateLimitHits).values({ key: fullKey, createdAt: now });
    return true;
  };
  const hitIn = async (tx: DbOrTx, key: string) => {
    if (!(await takeIn(tx, key))) {
      throw new AppError('rate-limit', 'Too many attempts; please wait a few minutes and try again.');
    }
  };
  return {
    /** Counts one use in a transaction of its own: it stays counted whatever the request does next. */
    hit: (key: string) => db.transaction((tx) => hitIn(tx, key)),
    /**
     * Counts one use in the caller's transaction, so it is counted only if that transaction
     * commits: a budget of things done (answers stored), not of things tried.
     */
    hitIn,
    /**
     * Counts one use in the caller's transaction if the window has room, and answers whether it did:
     * for something done quietly at most `max` times (a mail nobody asked for by name), never refused.
     */
    takeIn,
  };
};

/** Deletes every hit older than the retention, whichever key it has. */
export const pruneRateLimitHits = async (db: DbOrTx) => {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, sql`now() - make_interval(hours => ${RATE_LIMIT_RETENTION_HOURS})`));
};

export const PRUNE_RATE_LIMITS_JOB = 'rate-limit.prune';

/** Prunes the hits every hour on the job queue's cron (once across instances), whatever the traffic. */
export const defineRateLimitPruning = (db: Db, jobs: Pick<JobQueue, 'define'>) => {
  jobs.define(PRUNE_RATE_LIMITS_JOB, () => pruneRateLimitHits(db), { cron: '41 * * * *', retryLimit: 0 });
};
