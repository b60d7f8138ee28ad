import { Grid, Paper, Stack, Title } from '@mantine/core';
import type { TemplateValues, Ticket } from '@parley/contract';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeSmall } from '@/lib/current-owner';
import { useRateAnswer } from '../api/ticket-mutations';
import { AnswerBox } from './answer-box';
import { CommentBox } from './comment-box';
import { PrivateNote } from './private-note';
import { TicketAnswersView } from './ticket-answers-view';
import { TicketConversation } from './ticket-conversation';
import { ParticipantDetails } from './ticket-details';

/** The page's content for one loaded ticket; keyed by the ticket, so drafts never carry over to the next. */
export const TicketWorkspace = ({
  ticket,
  answerRef,
  commentRef,
}: {
  ticket: Ticket;
  answerRef: RefObject<HTMLTextAreaElement | null>;
  commentRef: RefObject<HTMLTextAreaElement | null>;
}) => {
  const { t } = useTranslation();
  const owner = useMeSmall().data;
  const manufacturer = owner?.manufacturer;
  const rate = useRateAnswer(ticket._id);
  const archivedReason = ticket.ignored ? t('tickets.archived.reason') : null;
  const commentReason = manufacturer?.canComment ? archivedReason : t('tickets.comments.notEnabled');
  const noteReason = manufacturer?.canPrivateNote ? archivedReason : t('tickets.note.notEnabled');
  const values: TemplateValues = {
    'contact.firstname': ticket.contact?.firstname ?? null,
    'contact.lastname': ticket.contact?.lastname ?? null,
    'campaign.title': ticket.campaignTitle,
    'manufacturer.name': manufacturer?.name ?? null,
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xl">
          <Stack gap="sm" component="section" aria-labelledby="ticket-answers-heading">
            <Title order={2} size="h4" id="ticket-answers-heading">
              {t('tickets.answersTitle', { count: ticket.answeredCount, total: ticket.answers.length })}
            </Title>
            <TicketAnswersView
              answers={ticket.answers}
              language={ticket.language}
              rating={{
                ratings: ticket.ratings,
                disabled: ticket.ignored,
                onRate: (questionId, vote) => rate.mutate({ questionId, vote }),
              }}
            />
          </Stack>
          <AnswerBox
            ticket={ticket}
            values={values}
            canSaveSilently={manufacturer?.canSaveAnswerWithoutNotification ?? false}
            readOnlyReason={archivedReason}
            fieldRef={answerRef}
          />
          <Stack gap="sm" component="section" aria-labelledby="ticket-conversation-heading">
            <Title order={2} size="h4" id="ticket-conversation-heading">
              {t('tickets.comments.title')}
            </Title>
            <TicketConversation ticket={ticket} readOnlyReason={archivedReason} />
            <CommentBox ticket={ticket} values={values} refusedReason={commentReason} fieldRef={commentRef} />
          </Stack>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <ParticipantDetails ticket={ticket} />
          <Paper withBorder p="md" radius="md">
            <PrivateNote ticket={ticket} refusedReason={noteReason} />
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
};
