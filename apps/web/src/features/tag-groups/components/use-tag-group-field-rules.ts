import { tagLimits } from '@parley/contract';
import { useTranslation } from 'react-i18next';

/**
 * The checks of a group's title and description, with the contract's limits, for every form that
 * makes or edits a group: each answers the message to show, or null.
 */
export const useTagGroupFieldRules = () => {
  const { t } = useTranslation();
  return {
    title: (value: string) => {
      const title = value.trim();
      if (title === '') return t('tagGroups.form.titleRequired');
      return title.length > tagLimits.titleMax ? t('common.maxLength', { max: tagLimits.titleMax }) : null;
    },
    description: (value: string) =>
      value.trim().length > tagLimits.descriptionMax
        ? t('common.maxLength', { max: tagLimits.descriptionMax })
        : null,
  };
};
