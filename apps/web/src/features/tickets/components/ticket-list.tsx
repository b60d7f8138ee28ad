import { Anchor, EmptyState, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconInbox } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useCampaignContactLists } from '@/lib/contact-lists';
import { useDateFormat } from '@/lib/use-date-format';
import { useTickets } from '../api/get-tickets';
import { EmailConfirmationBadge } from './email-confirmation-badge';

export const ticketPageSize = 20;

const contactName = (c: NonNullable<TicketListItem['contact']>) =>
  [c.firstname, c.lastname].filter(Boolean).join(' ');

/**
 * The read-only list of a campaign's tickets; replies and comments come later. A group campaign's
 * tickets can be filtered by one of its linked contact lists.
 */
export const TicketList = ({
  campaignId,
  groupCampaign = false,
}: {
  campaignId: string;
  /** The campaign is a group campaign (D11): offer its linked lists as a filter. */
  groupCampaign?: boolean;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const [page, setPage] = useState(1);
  const linkedLists = useCampaignContactLists(campaignId, groupCampaign);
  const lists = groupCampaign ? (linkedLists.data?.documents ?? []) : [];
  const [listId, setListId] = useState('');
  // A list unlinked meanwhile no longer filters.
  const contactListId = lists.some((l) => l._id === listId) ? listId : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list starts again at page 1.
  useEffect(() => setPage(1), [contactListId]);
  const { data, isPending, isError, refetch } = useTickets(campaignId, page, ticketPageSize, contactListId);
  const total = data?.total ?? 0;

  const columns: ResponsiveColumn<TicketListItem>[] = [
    {
      key: 'participant',
      header: t('tickets.columns.participant'),
      primary: true,
      cell: (ticket) => {
        const { contact } = ticket;
        // A deleted contact whose answers were kept: the answers stay readable without a name.
        if (!contact) {
          return (
            <Anchor component={Link} to={paths.campaignTicket(campaignId, ticket._id)} fs="italic">
              {t('tickets.deletedContact')}
            </Anchor>
          );
        }
        const name = contactName(contact);
        return (
          <>
            <Anchor component={Link} to={paths.campaignTicket(campaignId, ticket._id)}>
              {name || contact.email}
            </Anchor>
            {name ? (
              <Text fz="xs" c="dimmed">
                {contact.email}
              </Text>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'email',
      header: t('tickets.columns.email'),
      cell: (ticket) => <EmailConfirmationBadge confirmed={ticket.emailConfirmed} />,
    },
    {
      key: 'answered',
      header: t('tickets.columns.answered'),
      cell: (ticket) => t('tickets.answeredCount', { count: ticket.answeredCount }),
    },
    {
      key: 'date',
      header: t('tickets.columns.date'),
      cell: (ticket) => formatDateTime(ticket.createdAt),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('tickets.listTitle')}
        </Title>
        {data ? (
          <Text fz="sm" c="dimmed">
            {t('tickets.count', { count: total })}
          </Text>
        ) : null}
      </Group>
      {lists.length > 0 ? (
        <NativeSelect
          label={t('contactLists.filter.label')}
          data={[
            { value: '', label: t('contactLists.filter.all') },
            ...lists.map((l) => ({ value: l._id, label: l.name })),
          ]}
          value={contactListId ?? ''}
          onChange={(e) => setListId(e.currentTarget.value)}
          maw={260}
        />
      ) : null}
      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(ticket) => ticket._id}
        label={t('tickets.listTitle')}
        page={page}
        pageSize={ticketPageSize}
        total={total}
        onPageChange={setPage}
        loading={isPending}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        empty={
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={contactListId ? t('contactLists.filter.noTicketsTitle') : t('tickets.emptyTitle')}
            description={contactListId ? t('contactLists.filter.noTicketsText') : t('tickets.emptyText')}
          />
        }
      />
    </Stack>
  );
};
