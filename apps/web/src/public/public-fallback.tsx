import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicPageLayout } from '@/features/participation/components/public-page-layout';
import { useLanguage } from '@/lib/i18n';

/**
 * Placeholder for the public pages under /p/ (D10) that later issues build. Never guarded; in the
 * frame of every public page, so it too carries the privacy notice.
 */
export const PublicFallback = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <PublicPageLayout language={language}>
      <Center mih="60vh">
        <Stack align="center" gap="xs" ta="center">
          <Title order={1}>{t('public.title')}</Title>
          <Text c="dimmed">{t('public.description')}</Text>
        </Stack>
      </Center>
    </PublicPageLayout>
  );
};
