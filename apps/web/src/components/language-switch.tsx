import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, setLanguage, useLanguage } from '@/lib/i18n';

/**
 * The de/en switch. A native select: keyboard and screen-reader friendly out of the box, and
 * its accessible name ("Language" / "Sprache") is a stable selector for browser tests.
 */
export const LanguageSwitch = ({ size = 'xs' }: { size?: 'xs' | 'sm' }) => {
  const { t } = useTranslation();
  const value = useLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size={size}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void setLanguage(next);
      }}
      data={languages.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
};
