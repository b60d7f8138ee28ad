import { Anchor, Badge, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconMessage, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';
import { EmailConfirmationBadge } from './email-confirmation-badge';
import { RelativeTime } from './relative-time';

export const ticketContactName = (ticket: Pick<TicketListItem, 'contact'>) =>
  ticket.contact ? [ticket.contact.firstname, ticket.contact.lastname].filter(Boolean).join(' ') : '';

/** Unread: a dot a screen reader names ("New messages"), beside the participant in bold. */
const NewMarker = () => {
  const { t } = useTranslation();
  const label = t('tickets.list.newMarker');
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      w={10}
      h={10}
      bg="blue.8"
      style={{ borderRadius: '50%', flexShrink: 0, display: 'inline-block' }}
    />
  );
};

/**
 * The columns of a ticket list (a campaign's and the cross-campaign inbox): who answered (bold with
 * a dot while there is something new), the first free-text answer, the state, the conversation's
 * size and ratings, the latest activity, and in the inbox the campaign.
 */
export const useTicketColumns = ({
  linkTo,
  withCampaign = false,
}: {
  /** Where a row leads: the ticket's page with the list's filter. */
  linkTo: (ticket: TicketListItem) => string;
  withCampaign?: boolean;
}): ResponsiveColumn<TicketListItem>[] => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const weight = (ticket: TicketListItem) => (ticket.hasNew ? 700 : undefined);

  const columns: ResponsiveColumn<TicketListItem>[] = [
    {
      key: 'participant',
      header: t('tickets.columns.participant'),
      primary: true,
      cell: (ticket) => {
        const name = ticketContactName(ticket);
        const { contact } = ticket;
        return (
          <Stack gap={2} align="flex-start">
            <Group gap={6} wrap="nowrap" align="center">
              {ticket.hasNew ? <NewMarker /> : null}
              {/* A deleted contact whose answers were kept: the answers stay readable without a name. */}
              <Anchor
                component={Link}
                to={linkTo(ticket)}
                fw={weight(ticket) ?? 500}
                fs={contact ? undefined : 'italic'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {contact ? name || contact.email : t('tickets.deletedContact')}
              </Anchor>
            </Group>
            {contact && name ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {contact.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    ...(withCampaign
      ? [
          {
            key: 'campaign',
            header: t('tickets.list.columns.campaign'),
            cell: (ticket: TicketListItem) => (
              <Anchor
                component={Link}
                to={`${paths.campaign(ticket.campaignId)}?tab=participants`}
                fz="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {ticket.campaignTitle}
              </Anchor>
            ),
          },
        ]
      : []),
    {
      key: 'excerpt',
      header: t('tickets.list.columns.excerpt'),
      cell: (ticket) =>
        ticket.excerpt ? (
          <Text fz="sm" lineClamp={2} fw={weight(ticket)} maw={360} style={{ overflowWrap: 'anywhere' }}>
            {ticket.excerpt}
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('tickets.list.noExcerpt', { count: ticket.answeredCount })}
          </Text>
        ),
    },
    {
      key: 'state',
      header: t('tickets.list.columns.state'),
      cell: (ticket) => (
        <Group gap={4}>
          {ticket.answered ? (
            <Badge color="teal" variant="light">
              {t('tickets.list.answered')}
            </Badge>
          ) : (
            <Badge color="orange" variant="light">
              {t('tickets.list.unanswered')}
            </Badge>
          )}
          {ticket.ignored ? (
            <Badge color="gray" variant="light">
              {t('tickets.list.archived')}
            </Badge>
          ) : null}
          {ticket.emailConfirmed ? null : <EmailConfirmationBadge confirmed={false} />}
        </Group>
      ),
    },
    {
      key: 'conversation',
      header: t('tickets.list.columns.conversation'),
      cell: (ticket) => {
        const { up, down } = ticket.votes;
        return (
          <Group gap="sm" wrap="nowrap">
            <Group gap={4} wrap="nowrap" title={t('tickets.list.messages', { count: ticket.commentCount })}>
              <IconMessage size={16} aria-hidden />
              <Text fz="sm" aria-hidden>
                {ticket.commentCount}
              </Text>
              <VisuallyHidden>{t('tickets.list.messages', { count: ticket.commentCount })}</VisuallyHidden>
            </Group>
            {up > 0 || down > 0 ? (
              <Group gap={4} wrap="nowrap" title={t('tickets.list.votes', { up, down })}>
                <IconThumbUp size={16} aria-hidden />
                <Text fz="sm" aria-hidden>
                  {up}
                </Text>
                <IconThumbDown size={16} aria-hidden />
                <Text fz="sm" aria-hidden>
                  {down}
                </Text>
                <VisuallyHidden>{t('tickets.list.votes', { up, down })}</VisuallyHidden>
              </Group>
            ) : null}
          </Group>
        );
      },
    },
    {
      key: 'activity',
      header: t('tickets.list.columns.activity'),
      cell: (ticket) => (
        <Stack gap={0}>
          <RelativeTime iso={ticket.lastActivityAt} fw={weight(ticket)} />
          <Text fz="xs" c="dimmed">
            {t('tickets.list.received', { date: formatDate(ticket.createdAt) })}
          </Text>
        </Stack>
      ),
    },
  ];
  return columns;
};
