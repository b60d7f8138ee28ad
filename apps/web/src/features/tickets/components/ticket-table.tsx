import { Button, EmptyState } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconFilterOff, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { useSearchInput } from '@/lib/use-search-input';
import { useTickets } from '../api/get-tickets';
import { type TicketFilterParams, ticketListQuery, ticketPageSize } from './use-ticket-filter-params';

/**
 * A ticket list (a campaign's, or the inbox across campaigns): the page of tickets its filters
 * select within `scope`, and the search field's text. `filterProps` go on TicketFilters.
 */
export const useTicketListing = (
  params: TicketFilterParams,
  scope: { campaignId?: string; contactListId?: string },
) => {
  const tickets = useTickets(ticketListQuery(params.filters, params.page, scope));
  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearFilters = () => {
    setSearchInput('');
    params.clear();
  };
  return {
    params,
    tickets,
    clearFilters,
    filterProps: { params, searchInput, onSearchInput: setSearchInput, onClear: clearFilters },
  };
};

type TicketListing = ReturnType<typeof useTicketListing>;

/**
 * A ticket list's table, paged in the address: when no ticket matches the filters it says so
 * and offers to clear them; `empty` stands when there is no ticket at all.
 */
export const TicketTable = ({
  listing,
  columns,
  label,
  loadingRows,
  totalLabel,
  noMatch,
  empty,
}: {
  listing: TicketListing;
  columns: readonly ResponsiveColumn<TicketListItem>[];
  /** Names the table for assistive technology. */
  label: string;
  loadingRows?: number;
  totalLabel?: ReactNode;
  /** The no-match state's words where the list has its own ("No tickets of members of this list"). */
  noMatch?: { title: string; text: string };
  empty: ReactNode;
}) => {
  const { t } = useTranslation();
  const { params, tickets, clearFilters } = listing;
  return (
    <PagedTable
      {...pagedQueryProps(tickets)}
      columns={columns}
      rowKey={(ticket) => ticket._id}
      label={label}
      page={params.page}
      pageSize={ticketPageSize}
      onPageChange={(page) => params.update({ page })}
      loadingRows={loadingRows}
      totalLabel={totalLabel}
      empty={
        params.filtered ? (
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={noMatch?.title ?? t('tickets.list.noMatchTitle')}
            description={noMatch?.text ?? t('tickets.list.noMatchText')}
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
          empty
        )
      }
    />
  );
};
