import { Stack, Text, Title } from '@/components/plain/plain';
import { PublicPageLayout } from '@/features/participation/components/public-page-layout';
import { useSurveyTranslation } from '@/features/participation/components/survey-language';
import { detectLanguage } from '@/lib/language';

/**
 * Placeholder for the public pages under /p/ (D10) that later issues build. Never guarded; in the
 * frame of every public page, so it too carries the privacy notice.
 */
export const PublicFallback = () => {
  const { t } = useSurveyTranslation();
  return (
    <PublicPageLayout language={detectLanguage()}>
      <Stack gap={8} center style={{ minHeight: '60vh', justifyContent: 'center' }}>
        <Title order={1} size="h2">
          {t('participation.placeholder.title')}
        </Title>
        <Text dimmed>{t('participation.placeholder.description')}</Text>
      </Stack>
    </PublicPageLayout>
  );
};
