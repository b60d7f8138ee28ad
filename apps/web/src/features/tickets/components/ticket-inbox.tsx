import { Button, EmptyState, Stack } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconArchive, IconArchiveOff, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useTicketCampaignNames } from '../api/get-campaign-names';
import { useBulkArchiveTickets } from '../api/ticket-mutations';
import { ticketContactName, useTicketColumns } from './ticket-columns';
import { TicketFilters } from './ticket-filters';
import { TicketTable, useTicketListing } from './ticket-table';
import { ticketLink, useTicketFilterParams } from './use-ticket-filter-params';

/**
 * The inbox across campaigns (`/connect/tickets`): every campaign's tickets in one list, with the
 * campaign's filters plus a campaign filter, each row leading to its ticket with the inbox's filter.
 */
export const TicketInbox = () => {
  const { t } = useTranslation();
  const params = useTicketFilterParams();
  const { filters } = params;
  const names = useTicketCampaignNames();
  const listing = useTicketListing(params, { campaignId: filters.campaign || undefined });
  const ticketColumns = useTicketColumns({
    linkTo: (ticket) => ticketLink(ticket, filters, 'inbox'),
    withCampaign: true,
  });
  const total = listing.tickets.data?.total ?? 0;
  // Chosen across pages, archived and restored together (docs/product-decisions.md, "The ticket conversation").
  const selection = useRowSelection<TicketListItem>((ticket) => ticket._id);
  const bulkArchive = useBulkArchiveTickets();
  const columns = [
    selectionColumn({
      selection,
      rows: listing.tickets.data?.documents,
      rowLabel: (ticket) =>
        t('tickets.list.select', {
          name: ticket.contact
            ? ticketContactName(ticket) || ticket.contact.email
            : t('tickets.deletedContact'),
        }),
      pageLabel: t('tickets.list.selectPage'),
      cardLabel: t('tickets.list.selected'),
    }),
    ...ticketColumns,
  ];
  const archiveChosen = (archived: boolean) =>
    bulkArchive.mutate(
      { ids: selection.keys, archived },
      {
        onSuccess: ({ changed }) => {
          selection.clear();
          notifySuccess({
            title: archived
              ? t('tickets.archive.bulkArchived', { count: changed })
              : t('tickets.archive.bulkRestored', { count: changed }),
            message: '',
          });
        },
      },
    );
  const campaigns = (names.data?.documents ?? []).map((c) => ({
    value: c._id,
    label: c.state === 'archived' ? t('tickets.inbox.archivedCampaign', { title: c.title }) : c.title,
  }));

  return (
    <>
      <PageHeader title={t('tickets.inbox.title')} description={t('tickets.inbox.description')} />
      <Stack gap="md">
        <TicketFilters {...listing.filterProps} campaigns={campaigns} />
        {selection.count > 0 ? (
          <BulkActionsBar
            status={t('tickets.list.selectedCount', { count: selection.count })}
            label={t('tickets.list.bulkActions')}
            clearLabel={t('tickets.list.clearSelection')}
            onClear={selection.clear}
          >
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArchive size={14} aria-hidden />}
              loading={bulkArchive.isPending && bulkArchive.variables?.archived === true}
              disabled={bulkArchive.isPending}
              onClick={() => archiveChosen(true)}
            >
              {t('tickets.inbox.archiveSelected')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArchiveOff size={14} aria-hidden />}
              loading={bulkArchive.isPending && bulkArchive.variables?.archived === false}
              disabled={bulkArchive.isPending}
              onClick={() => archiveChosen(false)}
            >
              {t('tickets.inbox.restoreSelected')}
            </Button>
          </BulkActionsBar>
        ) : null}
        <TicketTable
          listing={listing}
          columns={columns}
          label={t('tickets.inbox.label')}
          loadingRows={5}
          totalLabel={t(listing.tickets.data?.totalAtLeast ? 'tickets.countAtLeast' : 'tickets.count', {
            count: total,
          })}
          empty={
            <EmptyState
              icon={<IconInbox size={28} aria-hidden />}
              title={t('tickets.inbox.emptyTitle')}
              description={t('tickets.inbox.emptyText')}
            >
              <Button component={Link} to={paths.campaigns} variant="light">
                {t('tickets.inbox.toCampaigns')}
              </Button>
            </EmptyState>
          }
        />
      </Stack>
    </>
  );
};
