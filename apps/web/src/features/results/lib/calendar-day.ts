import type { Language } from '@parley/contract';
import { formatDate } from '@/lib/format-date';

/** A calendar day `YYYY-MM-DD` as the console writes dates (MM/DD/YYYY, DD.MM.YYYY), with no time zone shift. */
export const formatCalendarDay = (value: string, language: Language): string => {
  const [year, month, dayOfMonth] = value.split('-').map(Number);
  if (!year || !month || !dayOfMonth) return value;
  return formatDate(new Date(year, month - 1, dayOfMonth), language);
};
