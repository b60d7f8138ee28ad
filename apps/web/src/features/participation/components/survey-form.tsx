import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { limits, type PublicSurvey } from '@parley/contract';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { LabelledProgress } from '@/components/labelled-progress';
import type { AnswerProblem, ContactProblem } from '../lib/answer-checks';
import { QuestionStep } from './question-step';
import { SurveyHeader } from './survey-header';
import { useSurveyTranslation } from './survey-language';
import { useSurveyForm } from './use-survey-form';

type SurveyFormProps = {
  survey: PublicSurvey;
  /** The owner's preview (console): every step works, nothing is kept or sent. */
  preview?: boolean;
};

/** Email, optional names, then the questions one per step, then thanks. */
export const SurveyForm = ({ survey, preview = false }: SurveyFormProps) => {
  const { t } = useSurveyTranslation();
  const form = useSurveyForm(survey, { preview });
  const heading = useRef<HTMLHeadingElement>(null);
  const step = form.done ? 'done' : (form.question?._id ?? 'contact');

  // Each new step's heading takes the focus, so keyboard and screen-reader users start there.
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) {
      heading.current?.focus();
      firstStep.current = '';
    }
  }, [step]);

  const answerError = (p: AnswerProblem | null) =>
    p ? t(`participation.errors.${p}`, { max: limits.textMax }) : null;
  const contactError = (p: ContactProblem | undefined) =>
    p ? t(`participation.errors.${p}`, { max: limits.nameMax }) : null;

  if (form.done) {
    return (
      <Stack gap="lg">
        <SurveyHeader survey={survey} compact />
        <Stack gap="md" mt="lg" align="center" ta="center">
          <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Title order={2} ref={heading} tabIndex={-1}>
            {t('participation.thanks.title')}
          </Title>
          <Text>{t('participation.thanks.text', { email: form.done.email })}</Text>
          {form.done.campaignEnded ? <Text c="dimmed">{t('participation.thanks.ended')}</Text> : null}
        </Stack>
      </Stack>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.question) form.next();
    else form.start();
  };

  const q = form.question;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <SurveyHeader survey={survey} compact={q !== undefined} />
        {q ? (
          <Stack gap={4}>
            <Text fz="sm" c="dimmed" aria-hidden="true">
              {t('participation.step.progress', { current: form.stepNumber, total: form.stepCount })}
            </Text>
            <LabelledProgress
              value={(form.stepNumber / Math.max(form.stepCount, 1)) * 100}
              label={t('participation.step.progressLabel')}
              valueText={t('participation.step.progress', {
                current: form.stepNumber,
                total: form.stepCount,
              })}
              size="sm"
            />
          </Stack>
        ) : null}

        {form.restored ? (
          <Alert variant="light" color="blue">
            <Group justify="space-between" gap="xs">
              <Text fz="sm">{t('participation.resumed')}</Text>
              <Button variant="subtle" size="compact-sm" onClick={form.startOver}>
                {t('participation.startOver')}
              </Button>
            </Group>
          </Alert>
        ) : null}

        {q ? (
          <QuestionStep
            key={q._id}
            question={q}
            value={form.draft.answers[q._id]}
            onChange={(value) => form.setAnswer(q._id, value)}
            error={answerError(form.answerProblem)}
            headingRef={heading}
          />
        ) : (
          <Stack gap="md">
            <Title order={2} size="h3" ref={heading} tabIndex={-1}>
              {t('participation.contact.title')}
            </Title>
            <Text>{t('participation.contact.intro')}</Text>
            <TextInput
              label={t('participation.contact.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={form.draft.email}
              onChange={(e) => form.setContact('email', e.currentTarget.value)}
              error={contactError(form.contactProblems.email)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('participation.contact.firstname')}
                autoComplete="given-name"
                value={form.draft.firstname}
                onChange={(e) => form.setContact('firstname', e.currentTarget.value)}
                error={contactError(form.contactProblems.firstname)}
              />
              <TextInput
                label={t('participation.contact.lastname')}
                autoComplete="family-name"
                value={form.draft.lastname}
                onChange={(e) => form.setContact('lastname', e.currentTarget.value)}
                error={contactError(form.contactProblems.lastname)}
              />
            </SimpleGrid>
          </Stack>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          {q ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={form.back}
            >
              {t('participation.step.back')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm" wrap="wrap" justify="flex-end">
            {q?.optional ? (
              <Button variant="subtle" onClick={() => form.next({ skip: true })} disabled={form.sending}>
                {t('participation.step.skip')}
              </Button>
            ) : null}
            <Button type="submit" loading={form.sending} disabled={form.sending}>
              {q
                ? form.isLast
                  ? t('participation.step.submit')
                  : t('participation.step.next')
                : t('participation.contact.start')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
};
