import { limits } from '@parley/contract/plain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { type AuthorComment, sendAuthorComment } from '../api/feedback';
import type { FeedbackTextKey } from './feedback-texts';

/** Why a comment was not sent. */
const commentProblemOf = (error: unknown): FeedbackTextKey => {
  if (isApiError(error)) {
    if (error.status === 429) return 'feedbackPage.author.comment.tooMany';
    if (error.status === 400) return 'feedbackPage.author.comment.invalid';
    if (error.status === 404 || error.code === 'post/gone') return 'feedbackPage.author.comment.gone';
  }
  return 'feedbackPage.author.comment.failed';
};

/**
 * The author's comment form's state: the text, whether it was asked for, why a send failed, and the
 * send itself (one at a time; an empty text takes the focus instead).
 */
export const useAuthorCommentForm = (token: string, onSent: (comment: AuthorComment) => void) => {
  const id = useId();
  const [text, setText] = useState('');
  const [required, setRequired] = useState(false);
  const [problem, setProblem] = useState<FeedbackTextKey | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const busy = useRef(false);

  const change = (value: string) => {
    setText(value);
    setRequired(false);
    setSent(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setSent(false);
    setProblem(null);
    const value = text.trim();
    if (!value) {
      setRequired(true);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const comment = await sendAuthorComment(token, value);
      setText('');
      setSent(true);
      onSent(comment);
    } catch (error) {
      setProblem(commentProblemOf(error));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const tooLong = text.trim().length > limits.textMax;
  return { id, text, change, required, tooLong, problem, sending, sent, submit };
};
