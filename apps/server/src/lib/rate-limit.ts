import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type Clock, systemClock } from './clock.js';
import { AppError } from './errors.js';
import { rateLimitHits } from './rate-limit.tables.js';

/**
 * A sliding-window limit kept in PostgreSQL: `hit` records one use of `key` and throws
 * 429 `rate-limit` when the window already holds `max` uses. Count and insert happen under a
 * transaction-scoped advisory lock on the key, so parallel requests (on any instance) are
 * counted exactly instead of all passing the same count.
 */
export const createRateLimiter = (
  db: Db,
  opts: { max: number; windowMs: number; name: string; clock?: Clock },
) => ({
  hit: async (key: string) => {
    const fullKey = `${opts.name}:${key}`;
    const now = (opts.clock ?? systemClock).now();
    const since = new Date(now.getTime() - opts.windowMs);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fullKey}))`);
      const [row] = await tx
        .select({ n: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, fullKey), gt(rateLimitHits.createdAt, since)));
      if ((row?.n ?? 0) >= opts.max) {
        throw new AppError('rate-limit', 'Too many attempts; please wait a few minutes and try again.');
      }
      await tx.insert(rateLimitHits).values({ key: fullKey, createdAt: now });
    });
    // Prune now and then rather than in a job: a cheap indexed delete.
    if (Math.random() < 0.01) {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, sql`now() - interval '1 day'`));
    }
  },
});
