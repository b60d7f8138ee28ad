import { Anchor, Button, EmptyState, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/format-date';
import { useTickets } from '../api/get-tickets';
import { EmailConfirmationBadge } from './email-confirmation-badge';

export const ticketPageSize = 20;

const contactName = (c: TicketListItem['contact']) => [c.firstname, c.lastname].filter(Boolean).join(' ');

/** The read-only list of a campaign's tickets; replies and comments come later. */
export const TicketList = ({ campaignId }: { campaignId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useTickets(campaignId, page, ticketPageSize);
  const total = data?.total ?? 0;

  const columns: ResponsiveColumn<TicketListItem>[] = [
    {
      key: 'participant',
      header: t('tickets.columns.participant'),
      primary: true,
      cell: (ticket) => {
        const name = contactName(ticket.contact);
        return (
          <>
            <Anchor component={Link} to={paths.campaignTicket(campaignId, ticket._id)}>
              {name || ticket.contact.email}
            </Anchor>
            {name ? (
              <Text fz="xs" c="dimmed">
                {ticket.contact.email}
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
      {isError && !data ? (
        // Not "no answers yet": the list is unknown, and saying it is empty would mislead.
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <Text>{t('common.loadFailed')}</Text>
            <Button variant="light" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Paper>
      ) : !isPending && total === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={t('tickets.emptyTitle')}
            description={t('tickets.emptyText')}
          />
        </Paper>
      ) : (
        <ResponsiveTable
          columns={columns}
          rows={data?.documents}
          rowKey={(ticket) => ticket._id}
          label={t('tickets.listTitle')}
          loading={isPending}
        />
      )}
      {total > ticketPageSize ? (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / ticketPageSize)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`campaigns.list.pagination.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('campaigns.list.pagination.page', { page: p }) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
};
