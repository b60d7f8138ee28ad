import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TemplateValues, Ticket } from '@parley/contract';
import { IconArchive, IconArchiveOff, IconLock } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSkeleton } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { paths } from '@/config/paths';
import { useMeSmall } from '@/lib/current-owner';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useTicket } from '../api/get-ticket';
import { useArchiveTicket, useRateAnswer } from '../api/ticket-mutations';
import { filterSearch } from '../lib/ticket-filter';
import { AnswerBox } from './answer-box';
import { CommentBox } from './comment-box';
import { EmailConfirmationBadge } from './email-confirmation-badge';
import { PrivateNote } from './private-note';
import { ShortcutsHelp } from './shortcuts-help';
import { TicketAnswersView } from './ticket-answers-view';
import { ticketContactName } from './ticket-columns';
import { TicketConversation } from './ticket-conversation';
import { TicketNavigation, useTicketNeighbours } from './ticket-navigation';
import { useTicketShortcuts } from './use-ticket-shortcuts';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <div>{children}</div>
  </Stack>
);

/** Who answered, whether the address is confirmed, when. */
const ParticipantDetails = ({ ticket }: { ticket: Ticket }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const { contact } = ticket;
  const deleted = t('tickets.deletedContact');
  const name = ticketContactName(ticket);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-details-heading">
      <Title order={2} size="h5" id="ticket-details-heading" mb="sm">
        {t('tickets.details.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
        <Field label={t('tickets.fields.name')}>
          <Text fs={contact && name ? undefined : 'italic'}>
            {contact ? name || t('tickets.noName') : deleted}
          </Text>
        </Field>
        <Field label={t('tickets.fields.email')}>
          <Text style={{ overflowWrap: 'anywhere' }} fs={contact ? undefined : 'italic'}>
            {contact ? contact.email : deleted}
          </Text>
        </Field>
        <Field label={t('tickets.fields.confirmation')}>
          <EmailConfirmationBadge confirmed={ticket.emailConfirmed} />
        </Field>
        <Field label={t('tickets.fields.date')}>
          <Text>{formatDateTime(ticket.createdAt)}</Text>
        </Field>
        <Field label={t('tickets.details.lastActivity')}>
          <Text>{formatDateTime(ticket.lastActivityAt)}</Text>
        </Field>
        <Field label={t('tickets.details.language')}>
          <Text>{t(`components.translation.languages.${ticket.language}`)}</Text>
        </Field>
      </SimpleGrid>
      {ticket.mailsOff ? (
        <Text fz="sm" c="dimmed" mt="sm">
          {t('tickets.details.mailsOff')}
        </Text>
      ) : null}
    </Paper>
  );
};

/** The page's content for one loaded ticket; keyed by the ticket, so drafts never carry over to the next. */
const TicketWorkspace = ({
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

/**
 * /connect/campaigns/:id/tickets/:ticketId: one campaign ticket as a conversation to work through,
 * like an inbox: the answers (rated and translatable), the owner's answer, the conversation with a
 * comment box, the private note, archive and restore, and the next and previous ticket of the
 * list it was opened from, by button or key.
 */
export const TicketPage = ({ campaignId, ticketId }: { campaignId: string; ticketId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: ticket, error, isPending } = useTicket(ticketId);
  const neighbours = useTicketNeighbours({ campaignId, ticketId, search: location.search });
  const archive = useArchiveTicket(ticketId);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The ticket whose arrival was said (the one first opened needs no announcement).
  const announcedFor = useRef(ticketId);

  // Reached through the inbox's ids (which carry no campaign) or an old link: the address names
  // the ticket's own campaign.
  const ticketCampaign = ticket?._id === ticketId ? ticket.campaignId : undefined;
  useEffect(() => {
    if (ticketCampaign && ticketCampaign !== campaignId) {
      navigate(`${paths.campaignTicket(ticketCampaign, ticketId)}${location.search}`, { replace: true });
    }
  }, [ticketCampaign, campaignId, ticketId, location.search, navigate]);

  const participant = ticket
    ? ticket.contact
      ? ticketContactName(ticket) || ticket.contact.email
      : t('tickets.deletedContact')
    : '';

  // Moving to another ticket is said to screen readers (the tab's title changes too).
  useEffect(() => {
    if (!ticket || ticket._id !== ticketId || announcedFor.current === ticketId) return;
    announcedFor.current = ticketId;
    setAnnouncement(
      neighbours.position !== null
        ? t('tickets.nav.announcePosition', {
            name: participant,
            position: neighbours.position,
            total: neighbours.total,
          })
        : t('tickets.nav.announce', { name: participant }),
    );
  }, [ticket, ticketId, participant, neighbours.position, neighbours.total, t]);

  const toggleArchive = () => {
    if (!ticket || archive.isPending) return;
    const ignore = !ticket.ignored;
    archive.mutate(ignore, {
      onSuccess: () => {
        const message = ignore ? t('tickets.archive.done') : t('tickets.archive.restored');
        setAnnouncement(message);
        notifySuccess({ title: message, message: ignore ? t('tickets.archive.doneText') : '' });
      },
    });
  };

  const focusField = (ref: RefObject<HTMLTextAreaElement | null>) => {
    const field = ref.current;
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus();
  };

  useTicketShortcuts({
    next: () => {
      if (neighbours.nextTo) navigate(neighbours.nextTo);
    },
    previous: () => {
      if (neighbours.previousTo) navigate(neighbours.previousTo);
    },
    toggleArchive,
    focusAnswer: () => focusField(answerRef),
    focusComment: () => focusField(commentRef),
  });

  // Back to the list it was opened from, with its filter.
  const listFilter = filterSearch(new URLSearchParams(location.search));
  const backTo = neighbours.inbox
    ? `${paths.inbox}${listFilter}`
    : `${paths.campaign(campaignId)}?tab=participants${listFilter.replace('?', '&')}`;
  const back = (
    <BackLink to={backTo}>{neighbours.inbox ? t('tickets.backToInbox') : t('tickets.back')}</BackLink>
  );
  const live = (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );

  if (isPending) {
    return (
      <Stack gap="md">
        {back}
        <PageSkeleton />
        {live}
      </Stack>
    );
  }
  if (!ticket) {
    return (
      <>
        <RecordMissing
          back={back}
          error={error}
          title={t('tickets.loadFailedTitle')}
          notFoundTitle={t('tickets.notFoundTitle')}
          notFoundText={t('tickets.notFoundText')}
        />
        <Group mt="md">
          <TicketNavigation neighbours={neighbours} />
        </Group>
        {live}
      </>
    );
  }

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={participant}
        documentTitle={
          ticket.contact ? t('tickets.page.title', { name: participant }) : t('tickets.page.titleDeleted')
        }
        description={
          <Group gap="xs" component="span">
            <span>
              {t('tickets.page.subtitle', {
                campaign: ticket.campaignTitle,
                date: formatDateTime(ticket.createdAt),
              })}
            </span>
            {ticket.ignored ? (
              <Badge component="span" color="orange" variant="light">
                {t('tickets.archived.badge')}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          <Group gap="sm">
            <TicketNavigation neighbours={neighbours} />
            <Button
              variant={ticket.ignored ? 'filled' : 'default'}
              leftSection={
                ticket.ignored ? (
                  <IconArchiveOff size={16} aria-hidden />
                ) : (
                  <IconArchive size={16} aria-hidden />
                )
              }
              loading={archive.isPending}
              onClick={toggleArchive}
              aria-keyshortcuts="e"
            >
              {ticket.ignored ? t('tickets.archive.restore') : t('tickets.archive.archive')}
            </Button>
            <ShortcutsHelp />
          </Group>
        }
      />
      {ticket.ignored ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title={t('tickets.archived.title')}
        >
          {t('tickets.archived.text')}
        </Alert>
      ) : null}
      <TicketWorkspace key={ticket._id} ticket={ticket} answerRef={answerRef} commentRef={commentRef} />
      {live}
    </Stack>
  );
};
