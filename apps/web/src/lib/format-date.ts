import type { Language } from '@parley/contract';
import { useLanguage } from '@/lib/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Spec §9: English MM/DD/YYYY, German DD.MM.YYYY (local time). The one date helper of the console. */
export const formatDate = (value: string | number | Date, language: Language): string => {
  const date = toDate(value);
  if (!date) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = date.getFullYear();
  return language === 'de' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
};

/** The date as above plus the 24-hour time, for activity entries. */
export const formatDateTime = (value: string | number | Date, language: Language): string => {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, language)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Formatters bound to the current UI language; re-render on language change. */
export const useDateFormat = () => {
  const language = useLanguage();
  return {
    formatDate: (value: string | number | Date) => formatDate(value, language),
    formatDateTime: (value: string | number | Date) => formatDateTime(value, language),
  };
};
