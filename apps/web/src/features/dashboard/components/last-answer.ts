import type { Language } from '@parley/contract';
import { formatDate } from '@/lib/format-date';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * When a campaign was last answered: in words while recent ("5 minutes ago", "vor 2 Tagen"), else
 * the console's date (a week or more ago, when the date says more).
 */
export const lastAnswerText = (iso: string, language: Language, now = Date.now()): string => {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const ago = now - then;
  if (ago < 0 || ago >= 7 * day) return formatDate(iso, language);
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (ago < minute) return words.format(0, 'second');
  if (ago < hour) return words.format(-Math.floor(ago / minute), 'minute');
  if (ago < day) return words.format(-Math.floor(ago / hour), 'hour');
  return words.format(-Math.floor(ago / day), 'day');
};
