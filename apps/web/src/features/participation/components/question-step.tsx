import { Anchor, Badge, Box, Checkbox, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { type AnswerDraft, limits, type PublicQuestion } from '@parley/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, type Ref, useId } from 'react';
import { NaturalImage } from '@/components/natural-image';
import { RankingInput } from './ranking-input';
import { useSurveyTranslation } from './survey-language';

type QuestionStepProps = {
  question: PublicQuestion;
  value: AnswerDraft | undefined;
  onChange: (value: AnswerDraft) => void;
  /** The problem with the answer, already worded. */
  error: string | null;
  headingRef: Ref<HTMLHeadingElement>;
};

const isWebLink = (link: string) => /^https?:\/\//i.test(link);

/** The ids in the order the participant ranked them, or the options' own order until they do. */
export const rankingOrder = (q: PublicQuestion, value: AnswerDraft | undefined) => {
  const ids = value?.optionIds ?? [];
  const all = q.options.map((o) => o._id);
  return ids.length === all.length && all.every((id) => ids.includes(id)) ? ids : all;
};

/** One question of any of the four types (D13) with its image and link. */
export const QuestionStep = ({ question: q, value, onChange, error, headingRef }: QuestionStepProps) => {
  const { t } = useSurveyTranslation();
  const headingId = useId();
  const errorId = useId();

  const heading = (
    <Title
      order={2}
      size="h3"
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      style={{ overflowWrap: 'anywhere' }}
    >
      {q.text}
      {q.optional ? (
        <Badge variant="light" color="gray" ml="xs" style={{ verticalAlign: 'middle' }}>
          {t('participation.step.optional')}
        </Badge>
      ) : null}
    </Title>
  );
  const extras: ReactNode = (
    <>
      {q.image ? (
        <NaturalImage src={q.image} alt={t('participation.step.imageAlt')} radius="md" mah={360} />
      ) : null}
      {q.link && isWebLink(q.link) ? (
        <Anchor href={q.link} target="_blank" rel="noopener noreferrer">
          <Group gap={4} component="span" wrap="nowrap">
            {t('participation.step.moreInfo')}
            <IconExternalLink size={16} aria-hidden="true" />
          </Group>
        </Anchor>
      ) : null}
    </>
  );

  if (q.type === 'FreeText') {
    const text = value?.text ?? '';
    return (
      <Stack gap="md">
        {heading}
        {extras}
        <Textarea
          aria-labelledby={headingId}
          placeholder={t('participation.freeText.label')}
          value={text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          autosize
          minRows={4}
          maxRows={14}
          error={error}
          description={t('participation.freeText.counter', {
            count: text.trim().length,
            max: limits.textMax,
          })}
          inputWrapperOrder={['input', 'description', 'error']}
        />
      </Stack>
    );
  }

  const ids = value?.optionIds ?? [];
  const errorText = error ? (
    <Text id={errorId} c="red" fz="sm" role="alert">
      {error}
    </Text>
  ) : null;
  let input: ReactNode;
  if (q.type === 'SingleChoice') {
    input = (
      <Stack gap="sm">
        {q.options.map((o) => (
          <Radio
            key={o._id}
            name={q._id}
            value={o._id}
            label={o.text}
            checked={ids[0] === o._id}
            onChange={() => onChange({ optionIds: [o._id] })}
          />
        ))}
      </Stack>
    );
  } else if (q.type === 'MultiChoice') {
    input = (
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('participation.multiChoice.hint')}
        </Text>
        {q.options.map((o) => (
          <Checkbox
            key={o._id}
            value={o._id}
            label={o.text}
            checked={ids.includes(o._id)}
            onChange={(e) =>
              onChange({
                // Kept in the options' order, whatever order they were ticked in.
                optionIds: q.options
                  .map((x) => x._id)
                  .filter((id) => (id === o._id ? e.currentTarget.checked : ids.includes(id))),
              })
            }
          />
        ))}
      </Stack>
    );
  } else {
    input = (
      <RankingInput
        options={q.options}
        value={rankingOrder(q, value)}
        onChange={(optionIds) => onChange({ optionIds })}
        labelledBy={headingId}
        describedBy={error ? errorId : undefined}
      />
    );
  }
  return (
    <Box
      component="fieldset"
      aria-describedby={error ? errorId : undefined}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Box component="legend" p={0} mb="md" w="100%">
        {heading}
      </Box>
      <Stack gap="md">
        {extras}
        {input}
        {errorText}
      </Stack>
    </Box>
  );
};
