import { NativeSelect } from '@mantine/core';
import type { OwnerSmall } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateMe } from '../api/update-me';

/**
 * The language of the owner's mails (PATCH /api/owner/me `{language}`), saved at once
 * (docs/product-decisions.md, "Owner mails"). Switching the console's language sets it too
 * (`useMailLanguageFollowsConsole`).
 */
export const MailLanguageSelect = ({ owner }: { owner: OwnerSmall }) => {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const value = update.isPending && update.variables?.language ? update.variables.language : owner.language;
  return (
    <NativeSelect
      label={t('profile.mailLanguage')}
      description={t('profile.mailLanguageHint')}
      value={value}
      disabled={update.isPending}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (!isLanguage(language) || language === owner.language) return;
        update.mutate(
          { language },
          {
            onSuccess: () =>
              notifySuccess({
                id: 'mail-language-saved',
                title: t('profile.saved'),
                message: t('profile.mailLanguageSaved', { language: t(`language.${language}`) }),
              }),
          },
        );
      }}
      data={languages.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      maw={320}
    />
  );
};
