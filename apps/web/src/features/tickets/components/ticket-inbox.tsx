import { Button, EmptyState, Stack } from '@mantine/core';
import { IconFilterOff, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { paths } from '@/config/paths';
import { useSearchInput } from '@/lib/use-search-input';
import { useTicketCampaignNames } from '../api/get-campaign-names';
import { useTickets } from '../api/get-tickets';
import { useTicketColumns } from './ticket-columns';
import { TicketFilters } from './ticket-filters';
import {
  ticketLink,
  ticketListQuery,
  ticketPageSize,
  useTicketFilterParams,
} from './use-ticket-filter-params';

/**
 * The inbox across campaigns (`/connect/tickets`): every campaign's tickets in one list, with the
 * campaign's filters plus a campaign filter, each row leading to its ticket with the inbox's filter.
 */
export const TicketInbox = () => {
  const { t } = useTranslation();
  const params = useTicketFilterParams();
  const { filters } = params;
  const names = useTicketCampaignNames();
  const { data, isPending, isFetching, isError, refetch } = useTickets(
    ticketListQuery(filters, params.page, { campaignId: filters.campaign || undefined }),
  );
  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearFilters = () => {
    setSearchInput('');
    params.clear();
  };
  const columns = useTicketColumns({
    linkTo: (ticket) => ticketLink(ticket, filters, 'inbox'),
    withCampaign: true,
  });
  const total = data?.total ?? 0;
  const campaigns = (names.data?.documents ?? []).map((c) => ({
    value: c._id,
    label: c.state === 'archived' ? t('tickets.inbox.archivedCampaign', { title: c.title }) : c.title,
  }));

  return (
    <>
      <PageHeader title={t('tickets.inbox.title')} description={t('tickets.inbox.description')} />
      <Stack gap="md">
        <TicketFilters
          params={params}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onClear={clearFilters}
          campaigns={campaigns}
        />
        <PagedTable
          columns={columns}
          rows={data?.documents}
          rowKey={(ticket) => ticket._id}
          label={t('tickets.inbox.label')}
          page={params.page}
          pageSize={ticketPageSize}
          total={total}
          onPageChange={(page) => params.update({ page })}
          loading={isPending}
          loadingRows={5}
          busy={isFetching}
          failed={isError ? { onRetry: () => void refetch() } : undefined}
          totalLabel={t('tickets.count', { count: total })}
          empty={
            params.filtered ? (
              <EmptyState
                icon={<IconInbox size={28} aria-hidden />}
                title={t('tickets.list.noMatchTitle')}
                description={t('tickets.list.noMatchText')}
              >
                <Button
                  variant="light"
                  leftSection={<IconFilterOff size={16} aria-hidden />}
                  onClick={clearFilters}
                >
                  {t('tickets.list.filters.clear')}
                </Button>
              </EmptyState>
            ) : (
              <EmptyState
                icon={<IconInbox size={28} aria-hidden />}
                title={t('tickets.inbox.emptyTitle')}
                description={t('tickets.inbox.emptyText')}
              >
                <Button component={Link} to={paths.campaigns} variant="light">
                  {t('tickets.inbox.toCampaigns')}
                </Button>
              </EmptyState>
            )
          }
        />
      </Stack>
    </>
  );
};
