import { Badge, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TicketAnswer } from '@parley/contract';
import { useSurveyTranslation } from './survey-language';

const AnswerValue = ({ answer: a }: { answer: TicketAnswer }) => {
  const { t } = useSurveyTranslation();
  if (a.skipped) {
    return (
      <Text c="dimmed" fs="italic">
        {t('participation.ticket.skipped')}
      </Text>
    );
  }
  if (a.type === 'FreeText')
    return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.value.text}</Text>;
  // The options as the participant saw them when answering (D13), not as they read now.
  const label = (id: string) => a.options.find((o) => o._id === id)?.text ?? '';
  const ids = a.value.optionIds ?? [];
  return (
    <List type={a.type === 'Ranking' ? 'ordered' : 'unordered'} spacing={4}>
      {ids.map((id) => (
        <List.Item key={id}>{label(id)}</List.Item>
      ))}
    </List>
  );
};

/** A participant's answers, one card per question, in the order they were asked. */
export const TicketAnswers = ({ answers }: { answers: readonly TicketAnswer[] }) => {
  const { t } = useSurveyTranslation();
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {answers.map((a, i) => (
        <Paper component="li" key={a.questionId} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {i + 1}. {a.text}
              {a.optional ? (
                <Badge variant="light" color="gray" ml="xs" style={{ verticalAlign: 'middle' }}>
                  {t('participation.step.optional')}
                </Badge>
              ) : null}
            </Title>
            <AnswerValue answer={a} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};
