import type { QuestionResult } from '@parley/contract';
import { BarList } from '@/components/charts/bar-list';
import { Stack, Text } from '@/components/plain/plain';
import { useResultsTranslation } from './shared-results-texts';

/**
 * A choice question's options as horizontal bars: count and share of the participants who answered
 * it (a multi-choice question's shares add up to more than 100 %, which the note says).
 */
export const SharedChoiceChart = ({
  question,
  headingId,
}: {
  question: QuestionResult;
  headingId: string;
}) => {
  const { t, language, share } = useResultsTranslation();
  return (
    <Stack gap={8}>
      <Text dimmed small>
        {question.type === 'MultiChoice' ? t('sharedResults.multiNote') : t('sharedResults.singleNote')}
      </Text>
      <BarList
        items={question.options}
        labelledBy={headingId}
        removedLabel={t('sharedResults.optionRemovedMark')}
        locale={language}
        formatPercent={share}
      />
    </Stack>
  );
};
