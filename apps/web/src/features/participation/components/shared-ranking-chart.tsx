import type { QuestionResult } from '@parley/contract';
import { RankingChart } from '@/components/charts/ranking-chart';
import { Stack, Text } from '@/components/plain/plain';
import { useResultsTranslation } from './shared-results-texts';

/** A ranking question: its options by mean position (1 = best) and how often each took each place. */
export const SharedRankingChart = ({ question }: { question: QuestionResult }) => {
  const { t, language } = useResultsTranslation();
  return (
    <Stack gap={8}>
      <Text dimmed small>
        {t('sharedResults.rankingNote')}
      </Text>
      <RankingChart
        items={question.options}
        locale={language}
        labels={{
          caption: question.text,
          option: t('sharedResults.option'),
          mean: t('sharedResults.meanPosition'),
          median: t('sharedResults.medianPosition'),
          position: (number) => t('sharedResults.position', { number }),
          removed: t('sharedResults.optionRemovedMark'),
        }}
      />
    </Stack>
  );
};
