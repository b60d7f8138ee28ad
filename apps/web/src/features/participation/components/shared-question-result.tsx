import type { QuestionResult } from '@parley/contract';
import { useId } from 'react';
import { Badge, Paper, Stack, Text, Title } from '@/components/plain/plain';
import { SharedChoiceChart } from './shared-choice-chart';
import { SharedFreeText } from './shared-free-text';
import { SharedRankingChart } from './shared-ranking-chart';
import s from './shared-results.module.css';
import { useResultsTranslation } from './shared-results-texts';

/** What a question's answers look like: bars, a ranking, or written answers (only when shared). */
const QuestionChart = ({
  token,
  question,
  headingId,
}: {
  token: string;
  question: QuestionResult;
  headingId: string;
}) => {
  const { t } = useResultsTranslation();
  if (question.type === 'FreeText') {
    return question.freeText ? (
      <SharedFreeText
        token={token}
        questionId={question.questionId}
        first={question.freeText}
        labelledBy={headingId}
      />
    ) : null;
  }
  if (question.answered === 0) return <Text dimmed>{t('sharedResults.noAnswers')}</Text>;
  if (question.type === 'Ranking') return <SharedRankingChart question={question} />;
  return <SharedChoiceChart question={question} headingId={headingId} />;
};

/** One question on the shared page: its text, how many answered it, and its chart. */
export const SharedQuestionResult = ({
  token,
  question,
  number,
}: {
  token: string;
  question: QuestionResult;
  number: number;
}) => {
  const { t } = useResultsTranslation();
  const headingId = useId();
  return (
    <Paper className={s.question}>
      <Stack gap={12}>
        <Stack gap={4}>
          <div className={s.eyebrow}>
            <span>{t('sharedResults.questionNumber', { number })}</span>
            {question.removed ? <Badge>{t('sharedResults.removed')}</Badge> : null}
          </div>
          <Title order={3} size="h4" id={headingId} className={s.questionTitle}>
            {question.text}
          </Title>
          <Text dimmed small>
            {t('sharedResults.answered', { count: question.answered })}
          </Text>
        </Stack>
        <QuestionChart token={token} question={question} headingId={headingId} />
      </Stack>
    </Paper>
  );
};
