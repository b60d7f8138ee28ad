import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { TicketAnswer } from '@parley/contract';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The options as the participant saw them when answering (D13), the chosen ones marked. */
const ChoiceValue = ({ answer }: { answer: TicketAnswer }) => {
  const { t } = useTranslation();
  const chosen = new Set(answer.value.optionIds ?? []);
  return (
    <List spacing={4} center>
      {answer.options.map((o) => {
        const picked = chosen.has(o._id);
        return (
          <List.Item
            key={o._id}
            icon={
              <ThemeIcon
                size={20}
                radius="xl"
                color={picked ? 'teal' : 'gray'}
                variant={picked ? 'filled' : 'light'}
              >
                {picked ? <IconCheck size={14} aria-hidden /> : <IconPoint size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text fw={picked ? 600 : 400} c={picked ? undefined : 'dimmed'}>
              {o.text}
              {picked ? <VisuallyHidden> ({t('tickets.chosen')})</VisuallyHidden> : null}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
};

const AnswerValue = ({ answer }: { answer: TicketAnswer }) => {
  const { t } = useTranslation();
  if (answer.skipped) {
    return (
      <Text c="dimmed" fs="italic">
        {t('tickets.skippedText')}
      </Text>
    );
  }
  if (answer.type === 'FreeText') {
    return <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.value.text}</Text>;
  }
  if (answer.type === 'Ranking') {
    const label = (id: string) => answer.options.find((o) => o._id === id)?.text ?? '';
    return (
      <List type="ordered" spacing={4} aria-label={t('tickets.rankingOrder')}>
        {(answer.value.optionIds ?? []).map((id) => (
          <List.Item key={id}>{label(id)}</List.Item>
        ))}
      </List>
    );
  }
  return <ChoiceValue answer={answer} />;
};

/** A ticket's answers in the order they were asked, each with its question as shown then. */
export const TicketAnswersView = ({ answers }: { answers: readonly TicketAnswer[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {answers.map((a, i) => (
        <Paper component="li" key={a.questionId} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {i + 1}. {a.text}
              </Title>
              <Group gap={4} wrap="nowrap">
                <Badge variant="outline" color="gray">
                  {t(`questions.types.${a.type}`)}
                </Badge>
                {a.optional ? (
                  <Badge variant="light" color="gray">
                    {t('questions.optional')}
                  </Badge>
                ) : null}
                {a.skipped ? (
                  <Badge variant="light" color="yellow">
                    {t('tickets.skipped')}
                  </Badge>
                ) : null}
              </Group>
            </Group>
            <AnswerValue answer={a} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};
