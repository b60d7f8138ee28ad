import { Stack, Text, Title } from '@mantine/core';
import type { PublicSurvey } from '@parley/contract';
import { NaturalImage } from '@/components/natural-image';
import { useSurveyTranslation } from './survey-language';

type SurveyHeaderProps = {
  survey: Pick<PublicSurvey, 'title' | 'description' | 'image' | 'manufacturerName'>;
  /** On the question steps only the title stays, so a phone shows the question without scrolling. */
  compact?: boolean;
};

export const SurveyHeader = ({ survey, compact = false }: SurveyHeaderProps) => {
  const { t } = useSurveyTranslation();
  return (
    <Stack gap="sm">
      {survey.image && !compact ? (
        <NaturalImage src={survey.image} alt={t('participation.step.surveyImageAlt')} radius="md" mah={280} />
      ) : null}
      {compact ? null : (
        <Text fz="sm" c="dimmed">
          {t('participation.byManufacturer', { name: survey.manufacturerName })}
        </Text>
      )}
      <Title order={1} size={compact ? 'h4' : 'h2'} style={{ overflowWrap: 'anywhere' }}>
        {survey.title}
      </Title>
      {survey.description && !compact ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{survey.description}</Text>
      ) : null}
    </Stack>
  );
};
