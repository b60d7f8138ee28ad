import type { TFunction } from 'i18next';

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A duration as people say it: "less than a minute", "25 min", "2 h 5 min", "1 day 4 h", "3 days"
 * (German "2 Std. 5 Min.", "3 Tage"). Below two days the hours stay; from then on whole days.
 */
export const formatDuration = (seconds: number, t: TFunction): string => {
  if (seconds < minute) return t('statistics.duration.underMinute');
  if (seconds < hour) return t('statistics.duration.minutes', { count: Math.round(seconds / minute) });
  if (seconds < day) {
    const hours = Math.floor(seconds / hour);
    const minutes = Math.round((seconds - hours * hour) / minute);
    if (minutes === 0 || minutes === 60)
      return t('statistics.duration.hours', { count: hours + minutes / 60 });
    return t('statistics.duration.hoursMinutes', { hours, minutes });
  }
  if (seconds < 2 * day) {
    const hours = Math.round((seconds - day) / hour);
    if (hours === 0) return t('statistics.duration.days', { count: 1 });
    if (hours === 24) return t('statistics.duration.days', { count: 2 });
    return t('statistics.duration.dayHours', { hours });
  }
  return t('statistics.duration.days', { count: Math.round(seconds / day) });
};
