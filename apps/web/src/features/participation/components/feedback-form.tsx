import type { PostForm, PostState } from '@parley/contract';
import { limits } from '@parley/contract/plain';
import {
  type PostFormInput,
  postFormProblems,
  postTextMax,
  postTextMin,
  postTrapField,
} from '@parley/contract/post-checks';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Choice,
  Link,
  plainClasses,
  Row,
  Stack,
  Text,
  TextArea,
  TextField,
  Title,
} from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { type FeedbackPageInfo, submitPost } from '../api/feedback';
import s from './feedback.module.css';
import { FeedbackMediaPicker, useFeedbackMedia } from './feedback-media';
import { useFeedbackTranslation } from './feedback-texts';

type Field = keyof PostFormInput;
type Problem = 'required' | 'invalid' | 'tooShort' | 'tooLong';

/** The fields in the order they are shown: the first wrong one takes the focus. */
const fieldOrder: readonly Field[] = ['name', 'email', 'text', 'consent'];

const empty: PostFormInput = { name: '', email: '', text: '', consent: false };

/** Why a send failed; the entries stay in the form whatever happened. */
type SendProblem = {
  kind: 'tooMany' | 'network' | 'invalid' | 'uploadsPending' | 'uploadsFailed';
  /** The server's own words for a 400 (`{code, message, field}`). */
  message?: string;
};

const sendProblemOf = (error: unknown): SendProblem => {
  if (isApiError(error) && error.status === 429) return { kind: 'tooMany' };
  if (isApiError(error) && error.status === 400) return { kind: 'invalid', message: error.message };
  return { kind: 'network' };
};

/** What a 400 names: one of the form's fields, or its files (`mediaIds`, `mediaIds.0`). */
const serverFieldOf = (error: unknown): Field | 'media' | undefined => {
  const field = isApiError(error) ? error.field : undefined;
  if (!field) return undefined;
  if (field.startsWith('mediaIds')) return 'media';
  return fieldOrder.find((f) => f === field);
};

