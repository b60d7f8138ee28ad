import { IconPhoto, IconRefresh, IconVideo, IconX } from '@tabler/icons-react';
import { IconButton, Progress } from '@/components/plain/plain';
import m from './media-input.module.css';
import { useTicketTranslation } from './ticket-texts';
import type { Attachment } from './use-ticket-reply-form';

/** One file of the reply: its preview, its upload's progress or problem, retry and remove. */
export const AttachmentItem = ({
  attachment: a,
  onRemove,
  onRetry,
}: {
  attachment: Attachment;
  onRemove: (a: Attachment) => void;
  onRetry: (a: Attachment) => void;
}) => {
  const { t } = useTicketTranslation();
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
            label={t('ticketPage.reply.uploading', { name })}
            valueText={t('ticketPage.reply.uploadProgress', { percent })}
          />
        ) : null}
        {a.state === 'done' ? (
          <span style={{ color: 'var(--p-teal)' }}>{t('ticketPage.reply.uploaded')}</span>
        ) : null}
        {a.state === 'failed' ? <span style={{ color: 'var(--p-error)' }}>{a.problem}</span> : null}
      </div>
      {a.state === 'failed' ? (
        <IconButton aria-label={t('ticketPage.reply.retry', { name })} onClick={() => onRetry(a)}>
          <IconRefresh size={18} aria-hidden="true" />
        </IconButton>
      ) : null}
      <IconButton aria-label={t('ticketPage.reply.remove', { name })} onClick={() => onRemove(a)}>
        <IconX size={18} aria-hidden="true" />
      </IconButton>
    </li>
  );
};
