// The picker's own styles load with the screens that use it, never with the login page.
import '@mantine/dates/styles.css';
import './calendar.css';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, parseLocalDateTime, timeFormats, toLocalDateTime } from '@/lib/format-date';
import { useLanguage } from '@/lib/i18n';
import { calendarAriaLabels } from './calendar-aria-labels';

type DateTimeFieldProps = {
  label: ReactNode;
  /** `YYYY-MM-DD HH:mm:ss` in local time (see `toLocalDateTime`), or '' for none. */
  value?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Days before it cannot be picked (e.g. today for an end date). */
  minDate?: Date;
};

/**
 * A date and time in the console's language (the specified date formats; docs/product-decisions.md for
 * the clock): the browser's own `datetime-local` follows the browser's locale instead, so a German
 * console showed "03/15/2027, 06:30 PM". The field writes its value with the same helper as every
 * other date the console shows. Takes what `form.getInputProps` gives.
 */
export const DateTimeField = ({
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  description,
  required = false,
  disabled = false,
  minDate,
}: DateTimeFieldProps) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'de' ? 1 : 0 }}>
      <DateTimePicker
        id={id}
        // The button's name is its label, which alone would hide the chosen moment from a screen
        // reader; naming it by the label and its own text says both.
        aria-labelledby={`${id}-label ${id}`}
        // The calendar's dialog is named by this button (its label and moment): the popover's ids are built
        // from this one, so the dialog's aria-labelledby names the button (axe: aria-dialog-name).
        popoverProps={{ id }}
        label={label}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
        placeholder={t('dateTimeField.placeholder')}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        onFocus={onFocus}
        valueFormat={(date) => {
          const parsed = parseLocalDateTime(date);
          return parsed ? formatDateTime(parsed, language) : '';
        }}
        minDate={minDate ? toLocalDateTime(minDate) : undefined}
        clearable
        clearButtonProps={{ 'aria-label': t('dateTimeField.clear') }}
        timePickerProps={{
          format: timeFormats[language],
          hoursInputLabel: t('dateTimeField.hours'),
          minutesInputLabel: t('dateTimeField.minutes'),
          amPmInputLabel: t('dateTimeField.amPm'),
        }}
        submitButtonProps={{ 'aria-label': t('dateTimeField.confirm') }}
        ariaLabels={calendarAriaLabels(t)}
      />
    </DatesProvider>
  );
};
