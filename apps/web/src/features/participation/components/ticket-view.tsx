import type { ParticipantComment, ParticipantTicket } from '@parley/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@/components/plain/plain';
import { formatDateTime } from '@/lib/format-date';
import { TicketAnswers } from './ticket-answers';
import { Conversation, OwnerAnswer } from './ticket-conversation';
import { askedToStopMails, MailsSwitch, StopMailsBanner, useTicketMails } from './ticket-mails';
import { TicketReplyForm } from './ticket-reply-form';
import { useTicketTranslation } from './ticket-texts';

/**
 * The participant's ticket (D14), the ticket page's lazy chunk: their answers, the owner's answer,
 * the conversation with its reply form, and whether its mails reach them. Opened from a mail's
 * unsubscribe link (`?mails=off`) it first asks whether to stop them.
 */
export const TicketView = ({ token, ticket }: { token: string; ticket: ParticipantTicket }) => {
  const { t, language } = useTicketTranslation();
  const name = ticket.campaign.manufacturerName;
  // The messages sent from this page since it loaded, after the ones it loaded with.
  const [sent, setSent] = useState<ParticipantComment[]>([]);
  const [stopAsked] = useState(askedToStopMails);
  const mails = useTicketMails(token, ticket.mailsOff);
  // The console's one date helper, in the survey's language: the owner and the participant read
  // the same moment the same way.
  const date = formatDateTime(ticket.createdAt, language);
  return (
    <Stack gap={24}>
      <Stack gap={8}>
        <Text dimmed small>
          {t('participation.byManufacturer', { name })}
        </Text>
        <Title order={1} size="h2">
          {ticket.campaign.title}
        </Title>
      </Stack>
      {stopAsked ? (
        <StopMailsBanner mails={mails} manufacturerName={name} title={ticket.campaign.title} />
      ) : null}
      {/* Opening this page is what confirmed the address; a deleted contact's answers have none. */}
      {ticket.contact ? (
        <Alert tone="teal">
          <IconMailCheck size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span>{t('participation.ticket.confirmed', { email: ticket.contact.email })}</span>
        </Alert>
      ) : null}
      <section aria-labelledby="ticket-answers">
        <Stack gap={12}>
          <Stack gap={8}>
            <Title order={2} size="h3" id="ticket-answers">
              {t('participation.ticket.title')}
            </Title>
            <Text dimmed>
              {t('participation.ticket.intro', { title: ticket.campaign.title, name, date })}
            </Text>
          </Stack>
          <TicketAnswers answers={ticket.answers} />
        </Stack>
      </section>
      {ticket.manuAnswer ? <OwnerAnswer answer={ticket.manuAnswer} manufacturerName={name} /> : null}
      <Conversation token={token} comments={[...ticket.comments, ...sent]} manufacturerName={name} />
      <TicketReplyForm
        token={token}
        manufacturerName={name}
        onSent={(comment) => setSent((all) => [...all, comment])}
      />
      <MailsSwitch mails={mails} manufacturerName={name} />
    </Stack>
  );
};
