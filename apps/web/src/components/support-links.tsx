import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SupportLinksProps = { supportUrl: string | null; supportEmail: string | null };

/** The support link and email, both from the public configuration. */
export const SupportLinks = ({ supportUrl, supportEmail }: SupportLinksProps) => {
  const { t } = useTranslation();
  if (!supportUrl && !supportEmail) return null;
  return (
    <Group gap="md" fz="sm">
      {supportUrl ? (
        <Anchor href={supportUrl} target="_blank" rel="noopener noreferrer">
          {t('common.support')}
        </Anchor>
      ) : null}
      {supportEmail ? (
        // No aria-label: its text (the address) names it, and a label starting with "Email" would
        // clash with the login form's Email field for label-based selectors.
        <Anchor href={`mailto:${supportEmail}`} title={t('common.supportEmail')}>
          {supportEmail}
        </Anchor>
      ) : null}
    </Group>
  );
};
