import {
  ActionIcon,
  Badge,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { Language, TicketAnswer, Vote } from '@parley/contract';
import {
  IconCheck,
  IconPoint,
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TranslateButton } from '@/components/translate-button';

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

/** The owner's rating of one answer (D14): thumbs up or down, the pressed one again clears it. */
export type AnswerRating = {
  ratings: Readonly<Record<string, Vote>>;
  onRate: (questionId: string, vote: Vote | null) => void;
  /** Ratings cannot change (an archived ticket). */
  disabled?: boolean;
};

const RatingButtons = ({
  answer,
  number,
  rating,
}: {
  answer: TicketAnswer;
  number: number;
  rating: AnswerRating;
}) => {
  const { t } = useTranslation();
  const current = rating.ratings[answer.questionId] ?? null;
  const button = (vote: Vote) => {
    const pressed = current === vote;
    const label = t(vote === 'up' ? 'tickets.rating.up' : 'tickets.rating.down', { number });
    const Icon =
      vote === 'up'
        ? pressed
          ? IconThumbUpFilled
          : IconThumbUp
        : pressed
          ? IconThumbDownFilled
          : IconThumbDown;
    return (
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant={pressed ? 'light' : 'subtle'}
          color={pressed ? (vote === 'up' ? 'teal' : 'red') : 'gray'}
          aria-label={label}
          aria-pressed={pressed}
          disabled={rating.disabled}
          onClick={() => rating.onRate(answer.questionId, pressed ? null : vote)}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  };
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('tickets.rating.group', { number })}>
      {button('up')}
      {button('down')}
    </Group>
  );
};

/** A ticket's answers in the order they were asked, each with its question as shown then. */
export const TicketAnswersView = ({
  answers,
  rating,
  language,
}: {
  answers: readonly TicketAnswer[];
  /** With it, each answer given can be rated. */
  rating?: AnswerRating;
  /** The participant's language: with it, free-text answers can be translated. */
  language?: Language;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {answers.map((a, i) => (
        <Paper component="li" key={a.questionId} withBorder radius="md" p="md">
          <Stack gap="xs">
            {/* On a phone the badges and rating go under a question they do not fit beside
                (docs/product-decisions.md, Console). */}
            <Group gap="xs" justify="space-between" align="flex-start">
              <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {i + 1}. {a.text}
              </Title>
              <Group gap={4} style={{ marginInlineStart: 'auto' }}>
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
                {rating && !a.skipped ? <RatingButtons answer={a} number={i + 1} rating={rating} /> : null}
              </Group>
            </Group>
            <AnswerValue answer={a} />
            {language && !a.skipped && a.type === 'FreeText' && a.value.text ? (
              <TranslateButton
                text={a.value.text}
                sourceLanguage={language}
                subject={t('tickets.answerNumber', { number: i + 1 })}
              />
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};
