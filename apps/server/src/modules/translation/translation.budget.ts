import type { TranslationBudget, TranslationBudgetWindow } from '@parley/contract';
import { translationCallCharsMax } from '@parley/contract';
import type { TranslationBudgetConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import './translation.errors.js';
import {
  type BudgetRow,
  type BudgetWindows,
  budgetRow,
  releaseChars,
  reserveChars,
} from './translation.repository.js';

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

/** The hour and the day (UTC) `now` is in, and when each ends. */
const windowsAt = (now: Date) => {
  const hour = new Date(Math.floor(now.getTime() / hourMs) * hourMs);
  const day = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  return { hour, day, hourEnds: new Date(hour.getTime() + hourMs), dayEnds: new Date(day.getTime() + dayMs) };
};

/** What the row has spent in the windows of `at` (a row of an earlier window has spent nothing in it). */
const spent = (row: BudgetRow | undefined, at: BudgetWindows) => ({
  hour: row && row.hourStart.getTime() >= at.hour.getTime() ? row.hourChars : 0,
  day: row && row.dayStart.getTime() >= at.day.getTime() ? row.dayChars : 0,
});

const chars = (n: number) => n.toLocaleString('en-US');

/** "in 23 minutes", "in 5 hours": how long until `until`, roughly, for the refusal's message. */
const inWords = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `in ${Math.round(minutes / 60)} hours`;
};

/**
 * 429 `translation/budget`: the call does not fit into the manufacturer's budget. `retryAfterSeconds` is
 * when it would (the route sends it as `Retry-After`); absent for a call larger than a whole window.
 */
export class TranslationBudgetError extends AppError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number) {
    super('translation/budget', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Characters counted into a budget for one call; `giveBack` returns them (docs/product-decisions.md). */
export type Reservation = { chars: number; giveBack: () => Promise<void> };

/**
 * A manufacturer's translation budget in characters per clock hour and per day (UTC), kept in
 * PostgreSQL so every instance counts into the same windows (docs/product-decisions.md, "Translation").
 * A call's characters are reserved before the provider is asked; a call that does not fit is refused
 * whole and counts nothing.
 */
export const createTranslationBudget = ({
  db,
  clock,
  limits,
}: {
  db: Db;
  clock: Clock;
  limits: TranslationBudgetConfig;
}) => {
  const refusal = (n: number, used: { hour: number; day: number }, now: Date) => {
    const w = windowsAt(now);
    const tooLarge =
      n > limits.charsPerDay
        ? `${chars(limits.charsPerDay)} characters a day`
        : n > limits.charsPerHour
          ? `${chars(limits.charsPerHour)} characters an hour`
          : undefined;
    if (tooLarge)
      return new TranslationBudgetError(
        `This translation has ${chars(n)} characters, more than the whole translation budget of ${tooLarge}; ` +
          'translate fewer or shorter texts at a time.',
      );
    // The day's budget, when it is the one without room, refills later than the hour's.
    const dayFull = used.day + n > limits.charsPerDay;
    const [left, limit, period, until] = dayFull
      ? [limits.charsPerDay - used.day, limits.charsPerDay, 'today', w.dayEnds]
      : [limits.charsPerHour - used.hour, limits.charsPerHour, 'this hour', w.hourEnds];
    const wait = until.getTime() - now.getTime();
    return new TranslationBudgetError(
      `The translation budget has no room for this translation of ${chars(n)} characters: ` +
        `${chars(Math.max(0, left))} of ${chars(limit)} characters are left ${period}. ` +
        `It refills at ${until.toISOString()} (${inWords(wait)}).`,
      Math.max(1, Math.ceil(wait / 1000)),
    );
  };

  return {
    /** Counts `n` characters for the manufacturer, or throws 429 `translation/budget` counting nothing. */
    reserve: async (manufacturerId: string, n: number): Promise<Reservation> => {
      const now = clock.now();
      const at = windowsAt(now);
      if (n > limits.charsPerHour || n > limits.charsPerDay) throw refusal(n, { hour: 0, day: 0 }, now);
      const row = await reserveChars(db, manufacturerId, n, at, {
        hour: limits.charsPerHour,
        day: limits.charsPerDay,
      });
      if (!row) throw refusal(n, spent(await budgetRow(db, manufacturerId), at), now);
      return { chars: n, giveBack: () => releaseChars(db, manufacturerId, n, at) };
    },

    /** The budget as the console shows it: this hour's and today's, spent and whole. */
    read: async (manufacturerId: string, configured: boolean): Promise<TranslationBudget> => {
      const now = clock.now();
      const at = windowsAt(now);
      const used = spent(await budgetRow(db, manufacturerId), at);
      const window = (limit: number, u: number, ends: Date): TranslationBudgetWindow => ({
        limit,
        used: u,
        refillsAt: ends.toISOString(),
      });
      return {
        configured,
        callMax: translationCallCharsMax,
        hour: window(limits.charsPerHour, used.hour, at.hourEnds),
        day: window(limits.charsPerDay, used.day, at.dayEnds),
      };
    },
  };
};
export type TranslationBudgetService = ReturnType<typeof createTranslationBudget>;
