import { Text, type TextProps } from '@mantine/core';
import type { Language } from '@parley/contract';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/lib/i18n';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A recent moment in words ("5 minutes ago", "vor 2 Tagen"), in the console's language; null once
 * it is a week old, when the date itself says more.
 */
export const relativeTime = (iso: string, language: Language, now = Date.now()): string | null => {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const ago = now - then;
  if (ago < 0 || ago >= 7 * day) return null;
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (ago < minute) return words.format(0, 'second');
  if (ago < hour) return words.format(-Math.floor(ago / minute), 'minute');
  if (ago < day) return words.format(-Math.floor(ago / hour), 'hour');
  return words.format(-Math.floor(ago / day), 'day');
};

/** A date as the list shows it: in words while recent, else the console's date and time; the full one on hover. */
export const RelativeTime = ({ iso, ...text }: { iso: string } & TextProps) => {
  const language = useLanguage();
  const full = formatDateTime(iso, language);
  return (
    <Text component="time" dateTime={iso} title={full} fz="sm" {...text}>
      {relativeTime(iso, language) ?? full}
    </Text>
  );
};
