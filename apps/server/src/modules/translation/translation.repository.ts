import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { translationBudgets } from './translation.tables.js';

/** The windows a call counts into: the current clock hour's start and the current day's (midnight UTC). */
export type BudgetWindows = { hour: Date; day: Date };

export type BudgetRow = typeof translationBudgets.$inferSelect;

const b = translationBudgets;

/**
 * What the stored row had spent in the window starting at `start`: its count when the row is of that
 * window (or of a later one, which an instance whose clock runs ahead may have started), else nothing.
 */
const spentIn = (startColumn: AnyPgColumn, charsColumn: AnyPgColumn, proposedStart: string) =>
  sql`(case when ${startColumn} >= ${sql.raw(`excluded.${proposedStart}`)} then ${charsColumn} else 0 end)`;

/**
 * Adds `chars` to the manufacturer's hour and day in one statement, only when both then stay within
 * their limits: the row's lock makes parallel calls on any instance queue behind each other, each
 * seeing the count the one before left. Answers the row as it now is, or undefined when the budget had
 * no room (nothing changed). `chars` must itself be within both limits (the first insert checks nothing).
 */
export const reserveChars = async (
  db: DbOrTx,
  manufacturerId: string,
  chars: number,
  at: BudgetWindows,
  limits: { hour: number; day: number },
): Promise<BudgetRow | undefined> => {
  const hourSpent = spentIn(b.hourStart, b.hourChars, 'hour_start');
  const daySpent = spentIn(b.dayStart, b.dayChars, 'day_start');
  const [row] = await db
    .insert(b)
    .values({ manufacturerId, hourStart: at.hour, hourChars: chars, dayStart: at.day, dayChars: chars })
    .onConflictDoUpdate({
      target: b.manufacturerId,
      set: {
        hourStart: sql`greatest(${b.hourStart}, excluded.hour_start)`,
        hourChars: sql`${hourSpent} + excluded.hour_chars`,
        dayStart: sql`greatest(${b.dayStart}, excluded.day_start)`,
        dayChars: sql`${daySpent} + excluded.day_chars`,
      },
      setWhere: sql`${hourSpent} + excluded.hour_chars <= ${limits.hour} and ${daySpent} + excluded.day_chars <= ${limits.day}`,
    })
    .returning();
  return row;
};

/** Takes `chars` back out of the windows they were counted into, where those are still the row's. */
export const releaseChars = async (db: DbOrTx, manufacturerId: string, chars: number, at: BudgetWindows) => {
  await db
    .update(b)
    .set({
      hourChars: sql`case when ${b.hourStart} = ${at.hour} then greatest(${b.hourChars} - ${chars}, 0) else ${b.hourChars} end`,
      dayChars: sql`case when ${b.dayStart} = ${at.day} then greatest(${b.dayChars} - ${chars}, 0) else ${b.dayChars} end`,
    })
    .where(eq(b.manufacturerId, manufacturerId));
};

/** The manufacturer's row, or undefined before its first translation. */
export const budgetRow = async (db: DbOrTx, manufacturerId: string): Promise<BudgetRow | undefined> => {
  const [row] = await db.select().from(b).where(eq(b.manufacturerId, manufacturerId));
  return row;
};
