import type { TicketAnswer } from '@parley/contract';
import { Badge, Paper, plainClasses, Stack, Text, Title } from '@/components/plain/plain';
import { useSurveyTranslation } from './survey-language';

const AnswerValue = ({ answer: a }: { answer: TicketAnswer }) => {
  const { t } = useSurveyTranslation();
  if (a.skipped) {
    return (
      <Text dimmed style={{ fontStyle: 'italic' }}>
        {t('participation.ticket.skipped')}
      </Text>
    );
  }
  if (a.type === 'FreeText') return <Text preWrap>{a.value.text}</Text>;
  // The options as the participant saw them when answering (D13), not as they read now.
  const label = (id: string) => a.options.find((o) => o._id === id)?.text ?? '';
  const ids = a.value.optionIds ?? [];
  const items = ids.map((id) => <li key={id}>{label(id)}</li>);
  return a.type === 'Ranking' ? (
    <ol className={plainClasses.list}>{items}</ol>
  ) : (
    <ul className={plainClasses.list}>{items}</ul>
  );
};

/** A participant's answers, one card per question, in the order they were asked. */
export const TicketAnswers = ({ answers }: { answers: readonly TicketAnswer[] }) => {
  const { t } = useSurveyTranslation();
  return (
    <ol className={plainClasses.plainList} style={{ gap: '0.75rem' }}>
      {answers.map((a, i) => (
        <li key={a.questionId}>
          <Paper>
            <Stack gap={8}>
              <Title order={3} size="h5">
                {i + 1}. {a.text}
                {a.optional ? <Badge>{t('participation.step.optional')}</Badge> : null}
              </Title>
              <AnswerValue answer={a} />
            </Stack>
          </Paper>
        </li>
      ))}
    </ol>
  );
};
