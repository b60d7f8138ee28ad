import type { ParticipantComment } from '@parley/contract';
import { limits, ticketMediaLimits } from '@parley/contract/plain';
import { IconPaperclip } from '@tabler/icons-react';
import { Alert, Button, plainClasses, Row, Stack, Text, TextArea, Title } from '@/components/plain/plain';
import m from './media-input.module.css';
import { AttachmentItem } from './ticket-reply-attachment';
import { useTicketTranslation } from './ticket-texts';
import { sizes, useTicketReplyForm } from './use-ticket-reply-form';

const accept = [...ticketMediaLimits.imageTypes, ...ticketMediaLimits.videoTypes].join(',');

/**
 * The participant's reply (D14): a text of at most 5000 characters and up to five images or videos.
 * Each file is checked with the contract's rule before it is uploaded (type and size; the server
 * checks its bytes again), uploaded at once with its progress, shown with a way to remove it, and
 * named by its id when the message is sent. Problems are said in the form, as announced alerts.
 */
export const TicketReplyForm = ({
  token,
  manufacturerName,
  onSent,
}: {
  token: string;
  manufacturerName: string;
  onSent: (comment: ParticipantComment) => void;
}) => {
  const { t } = useTicketTranslation();
  const {
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
  } = useTicketReplyForm({ token, onSent });
  const full = attachments.length >= ticketMediaLimits.perComment;
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap={12}>
          <Title order={2} size="h3" id={headingId}>
            {t('ticketPage.reply.title', { name: manufacturerName })}
          </Title>
          <TextArea
            id={`${id}-text`}
            label={t('ticketPage.reply.label')}
            value={text}
            maxLength={limits.textMax}
            onChange={(e) => changeText(e.currentTarget.value)}
            error={textProblem ? say(textProblem) : null}
            description={t('participation.freeText.counter', { count: text.length, max: limits.textMax })}
          />
          <Stack gap={8}>
            <label
              className={`${m.filePicker} ${plainClasses.button}`}
              data-variant="default"
              data-disabled={full || undefined}
            >
              <input
                type="file"
                multiple
                accept={accept}
                disabled={full}
                aria-describedby={`${id}-hint`}
                onChange={(e) => {
                  const input = e.currentTarget;
                  choose(Array.from(input.files ?? []));
                  // The same file can be chosen again after it was removed.
                  input.value = '';
                }}
              />
              <IconPaperclip size={16} aria-hidden="true" />
              {t('ticketPage.reply.attach')}
            </label>
            <Text dimmed small id={`${id}-hint`}>
              {t('ticketPage.reply.attachHint', sizes)}
            </Text>
          </Stack>
          {refused.length > 0 ? (
            <Alert tone="red" role="alert">
              {refused.map((p) => (
                <div key={`${p.key}:${p.name ?? ''}`}>{say(p)}</div>
              ))}
            </Alert>
          ) : null}
          {attachments.length > 0 ? (
            <ul className={plainClasses.plainList} aria-label={t('ticketPage.reply.attachments')}>
              {attachments.map((a) => (
                <AttachmentItem key={a.key} attachment={a} onRemove={remove} onRetry={retry} />
              ))}
            </ul>
          ) : null}
          {sendProblem ? (
            <Alert tone="red" role="alert">
              {say(sendProblem)}
            </Alert>
          ) : null}
          <div role="status">{sent ? <Alert tone="teal">{t('ticketPage.reply.sent')}</Alert> : null}</div>
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" loading={sending}>
              {t('ticketPage.reply.send')}
            </Button>
          </Row>
        </Stack>
      </form>
    </section>
  );
};
