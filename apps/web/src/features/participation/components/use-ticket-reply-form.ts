import type { ParticipantComment, TicketMediaKind } from '@parley/contract';
import { ticketMediaLimits } from '@parley/contract/plain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { sendTicketComment, uploadTicketMedia } from '../api/ticket-conversation';
import { dropPreview, screenMediaFiles, startedUploads } from '../lib/media-files';
import { type TicketTextKey, useTicketTranslation } from './ticket-texts';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
/** The limits the reply's texts name. */
export const sizes = {
  imageMb: megabytes(ticketMediaLimits.maxImageBytes),
  videoMb: megabytes(ticketMediaLimits.maxVideoBytes),
  megapixels: ticketMediaLimits.maxImagePixels / 1_000_000,
  max: ticketMediaLimits.perComment,
};

/** One file of the reply: checked, then uploaded at once (its id goes with the message). */
export type Attachment = {
  key: string;
  file: File;
  kind: TicketMediaKind;
  /** A local address of an image to show before it is sent (none where the browser cannot make one). */
  preview: string | null;
  /** Upload progress, 0…1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  mediaId?: string;
  /** Why the upload failed, in words. */
  problem?: string;
};

/** A problem to say: its text and the file it is about. */
export type Problem = { key: TicketTextKey; name?: string };

/** Why an upload was refused: the server checks the bytes again, and counts what comes from here. */
const uploadProblemOf = (error: unknown, name: string): Problem => {
  if (isApiError(error)) {
    if (error.status === 429) return { key: 'ticketPage.reply.problems.rateLimit' };
    // An image above the pixel budget, which only the server reads, from the file's header.
    if (error.code === 'file/too-many-pixels') return { key: 'ticketPage.reply.problems.pixels', name };
    if (error.status === 413 || error.code.endsWith('too-large')) {
      return { key: 'ticketPage.reply.problems.size', name };
    }
    if (error.status === 400 || error.status === 415) return { key: 'ticketPage.reply.problems.type', name };
    if (error.status === 404) return { key: 'ticketPage.reply.problems.gone' };
  }
  return { key: 'ticketPage.reply.problems.uploadFailed', name };
};

const sendProblemOf = (error: unknown): Problem => {
  if (isApiError(error)) {
    if (error.status === 429) return { key: 'ticketPage.reply.problems.rateLimit' };
    if (error.status === 400) return { key: 'ticketPage.reply.problems.invalid' };
    if (error.status === 404) return { key: 'ticketPage.reply.problems.gone' };
  }
  return { key: 'ticketPage.reply.problems.sendFailed' };
};

/**
 * The participant's reply's state: the text, the files (each checked, then uploaded at once, with its
 * progress, removable and retried on failure), the problems to say, and the send.
 */
export const useTicketReplyForm = ({
  token,
  onSent,
}: {
  token: string;
  onSent: (comment: ParticipantComment) => void;
}) => {
  const { t } = useTicketTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  /** Files refused before upload (type, size, too many), said until the next files are chosen. */
  const [refused, setRefused] = useState<Problem[]>([]);
  const [textProblem, setTextProblem] = useState<Problem | null>(null);
  const [sendProblem, setSendProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const busy = useRef(false);
  const counter = useRef(0);
  const uploads = useRef(new Map<string, AbortController>());
  const latest = useRef(attachments);
  latest.current = attachments;

  // Leaving the page stops the uploads and frees the previews.
  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort();
      for (const a of latest.current) dropPreview(a);
    },
    [],
  );

  const say = (p: Problem) => t(p.key, { name: p.name ?? '', ...sizes });

  const change = (key: string, update: Partial<Attachment>) =>
    setAttachments((all) => all.map((a) => (a.key === key ? { ...a, ...update } : a)));

  const upload = (a: Attachment) => {
    const controller = new AbortController();
    uploads.current.set(a.key, controller);
    uploadTicketMedia(token, a.file, {
      signal: controller.signal,
      onProgress: (progress) => change(a.key, { progress }),
    })
      .then(
        (media) => change(a.key, { state: 'done', progress: 1, mediaId: media._id }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          change(a.key, { state: 'failed', problem: say(uploadProblemOf(error, a.file.name)) });
        },
      )
      // The map holds only what is still on its way.
      .finally(() => {
        if (uploads.current.get(a.key) === controller) uploads.current.delete(a.key);
      });
  };

  const choose = (files: readonly File[]) => {
    setSent(false);
    setSendProblem(null);
    const { problems, accepted } = screenMediaFiles(files, ticketMediaLimits.perComment - attachments.length);
    setRefused(
      problems.map((p) => ({
        key: `ticketPage.reply.problems.${p.kind}` as const,
        ...(p.name === undefined ? {} : { name: p.name }),
      })),
    );
    const added: Attachment[] = startedUploads(accepted, () => {
      counter.current += 1;
      return `${counter.current}`;
    });
    if (added.length === 0) return;
    setAttachments((all) => [...all, ...added]);
    for (const a of added) upload(a);
  };

  const remove = (a: Attachment) => {
    uploads.current.get(a.key)?.abort();
    uploads.current.delete(a.key);
    dropPreview(a);
    setAttachments((all) => all.filter((other) => other.key !== a.key));
  };

  const retry = (a: Attachment) => {
    const again: Attachment = { ...a, state: 'uploading', progress: 0 };
    delete again.problem;
    setAttachments((all) => all.map((other) => (other.key === a.key ? again : other)));
    upload(again);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setSent(false);
    setSendProblem(null);
    const description = text.trim();
    if (attachments.some((a) => a.state === 'uploading')) {
      setSendProblem({ key: 'ticketPage.reply.problems.uploadsPending' });
      return;
    }
    if (attachments.some((a) => a.state === 'failed')) {
      setSendProblem({ key: 'ticketPage.reply.problems.uploadsFailed' });
      return;
    }
    const mediaIds = attachments.flatMap((a) => (a.mediaId ? [a.mediaId] : []));
    if (!description && mediaIds.length === 0) {
      setTextProblem({ key: 'ticketPage.reply.problems.required' });
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const comment = await sendTicketComment(token, { description, mediaIds });
      for (const a of attachments) dropPreview(a);
      setAttachments([]);
      setText('');
      setRefused([]);
      setSent(true);
      onSent(comment);
    } catch (error) {
      setSendProblem(sendProblemOf(error));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const changeText = (value: string) => {
    setText(value);
    setTextProblem(null);
    setSent(false);
  };

  return {
    id,
    text,
    changeText,
    attachments,
    refused,
    textProblem,
    sendProblem,
    sending,
    sent,
    say,
    choose,
    remove,
    retry,
    submit,
  };
};
