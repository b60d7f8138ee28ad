import { Button, EmptyState, Stack } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTicketCampaignNames } from '../api/get-campaign-names';
import { useTicketColumns } from './ticket-columns';
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
  const columns = useTicketColumns({
    linkTo: (ticket) => ticketLink(ticket, filters, 'inbox'),
    withCampaign: true,
  });
  const total = listing.tickets.data?.total ?? 0;
  const campaigns = (names.data?.documents ?? []).map((c) => ({
    value: c._id,
    label: c.state === 'archived' ? t('tickets.inbox.archivedCampaign', { title: c.title }) : c.title,
  }));

  return (
    <>
      <PageHeader title={t('tickets.inbox.title')} description={t('tickets.inbox.description')} />
      <Stack gap="md">
        <TicketFilters {...listing.filterProps} campaigns={campaigns} />
        <TicketTable
          listing={listing}
          columns={columns}
          label={t('tickets.inbox.label')}
          loadingRows={5}
          totalLabel={t('tickets.count', { count: total })}
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
