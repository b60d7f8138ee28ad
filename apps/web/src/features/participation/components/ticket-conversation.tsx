import type { ParticipantComment, ParticipantTicket, TicketMedia } from '@parley/contract';
import { Paper, Stack, Text, Title } from '@/components/plain/plain';
import { formatDateTime } from '@/lib/format-date';
import { ticketMediaUrl } from '../api/ticket-conversation';
import s from './ticket-page.module.css';
import { useTicketTranslation } from './ticket-texts';

/** The owner's answer to the participant (D14), set apart from the conversation, with its date. */
export const OwnerAnswer = ({
  answer,
  manufacturerName,
}: {
  answer: NonNullable<ParticipantTicket['manuAnswer']>;
  manufacturerName: string;
}) => {
  const { t, language } = useTicketTranslation();
  return (
    <section aria-labelledby="ticket-owner-answer">
      <Paper className={s.ownerAnswer}>
        <Stack gap={8}>
          <Title order={2} size="h4" id="ticket-owner-answer">
            {t('ticketPage.ownerAnswer.title', { name: manufacturerName })}
          </Title>
          <Text dimmed small>
            {t('ticketPage.ownerAnswer.answeredOn', { date: formatDateTime(answer.answeredAt, language) })}
          </Text>
          <Text preWrap>{answer.text}</Text>
        </Stack>
      </Paper>
    </section>
  );
};

/**
 * A message's images and videos, read by the private link's token in their address (so a plain
 * `<img>` or `<video>` loads them); an image opens at full size in a new tab.
 */
const MessageMedia = ({ token, media }: { token: string; media: readonly TicketMedia[] }) => {
  const { t } = useTicketTranslation();
  return (
    <div className={s.media}>
      {media.map((m, i) => {
        const src = ticketMediaUrl(token, m._id);
        const number = i + 1;
        return m.kind === 'image' ? (
          <a
            key={m._id}
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('ticketPage.conversation.openImage', { number })}
          >
            <img src={src} alt={t('ticketPage.conversation.imageAlt', { number })} loading="lazy" />
          </a>
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: a participant's own clip has no captions to offer.
          <video
            key={m._id}
            src={src}
            controls
            preload="metadata"
            aria-label={t('ticketPage.conversation.videoLabel', { number })}
          />
        );
      })}
    </div>
  );
};

/**
 * The conversation, oldest first: the owner's messages under the manufacturer's name (never an
 * employee's), the participant's own as "You", each with its date and files.
 */
export const Conversation = ({
  token,
  comments,
  manufacturerName,
}: {
  token: string;
  comments: readonly ParticipantComment[];
  manufacturerName: string;
}) => {
  const { t, language } = useTicketTranslation();
  return (
    <section aria-labelledby="ticket-conversation">
      <Stack gap={12}>
        <Title order={2} size="h3" id="ticket-conversation">
          {t('ticketPage.conversation.title')}
        </Title>
        {comments.length === 0 ? (
          <Text dimmed>{t('ticketPage.conversation.empty', { name: manufacturerName })}</Text>
        ) : (
          <ol className={s.thread} aria-label={t('ticketPage.conversation.label')}>
            {comments.map((c) => (
              <li key={c._id} className={s.message} data-author={c.author}>
                <p className={s.meta}>
                  <span className={s.author}>
                    {c.author === 'owner' ? manufacturerName : t('ticketPage.conversation.you')}
                  </span>
                  <time dateTime={c.createdAt} style={{ color: 'var(--p-dimmed)' }}>
                    {formatDateTime(c.createdAt, language)}
                  </time>
                </p>
                {c.description ? <Text preWrap>{c.description}</Text> : null}
                {c.media.length > 0 ? <MessageMedia token={token} media={c.media} /> : null}
              </li>
            ))}
          </ol>
        )}
      </Stack>
    </section>
  );
};
