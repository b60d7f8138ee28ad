import type { TicketMediaKind } from '@parley/contract';
import { ticketMediaLimits } from '@parley/contract/plain';
import { IconPaperclip, IconPhoto, IconRefresh, IconVideo, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, IconButton, Progress, plainClasses, Stack, Text } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { uploadFeedbackMedia } from '../api/feedback';
import { dropPreview, screenMediaFiles, startedUploads } from '../lib/media-files';
import { type FeedbackTextKey, useFeedbackTranslation } from './feedback-texts';
import m from './media-input.module.css';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const sizes = {
  imageMb: megabytes(ticketMediaLimits.maxImageBytes),
  videoMb: megabytes(ticketMediaLimits.maxVideoBytes),
  megapixels: ticketMediaLimits.maxImagePixels / 1_000_000,
  max: ticketMediaLimits.perComment,
};
const accept = [...ticketMediaLimits.imageTypes, ...ticketMediaLimits.videoTypes].join(',');

/** One file of the post: checked, then uploaded at once (its id goes with the post). */
type Attachment = {
  key: string;
  file: File;
  kind: TicketMediaKind;
  /** A local address of an image to show before it is sent (none where the browser cannot make one). */
  preview: string | null;
  /** Upload progress, 0…1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  mediaId?: string;
  problem?: Problem;
};

/** A problem to say: its text and the file it is about. */
type Problem = { key: FeedbackTextKey; name?: string };

/** Why an upload was refused: the server checks the bytes again, and counts what comes from here. */
const uploadProblemOf = (error: unknown, name: string): Problem => {
  if (isApiError(error)) {
    if (error.status === 429) return { key: 'feedbackPage.media.problems.rateLimit' };
    // An image above the pixel budget, which only the server reads, from the file's header.
    if (error.code === 'file/too-many-pixels') return { key: 'feedbackPage.media.problems.pixels', name };
    if (error.status === 413 || error.code.endsWith('too-large')) {
      return { key: 'feedbackPage.media.problems.size', name };
    }
    if (error.status === 400 || error.status === 415)
      return { key: 'feedbackPage.media.problems.type', name };
    if (error.status === 404) return { key: 'feedbackPage.media.problems.gone' };
  }
  return { key: 'feedbackPage.media.problems.uploadFailed', name };
};

/**
 * The post's images and videos: each file is checked with the contract's rule before it is uploaded
 * (type and size; the server checks its bytes again), uploaded at once with its progress, shown with
 * a way to remove it (or try again), and named by its id when the post is sent.
 */
export const useFeedbackMedia = (manufacturerId: string) => {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  /** Files refused before upload (type, size, too many), said until the next files are chosen. */
  const [refused, setRefused] = useState<Problem[]>([]);
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

  const change = (key: string, update: Partial<Attachment>) =>
    setAttachments((all) => all.map((a) => (a.key === key ? { ...a, ...update } : a)));

  const upload = (a: Attachment) => {
    const controller = new AbortController();
    uploads.current.set(a.key, controller);
    uploadFeedbackMedia(manufacturerId, a.file, {
      signal: controller.signal,
      onProgress: (progress) => change(a.key, { progress }),
    })
      .then(
        (media) => change(a.key, { state: 'done', progress: 1, mediaId: media._id }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          change(a.key, { state: 'failed', problem: uploadProblemOf(error, a.file.name) });
        },
      )
      // The map holds only what is still on its way.
      .finally(() => {
        if (uploads.current.get(a.key) === controller) uploads.current.delete(a.key);
      });
  };

  const choose = (files: readonly File[]) => {
    const { problems, accepted } = screenMediaFiles(
      files,
      ticketMediaLimits.perComment - latest.current.length,
    );
    setRefused(
      problems.map((p) => ({
        key: `feedbackPage.media.problems.${p.kind}` as const,
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

  /** After the post was sent: the files are the post's now. */
  const clear = () => {
    for (const a of latest.current) dropPreview(a);
    setAttachments([]);
    setRefused([]);
  };

  return {
    attachments,
    refused,
    choose,
    remove,
    retry,
    clear,
    uploading: attachments.some((a) => a.state === 'uploading'),
    failed: attachments.some((a) => a.state === 'failed'),
    mediaIds: attachments.flatMap((a) => (a.mediaId ? [a.mediaId] : [])),
  };
};

export type FeedbackMedia = ReturnType<typeof useFeedbackMedia>;

/** The file picker, its hint, what it refused, and the chosen files with their progress. */
export const FeedbackMediaPicker = ({ media, error }: { media: FeedbackMedia; error?: string | null }) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  const say = (p: Problem) => t(p.key, { name: p.name ?? '', ...sizes });
  const full = media.attachments.length >= ticketMediaLimits.perComment;
  return (
    <Stack gap={8}>
      <label
        className={`${m.filePicker} ${plainClasses.button}`}
        data-variant="default"
        data-disabled={full || undefined}
      >
        <input
          type="file"
          name="file"
          multiple
          accept={accept}
          disabled={full}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const input = e.currentTarget;
            media.choose(Array.from(input.files ?? []));
            // The same file can be chosen again after it was removed.
            input.value = '';
          }}
        />
        <IconPaperclip size={16} aria-hidden="true" />
        {t('feedbackPage.media.attach')}
      </label>
      <Text dimmed small id={`${id}-hint`}>
        {t('feedbackPage.media.attachHint', sizes)}
      </Text>
      {error ? (
        <Text id={`${id}-error`} small style={{ color: 'var(--p-error)' }}>
          {error}
        </Text>
      ) : null}
      {media.refused.length > 0 ? (
        <Alert tone="red" role="alert">
          {media.refused.map((p) => (
            <div key={`${p.key}:${p.name ?? ''}`}>{say(p)}</div>
          ))}
        </Alert>
      ) : null}
      {media.attachments.length > 0 ? (
        <ul className={plainClasses.plainList} aria-label={t('feedbackPage.media.attachments')}>
          {media.attachments.map((a) => (
            <AttachmentItem
              key={a.key}
              attachment={a}
              problem={a.problem ? say(a.problem) : undefined}
              onRemove={media.remove}
              onRetry={media.retry}
            />
          ))}
        </ul>
      ) : null}
    </Stack>
  );
};

const AttachmentItem = ({
  attachment: a,
  problem,
  onRemove,
  onRetry,
}: {
  attachment: Attachment;
  problem: string | undefined;
  onRemove: (a: Attachment) => void;
  onRetry: (a: Attachment) => void;
}) => {
  const { t } = useFeedbackTranslation();
  const name = a.file.name;
  const percent = Math.round(a.progress * 100);
  let thumb =
    a.kind === 'video' ? (
      <IconVideo size={24} aria-hidden="true" />
    ) : (
      <IconPhoto size={24} aria-hidden="true" />
    );
  if (a.preview) thumb = <img src={a.preview} alt="" />;
  return (
    <li className={m.attachment} data-failed={a.state === 'failed' || undefined}>
      <span className={m.thumb}>{thumb}</span>
      <div className={m.attachmentBody}>
        <span className={m.fileName}>{name}</span>
        {a.state === 'uploading' ? (
          <Progress
            value={percent}
            label={t('feedbackPage.media.uploading', { name })}
            valueText={t('feedbackPage.media.uploadProgress', { percent })}
          />
        ) : null}
        {a.state === 'done' ? (
          <span style={{ color: 'var(--p-teal)' }}>{t('feedbackPage.media.uploaded')}</span>
        ) : null}
        {a.state === 'failed' ? <span style={{ color: 'var(--p-error)' }}>{problem}</span> : null}
      </div>
      {a.state === 'failed' ? (
        <IconButton aria-label={t('feedbackPage.media.retry', { name })} onClick={() => onRetry(a)}>
          <IconRefresh size={18} aria-hidden="true" />
        </IconButton>
      ) : null}
      <IconButton aria-label={t('feedbackPage.media.remove', { name })} onClick={() => onRemove(a)}>
        <IconX size={18} aria-hidden="true" />
      </IconButton>
    </li>
  );
};
