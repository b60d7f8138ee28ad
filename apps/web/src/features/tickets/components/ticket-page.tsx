import { Alert, Badge, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { useDateFormat } from '@/lib/use-date-format';
import { ShortcutsHelp } from './shortcuts-help';
import { TicketNavigation } from './ticket-navigation';
import { TicketWorkspace } from './ticket-workspace';
import { useTicketPage } from './use-ticket-page';

/**
 * /connect/campaigns/:id/tickets/:ticketId: one campaign ticket as a conversation to work through,
 * like an inbox: the answers (rated and translatable), the owner's answer, the conversation with a
 * comment box, the private note, archive and restore, and the next and previous ticket of the
 * list it was opened from, by button or key.
 */
export const TicketPage = ({ campaignId, ticketId }: { campaignId: string; ticketId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const {
    ticket,
    error,
    isPending,
    neighbours,
    archive,
    answerRef,
    commentRef,
    announcement,
    participant,
    toggleArchive,
    backTo,
  } = useTicketPage({ campaignId, ticketId });

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
