// The picker's own styles load with the screens that use it, never with the login page.
import '@mantine/dates/styles.css';
import './calendar.css';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { Language } from '@parley/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { calendarAriaLabels } from './calendar-aria-labels';

const formats: Record<Language, string> = { en: 'MM/DD/YYYY', de: 'DD.MM.YYYY' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A typed day in the language's format (also `YYYY-MM-DD`) as `YYYY-MM-DD`, or null when it is none. */
export const parseDay = (text: string, language: Language): string | null => {
  const value = text.trim();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const en = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (language === 'en' && en) parts = [Number(en[3]), Number(en[1]), Number(en[2])];
  else if (language === 'de' && de) parts = [Number(de[3]), Number(de[2]), Number(de[1])];
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
};

type DayFieldProps = {
  label: ReactNode;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  /** Days before (`YYYY-MM-DD`) cannot be picked. */
  minDate?: string;
  w?: number | string;
  /** The clear button's name, e.g. "Clear the start day". */
  clearLabel: string;
};

/**
 * A calendar day (no time) in the console's date format, English MM/DD/YYYY, German DD.MM.YYYY: typed or
 * picked from a calendar, cleared with its button. The value is `YYYY-MM-DD`, as the API takes days.
 */
export const DayField = ({
  label,
  value,
  onChange,
  description,
  error,
  minDate,
  w,
  clearLabel,
}: DayFieldProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'de' ? 1 : 0 }}>
      <DateInput
        label={label}
        description={description}
        error={error}
        w={w}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={formats[language]}
        dateParser={(text) => parseDay(text, language)}
        placeholder={formats[language]}
        minDate={minDate || undefined}
        clearable
        clearButtonProps={{ 'aria-label': clearLabel }}
        ariaLabels={calendarAriaLabels(t)}
      />
    </DatesProvider>
  );
};
