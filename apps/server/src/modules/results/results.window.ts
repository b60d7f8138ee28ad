import { statisticsDays } from '@parley/contract';
import type { CampaignRow } from '../campaigns/index.js';

/** The day `at` falls on in a time zone, as YYYY-MM-DD. */
export const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** A calendar day `n` days before `day`. */
export const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The statistics' window when none is asked (docs/product-decisions.md, "Results and statistics"): the
 * campaign's own days, from the day it started to the day it ended (or today while it runs), at most
 * the last 90 of them; a campaign never started has none, so it keeps the last 90 days to today.
 */
export const campaignWindow = (
  c: Pick<CampaignRow, 'state' | 'startedAt' | 'endedAt'>,
  timeZone: string,
  now: Date,
) => {
  const today = dayIn(timeZone, now);
  const ended = c.state !== 'running' && c.endedAt ? dayIn(timeZone, c.endedAt) : today;
  const to = ended < today ? ended : today;
  const earliest = daysBefore(to, statisticsDays.default - 1);
  if (!c.startedAt) return { from: daysBefore(today, statisticsDays.default - 1), to: today };
  const started = dayIn(timeZone, c.startedAt);
  const from = started > earliest ? started : earliest;
  return { from: from > to ? to : from, to };
};
