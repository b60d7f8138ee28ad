import { Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import type { Campaign, TicketListItem } from '@parley/contract';
import { IconInbox, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { useCampaignContactLists } from '@/lib/contact-lists';
import { MassFollowUpDialog } from './mass-follow-up-dialog';
import { ticketContactName, useTicketColumns } from './ticket-columns';
import { TicketFilters } from './ticket-filters';
import { TicketTable, useTicketListing } from './ticket-table';
import {
  type TicketFilters as TicketFilterValues,
  ticketLink,
  useTicketFilterParams,
} from './use-ticket-filter-params';

/**
 * A campaign's tickets as an inbox (on its participants tab): filters in the address, unread
 * tickets marked, and a mass follow-up (D14) to the chosen tickets or to every open one.
 */
export const TicketList = ({
  campaign,
}: {
  campaign: Pick<Campaign, '_id' | 'title' | 'language' | 'isGroupCampaign' | 'state'>;
}) => {
  const { t } = useTranslation();
  const campaignId = campaign._id;
  const params = useTicketFilterParams();
  const { filters } = params;
  const linkedLists = useCampaignContactLists(campaignId, campaign.isGroupCampaign);
  const lists = campaign.isGroupCampaign ? (linkedLists.data?.documents ?? []) : [];
  // A list unlinked meanwhile no longer filters; while the linked lists load, the address's stands.
  const contactListId =
    campaign.isGroupCampaign &&
    filters.contactListId &&
    (linkedLists.isPending || lists.some((l) => l._id === filters.contactListId))
      ? filters.contactListId
      : undefined;
  const listing = useTicketListing(params, { campaignId, contactListId });
  const { data } = listing.tickets;
  const selection = useRowSelection<TicketListItem>((ticket) => ticket._id);
  const [followingUp, setFollowingUp] = useState(false);

  const rows = data?.documents;
  const total = data?.total ?? 0;
  const ticketColumns = useTicketColumns({ linkTo: (ticket) => ticketLink(ticket, filters, 'campaign') });
  const columns = [
    selectionColumn({
      selection,
      rows,
      rowLabel: (ticket) =>
        t('tickets.list.select', {
          name: ticket.contact
            ? ticketContactName(ticket) || ticket.contact.email
            : t('tickets.deletedContact'),
        }),
      pageLabel: t('tickets.list.selectPage'),
      cardLabel: t('tickets.list.selected'),
      // An archived ticket is read-only: a follow-up does not reach it.
      disabled: (ticket) => ticket.ignored,
    }),
    ...ticketColumns,
  ];
  const onlyListFilter = contactListId !== undefined && onlyListFiltered(filters);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('tickets.listTitle')}
          </Title>
          {data ? (
            <Text fz="sm" c="dimmed">
              {t(data.totalAtLeast ? 'tickets.countAtLeast' : 'tickets.count', { count: total })}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="light"
          leftSection={<IconMessages size={16} aria-hidden />}
          onClick={() => setFollowingUp(true)}
        >
          {t('tickets.followUp.open')}
        </Button>
      </Group>
      <TicketFilters {...listing.filterProps} contactLists={lists} />
      {selection.count > 0 ? (
        <BulkActionsBar
          status={t('tickets.list.selectedCount', { count: selection.count })}
          label={t('tickets.list.bulkActions')}
          clearLabel={t('tickets.list.clearSelection')}
          onClear={selection.clear}
        >
          <Button
            size="xs"
            leftSection={<IconMessages size={14} aria-hidden />}
            onClick={() => setFollowingUp(true)}
          >
            {t('tickets.followUp.openSelected')}
          </Button>
        </BulkActionsBar>
      ) : null}
      <TicketTable
        listing={listing}
        columns={columns}
        label={t('tickets.listTitle')}
        noMatch={
          onlyListFilter
            ? { title: t('contactLists.filter.noTicketsTitle'), text: t('contactLists.filter.noTicketsText') }
            : undefined
        }
        empty={
          <EmptyState
            icon={<IconInbox size={28} aria-hidden />}
            title={t('tickets.emptyTitle')}
            description={t('tickets.list.emptyText')}
          />
        }
      />
      <MassFollowUpDialog
        opened={followingUp}
        onClose={() => setFollowingUp(false)}
        campaign={campaign}
        selected={selection.rows}
        onSent={selection.clear}
      />
    </Stack>
  );
};

/** The contact list is the only filter (the others are at their defaults): say so in its words. */
const onlyListFiltered = (filters: TicketFilterValues) =>
  !filters.unanswered &&
  !filters.newComments &&
  filters.rating === '' &&
  filters.search.trim() === '' &&
  filters.archived === 'false';