/** The thank-you after sending: the link was mailed, and whether the post is public already. */
const Sent = ({
  email,
  state,
  manufacturerName,
  onAgain,
}: {
  email: string;
  state: PostState;
  manufacturerName: string;
  onAgain: () => void;
}) => {
  const { t } = useFeedbackTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert tone="teal" role="status">
      <Stack gap={8}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {t('feedbackPage.sent.title')}
        </Title>
        <span>{t('feedbackPage.sent.mailed', { email })}</span>
        <span>
          {state === 'published'
            ? t('feedbackPage.sent.published')
            : t('feedbackPage.sent.pending', { name: manufacturerName })}
        </span>
        <div>
          <Button variant="default" compact onClick={onAgain}>
            {t('feedbackPage.sent.again')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
};

/**
 * D19's public form: name, email, text (with its count), images or videos (uploaded first), the
 * consent with the privacy link, and the hidden bot trap. Checked with the contract's rules before
 * it is sent; the server's 400 and 429 are said in the form, the entries kept. Once sent, a thanks
 * takes the form's place and the focus.
 */
export const FeedbackForm = ({
  manufacturerId,
  info,
  onSent,
  onGone,
}: {
  manufacturerId: string;
  info: FeedbackPageInfo;
  /** The post was stored: a published one appears in the feed at once. */
  onSent: (state: PostState) => void;
  /** The server no longer knows the page (404 on sending). */
  onGone: () => void;
}) => {
  const { t, language } = useFeedbackTranslation();
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const name = info.manufacturerName;
  const media = useFeedbackMedia(manufacturerId);
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverField, setServerField] = useState<Field | 'media' | undefined>();
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<SendProblem | null>(null);
  const [sent, setSent] = useState<{ email: string; state: PostState } | null>(null);
  // A second press while the request is out must not send again: state updates too late.
  const busy = useRef(false);

  const problems: Partial<Record<Field, Problem>> = attempted ? postFormProblems(values) : {};
  if (serverField && serverField !== 'media' && !problems[serverField]) problems[serverField] = 'invalid';

  const set = <K extends Field>(field: K, value: PostFormInput[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverField === field) setServerField(undefined);
  };

  const message = (field: Field): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    const max = field === 'text' ? postTextMax : field === 'email' ? limits.emailMax : limits.nameMax;
    if (problem === 'tooLong') return t('participation.errors.tooLong', { max });
    if (field === 'email') {
      return problem === 'required'
        ? t('participation.errors.emailRequired')
        : t('participation.errors.emailInvalid');
    }
    if (field === 'name') {
      return problem === 'required'
        ? t('feedbackPage.form.errors.nameRequired')
        : t('feedbackPage.form.errors.nameInvalid');
    }
    if (field === 'text') {
      if (problem === 'required') return t('feedbackPage.form.errors.textRequired');
      if (problem === 'tooShort') return t('feedbackPage.form.errors.textTooShort', { min: postTextMin });
    }
    if (field === 'consent') return t('feedbackPage.form.errors.consentRequired');
    return t('feedbackPage.form.errors.invalid');
  };

  const focus = (field: Field) => document.getElementById(fieldId(field))?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setAttempted(true);
    setSendProblem(null);
    const found = postFormProblems(values);
    const first = fieldOrder.find((f) => found[f]);
    if (first) {
      focus(first);
      return;
    }
    if (media.uploading || media.failed) {
      setSendProblem({ kind: media.uploading ? 'uploadsPending' : 'uploadsFailed' });
      return;
    }
    const email = values.email.trim();
    const body: PostForm = {
      name: values.name.trim(),
      email,
      text: values.text.trim(),
      mediaIds: media.mediaIds,
      consent: true,
      language,
      // People never see the trap; only a bot fills it (the server then drops the post quietly).
      ...(trap ? { [postTrapField]: trap } : {}),
    };
    busy.current = true;
    setSending(true);
    try {
      const { state } = await submitPost(manufacturerId, body);
      media.clear();
      setValues(empty);
      setAttempted(false);
      setSent({ email, state });
      onSent(state);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        onGone();
        return;
      }
      setSendProblem(sendProblemOf(error));
      const wrong = serverFieldOf(error);
      setServerField(wrong);
      if (wrong && wrong !== 'media') focus(wrong);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Sent email={sent.email} state={sent.state} manufacturerName={name} onAgain={() => setSent(null)} />
    );
  }

  const consentError = message('consent');
  const consentErrorId = `${fieldId('consent')}-error`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <Stack gap={16}>
        <Stack gap={4}>
          <Title order={2} size="h3" id={`${id}-title`}>
            {t('feedbackPage.form.title')}
          </Title>
          <Text dimmed small>
            {t('feedbackPage.form.requiredNote')}
          </Text>
        </Stack>
        <div className={plainClasses.twoColumns}>
          <TextField
            id={fieldId('name')}
            name="name"
            label={t('feedbackPage.form.name')}
            autoComplete="name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={message('name')}
          />
          <TextField
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            label={t('feedbackPage.form.email')}
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={message('email')}
            description={t('feedbackPage.form.emailHint')}
          />
        </div>
        <TextArea
          id={fieldId('text')}
          name="text"
          label={t('feedbackPage.form.text')}
          required
          rows={5}
          value={values.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={message('text')}
          description={t('participation.freeText.counter', {
            count: values.text.trim().length,
            max: postTextMax,
          })}
        />
        <FeedbackMediaPicker
          media={media}
          error={serverField === 'media' ? t('feedbackPage.form.errors.invalid') : null}
        />
        {/*
          The bot trap (D19): off screen rather than `display: none` (which bots skip), out of the tab
          order, hidden from screen readers and from autofill. People leave it empty.
        */}
        <div aria-hidden="true" className={s.trap}>
          <label htmlFor={`${id}-trap`}>{t('feedbackPage.form.trapLabel')}</label>
          <input
            id={`${id}-trap`}
            type="text"
            name={postTrapField}
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(e) => setTrap(e.currentTarget.value)}
          />
        </div>
        <div>
          <Choice
            type="checkbox"
            id={fieldId('consent')}
            name="consent"
            checked={values.consent}
            onChange={(e) => set('consent', e.currentTarget.checked)}
            aria-required="true"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? consentErrorId : undefined}
            label={
              <>
                {t('feedbackPage.form.consent', { name })}{' '}
                {info.privacyUrl ? (
                  <Link href={info.privacyUrl} target="_blank" rel="noopener noreferrer">
                    {t('participation.privacy')}
                  </Link>
                ) : null}
              </>
            }
          />
          {consentError ? (
            <Text id={consentErrorId} small style={{ color: 'var(--p-error)', marginTop: '0.25rem' }}>
              {consentError}
            </Text>
          ) : null}
        </div>
        {sendProblem ? (
          // Announced at once; the entries stay and the button below sends them again.
          <Alert tone="red" role="alert">
            <Stack gap={4}>
              <span>
                <strong>{t('feedbackPage.form.failed.title')}</strong>{' '}
                {t(`feedbackPage.form.failed.${sendProblem.kind}`)}
              </span>
              {sendProblem.message ? (
                <span>{t('feedbackPage.form.failed.serverSaid', { message: sendProblem.message })}</span>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" loading={sending}>
            {t('feedbackPage.form.submit')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
};
