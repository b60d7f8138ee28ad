import type { PostForm, PostState } from '@parley/contract';
import { limits } from '@parley/contract/plain';
import {
  type PostFormInput,
  postFormProblems,
  postTextMax,
  postTextMin,
  postTrapField,
} from '@parley/contract/post-checks';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { submitPost } from '../api/feedback';
import { useFeedbackMedia } from './feedback-media';
import { useFeedbackTranslation } from './feedback-texts';

export type Field = keyof PostFormInput;
type Problem = 'required' | 'invalid' | 'tooShort' | 'tooLong';

/** The fields in the order they are shown: the first wrong one takes the focus. */
const fieldOrder: readonly Field[] = ['name', 'email', 'text', 'consent'];

const empty: PostFormInput = { name: '', email: '', text: '', consent: false };

/** Why a send failed; the entries stay in the form whatever happened. */
export type SendProblem = {
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

/**
 * The feedback form's state and its send: the entries, the bot trap, the files, which field is wrong
 * (by the contract's rules once a send was tried, or by the server's 400) in words, and the thanks.
 */
export const useFeedbackForm = ({
  manufacturerId,
  onSent,
  onGone,
}: {
  manufacturerId: string;
  onSent: (state: PostState) => void;
  onGone: () => void;
}) => {
  const { t, language } = useFeedbackTranslation();
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
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

  return {
    id,
    fieldId,
    media,
    values,
    set,
    trap,
    setTrap,
    serverField,
    message,
    sending,
    sendProblem,
    sent,
    again: () => setSent(null),
    submit,
  };
};
