import type { TFunction } from 'i18next';

/** What a screen reader says for the calendar's controls, shared by the date fields. */
export const calendarAriaLabels = (t: TFunction) => ({
  nextMonth: t('dateTimeField.nextMonth'),
  previousMonth: t('dateTimeField.previousMonth'),
  nextYear: t('dateTimeField.nextYear'),
  previousYear: t('dateTimeField.previousYear'),
  nextDecade: t('dateTimeField.nextDecade'),
  previousDecade: t('dateTimeField.previousDecade'),
  monthLevelControl: t('dateTimeField.monthLevel'),
  yearLevelControl: t('dateTimeField.yearLevel'),
});
