import type { PublicPost } from '@parley/contract';
import { isEmailAddress, limits } from '@parley/contract/plain';
import { postReportReasonMax } from '@parley/contract/post-checks';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Row, Stack, Text, TextArea, TextField } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { reportPost } from '../api/feedback';
import s from './feedback.module.css';
import { type FeedbackTextKey, useFeedbackTranslation } from './feedback-texts';

type ReportState = 'closed' | 'open' | 'done';

type EmailProblem = 'required' | 'invalid' | null;

const emailProblemOf = (email: string): EmailProblem => {
  if (email === '') return 'required';
  return email.length > limits.emailMax || !isEmailAddress(email) ? 'invalid' : null;
};

/** What a refused report says: too many, the post is gone, the address refused, or it did not get through. */
const problemOf = (error: unknown): FeedbackTextKey => {
  if (isApiError(error) && error.status === 429) return 'feedbackPage.report.tooMany';
  if (isApiError(error) && error.status === 404) return 'feedbackPage.report.gone';
  if (isApiError(error) && error.status === 400 && error.field === 'email') {
    return 'participation.errors.emailInvalid';
  }
  return 'feedbackPage.report.failed';
};

/**
 * "Report": asks for an optional reason and the reporter's address, and sends them. The server mails a
 * confirmation link there: a report counts only once it is confirmed, once per address and client
 * network (docs/product-decisions.md, "The platform area"). Then it says so, with the focus on that
 * note (the form it replaces is gone).
 */
export const ReportPost = ({
  manufacturerId,
  post,
}: {
  manufacturerId: string;
  post: Pick<PublicPost, '_id' | 'authorName'>;
}) => {
  const { t, language } = useFeedbackTranslation();
  const id = useId();
  const [state, setState] = useState<ReportState>('closed');
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [tooLong, setTooLong] = useState(false);
  const [emailProblem, setEmailProblem] = useState<EmailProblem>(null);
  const [problem, setProblem] = useState<FeedbackTextKey | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const busy = useRef(false);
  const done = useRef<HTMLParagraphElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (state === 'open') document.getElementById(`${id}-reason`)?.focus();
    if (state === 'done') done.current?.focus();
    // Cancelled: the focus goes back to the button that opened the form.
    if (state === 'closed' && wasOpen.current) document.getElementById(`${id}-open`)?.focus();
    wasOpen.current = state === 'open';
  }, [state, id]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const text = reason.trim();
    const address = email.trim();
    const tooLongNow = text.length > postReportReasonMax;
    const addressProblem = emailProblemOf(address);
    setTooLong(tooLongNow);
    setEmailProblem(addressProblem);
    if (tooLongNow || addressProblem) {
      document.getElementById(tooLongNow ? `${id}-reason` : `${id}-email`)?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    setProblem(null);
    try {
      await reportPost(manufacturerId, post._id, { email: address, reason: text, language });
      setSentTo(address);
      setState('done');
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (state === 'done') {
    return (
      <p ref={done} tabIndex={-1} role="status" className={s.date} style={{ margin: 0 }}>
        {t('feedbackPage.report.done', { email: sentTo })}
      </p>
    );
  }
  if (state === 'closed') {
    return (
      <Button
        id={`${id}-open`}
        variant="subtle"
        compact
        aria-label={t('feedbackPage.report.openLabel', { name: post.authorName })}
        onClick={() => setState('open')}
      >
        {t('feedbackPage.report.open')}
      </Button>
    );
  }
  return (
    <form className={s.report} onSubmit={(e) => void send(e)} noValidate aria-labelledby={`${id}-title`}>
      <Stack gap={8}>
        <p id={`${id}-title`} className={s.answerTitle}>
          {t('feedbackPage.report.title')}
        </p>
        <Text small>{t('feedbackPage.report.intro')}</Text>
        <TextArea
          id={`${id}-reason`}
          label={t('feedbackPage.report.reason')}
          rows={2}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setTooLong(false);
          }}
          error={tooLong ? t('feedbackPage.report.tooLong', { max: postReportReasonMax }) : null}
          description={t('participation.freeText.counter', {
            count: reason.trim().length,
            max: postReportReasonMax,
          })}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          label={t('feedbackPage.report.email')}
          description={t('feedbackPage.report.emailHint')}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setEmailProblem(null);
          }}
          error={
            emailProblem === 'required'
              ? t('participation.errors.emailRequired')
              : emailProblem === 'invalid'
                ? t('participation.errors.emailInvalid')
                : null
          }
        />
        {problem ? (
          <Alert tone="red" role="alert">
            {t(problem)}
          </Alert>
        ) : null}
        <Row gap={8} style={{ justifyContent: 'flex-end' }}>
          <Button variant="default" compact onClick={() => setState('closed')}>
            {t('feedbackPage.report.cancel')}
          </Button>
          <Button type="submit" compact loading={sending}>
            {t('feedbackPage.report.send')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
};
