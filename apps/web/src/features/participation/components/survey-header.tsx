import type { PublicSurvey } from '@parley/contract';
import { Image, Stack, Text, Title } from '@/components/plain/plain';
import { useSurveyTranslation } from './survey-language';

type SurveyHeaderProps = {
  survey: Pick<PublicSurvey, 'title' | 'description' | 'image' | 'manufacturerName'>;
  /** On the question steps only the title stays, so a phone shows the question without scrolling. */
  compact?: boolean;
};

export const SurveyHeader = ({ survey, compact = false }: SurveyHeaderProps) => {
  const { t } = useSurveyTranslation();
  return (
    <Stack gap={12}>
      {survey.image && !compact ? (
        <Image src={survey.image} alt={t('participation.step.surveyImageAlt')} maxHeight={280} />
      ) : null}
      {compact ? null : (
        <Text dimmed small>
          {t('participation.byManufacturer', { name: survey.manufacturerName })}
        </Text>
      )}
      <Title order={1} size={compact ? 'h4' : 'h2'}>
        {survey.title}
      </Title>
      {survey.description && !compact ? <Text preWrap>{survey.description}</Text> : null}
    </Stack>
  );
};
