import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * The new `updatedAt` of a changed row: now, but always later than before, so a stale update
 * is detected even when two changes fall in the same millisecond (or a test clock stands still).
 */
export const touchedAt = (column: AnyColumn, now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${column} + interval '1 millisecond')`;
