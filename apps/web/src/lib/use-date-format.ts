import { formatDate, formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/lib/i18n';

/** Formatters bound to the current UI language; re-render on language change. */
export const useDateFormat = () => {
  const language = useLanguage();
  return {
    formatDate: (value: string | number | Date) => formatDate(value, language),
    formatDateTime: (value: string | number | Date) => formatDateTime(value, language),
  };
};
