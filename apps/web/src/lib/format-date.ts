import type { Language } from '@parley/contract';

const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * How each language writes a time (docs/product-decisions.md): English 12-hour "6:30 PM", German
 * 24-hour "18:30". The date-time picker takes the same setting, so its field and every date the
 * console or a survey page shows look alike.
 */
export const timeFormats: Record<Language, '12h' | '24h'> = { en: '12h', de: '24h' };

/** English MM/DD/YYYY, German DD.MM.YYYY (local time). The one date helper of the console. */
export const formatDate = (value: string | number | Date, language: Language): string => {
  const date = toDate(value);
  if (!date) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = date.getFullYear();
  return language === 'de' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
};

/** The time of day: "6:30 PM" in English, "18:30" in German. */
export const formatTime = (value: string | number | Date, language: Language): string => {
  const date = toDate(value);
  if (!date) return '';
  const minutes = pad(date.getMinutes());
  if (timeFormats[language] === '24h') return `${pad(date.getHours())}:${minutes}`;
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${minutes} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
};

/** The date as above plus the time: "03/15/2027 6:30 PM", "15.03.2027 18:30". */
export const formatDateTime = (value: string | number | Date, language: Language): string => {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, language)} ${formatTime(date, language)}`;
};

/**
 * A moment as the date-time picker holds it: `YYYY-MM-DD HH:mm:ss` in local time (Mantine's
 * date string), or '' for none.
 */
export const toLocalDateTime = (value: string | number | Date): string => {
  const d = toDate(value);
  if (!d) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const localDateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The picker's string back as a Date in local time. Parsed by hand: `new Date('2027-03-15 18:30')`
 * is not defined by the standard, and browsers differ on it.
 */
export const parseLocalDateTime = (value: string): Date | null => {
  const m = localDateTimePattern.exec(value.trim());
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = m
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // 2027-02-30 would roll over into March: not a date anyone picked.
  return date.getDate() === day && date.getMonth() === month - 1 ? date : null;
};
