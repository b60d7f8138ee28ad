import type { AnswerDraft, PublicQuestion } from '@parley/contract';
import { limits } from '@parley/contract/plain';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, type Ref, useId } from 'react';
import {
  Badge,
  Choice,
  Image,
  Link,
  plainClasses,
  Stack,
  Text,
  TextArea,
  Title,
} from '@/components/plain/plain';
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
    <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
      {q.text}
      {q.optional ? <Badge>{t('participation.step.optional')}</Badge> : null}
    </Title>
  );
  const extras: ReactNode = (
    <>
      {q.image ? <Image src={q.image} alt={t('participation.step.imageAlt')} maxHeight={360} /> : null}
      {q.link && isWebLink(q.link) ? (
        <Link
          href={q.link}
          target="_blank"
          rel="noopener noreferrer"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
        >
          {t('participation.step.moreInfo')}
          <IconExternalLink size={16} aria-hidden="true" />
        </Link>
      ) : null}
    </>
  );

  if (q.type === 'FreeText') {
    const text = value?.text ?? '';
    return (
      <Stack gap={16}>
        {heading}
        {extras}
        <TextArea
          aria-labelledby={headingId}
          placeholder={t('participation.freeText.label')}
          value={text}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
          error={error}
          description={t('participation.freeText.counter', {
            count: text.trim().length,
            max: limits.textMax,
          })}
        />
      </Stack>
    );
  }

  const ids = value?.optionIds ?? [];
  const errorText = error ? (
    <Text id={errorId} role="alert" style={{ color: 'var(--p-error)', fontSize: '0.875rem' }}>
      {error}
    </Text>
  ) : null;
  let input: ReactNode;
  if (q.type === 'SingleChoice') {
    input = (
      <Stack gap={12}>
        {q.options.map((o) => (
          <Choice
            key={o._id}
            type="radio"
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
      <Stack gap={12}>
        <Text dimmed small>
          {t('participation.multiChoice.hint')}
        </Text>
        {q.options.map((o) => (
          <Choice
            key={o._id}
            type="checkbox"
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
    <fieldset className={plainClasses.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={plainClasses.legend}>{heading}</legend>
      <Stack gap={16}>
        {extras}
        {input}
        {errorText}
      </Stack>
    </fieldset>
  );
};
