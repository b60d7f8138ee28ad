import type { PublicSurvey } from '@parley/contract';
import { limits } from '@parley/contract/plain';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef } from 'react';
import {
  Alert,
  Button,
  Progress,
  plainClasses,
  Row,
  Stack,
  Text,
  TextField,
  Title,
} from '@/components/plain/plain';
import type { AnswerProblem, ContactProblem } from '../lib/answer-checks';
import { QuestionStep } from './question-step';
import { SurveyHeader } from './survey-header';
import { useSurveyTranslation } from './survey-language';
import { type SurveyInvitation, useSurveyForm } from './use-survey-form';

type SurveyFormProps = {
  survey: PublicSurvey;
  /** The owner's preview (console): every step works, nothing is kept or sent. */
  preview?: boolean;
  /** A refusal said the survey ended, filled up or closed meanwhile: the page loads its status again. */
  onSurveyClosed?: () => void;
  /** A personal invitation: no email step; the invitee is greeted, and answers go to its link. */
  invitation?: SurveyInvitation | undefined;
};

/**
 * Email, optional names, then the questions one per step, then thanks. By invitation the first step
 * greets the invitee and asks only for the names the invitation does not know yet.
 */
export const SurveyForm = ({ survey, preview = false, onSurveyClosed, invitation }: SurveyFormProps) => {
  const { t } = useSurveyTranslation();
  const form = useSurveyForm(survey, { preview, onSurveyClosed, invitation });
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
  const nameField = (field: 'firstname' | 'lastname') => (
    <TextField
      label={t(`participation.contact.${field}`)}
      autoComplete={field === 'firstname' ? 'given-name' : 'family-name'}
      value={form.draft[field]}
      onChange={(e) => form.setContact(field, e.currentTarget.value)}
      error={contactError(form.contactProblems[field])}
    />
  );

  if (form.done) {
    return (
      <Stack gap={24}>
        <SurveyHeader survey={survey} compact />
        <Stack gap={16} center style={{ marginTop: '1.5rem' }}>
          <IconCircleCheck size={48} color="#0ca678" aria-hidden="true" />
          <Title order={2} size="h2" ref={heading} tabIndex={-1}>
            {t('participation.thanks.title')}
          </Title>
          <Text>{t('participation.thanks.text', { email: form.done.email })}</Text>
          {form.done.campaignEnded ? <Text dimmed>{t('participation.thanks.ended')}</Text> : null}
        </Stack>
      </Stack>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.question) form.next();
    else void form.start();
  };

  const q = form.question;
  const progress = t('participation.step.progress', { current: form.stepNumber, total: form.stepCount });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={24}>
        <SurveyHeader survey={survey} compact={q !== undefined} />
        {q ? (
          <Stack gap={4}>
            <Text dimmed small aria-hidden="true">
              {progress}
            </Text>
            <Progress
              value={(form.stepNumber / Math.max(form.stepCount, 1)) * 100}
              label={t('participation.step.progressLabel')}
              valueText={progress}
            />
          </Stack>
        ) : null}

        {form.restored ? (
          <Alert>
            <Row spread gap={8} style={{ flexWrap: 'wrap' }}>
              <span>{t('participation.resumed')}</span>
              <Button variant="subtle" compact onClick={form.startOver}>
                {t('participation.startOver')}
              </Button>
            </Row>
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
        ) : invitation ? (
          <Stack gap={16}>
            <Title order={2} size="h3" ref={heading} tabIndex={-1}>
              {invitation.invitee.firstname
                ? t('participation.invitation.hello', { name: invitation.invitee.firstname })
                : t('participation.invitation.welcome')}
            </Title>
            <Text>{t('participation.invitation.answeringAs', { email: invitation.invitee.email })}</Text>
            {/* Only the names the invitation lacks: the server keeps names it knows already. */}
            {invitation.invitee.firstname === null || invitation.invitee.lastname === null ? (
              <div className={plainClasses.twoColumns}>
                {invitation.invitee.firstname === null ? nameField('firstname') : null}
                {invitation.invitee.lastname === null ? nameField('lastname') : null}
              </div>
            ) : null}
          </Stack>
        ) : (
          <Stack gap={16}>
            <Title order={2} size="h3" ref={heading} tabIndex={-1}>
              {t('participation.contact.title')}
            </Title>
            <Text>{t('participation.contact.intro')}</Text>
            <TextField
              label={t('participation.contact.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={form.draft.email}
              onChange={(e) => form.setContact('email', e.currentTarget.value)}
              error={contactError(form.contactProblems.email)}
            />
            <div className={plainClasses.twoColumns}>
              {nameField('firstname')}
              {nameField('lastname')}
            </div>
          </Stack>
        )}

        {form.sendProblem ? (
          // Announced at once; the answers stay and the button below sends them again.
          <Alert tone="red" role="alert">
            <strong>{t('participation.submitFailed.title')}</strong> {form.sendProblem}
          </Alert>
        ) : null}

        <Row spread>
          {q ? (
            <Button
              variant="default"
              icon={<IconArrowLeft size={16} aria-hidden="true" />}
              onClick={form.back}
            >
              {t('participation.step.back')}
            </Button>
          ) : (
            <span />
          )}
          <Row gap={12} style={{ justifyContent: 'flex-end' }}>
            {q?.optional ? (
              <Button variant="subtle" onClick={() => form.next({ skip: true })} disabled={form.sending}>
                {t('participation.step.skip')}
              </Button>
            ) : null}
            <Button type="submit" loading={form.sending}>
              {q
                ? form.isLast
                  ? t('participation.step.submit')
                  : t('participation.step.next')
                : t('participation.contact.start')}
            </Button>
          </Row>
        </Row>
      </Stack>
    </form>
  );
};
