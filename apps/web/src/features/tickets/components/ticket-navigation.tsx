import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTicketIds } from '../api/get-ticket-ids';
import { readTicketFilter } from '../lib/ticket-filter';

/**
 * Where a ticket stands in the list it was opened from: the filter is the page's search params
 * (the list passes its own along; `inbox=1` means across campaigns), and moving keeps them.
 */
export const useTicketNeighbours = ({
  campaignId,
  ticketId,
  search,
}: {
  campaignId: string;
  ticketId: string;
  /** The page's search string (`?archived=false&…`), kept when moving. */
  search: string;
}) => {
  const { inbox, campaign, filter } = readTicketFilter(new URLSearchParams(search));
  const scope = inbox ? (campaign ?? 'all') : campaignId;
  const ids = useTicketIds(scope, filter, scope !== '');
  const list = ids.data?.ids ?? [];
  const index = list.indexOf(ticketId);
  const at = (i: number) => (index >= 0 ? list[index + i] : undefined);
  // In the inbox the next ticket may be another campaign's: the page corrects the address once it
  // has loaded (the ids carry no campaign).
  const to = (id: string | undefined) => (id ? `${paths.campaignTicket(campaignId, id)}${search}` : null);
  return {
    inbox,
    position: index >= 0 ? index + 1 : null,
    total: list.length,
    truncated: ids.data?.truncated ?? false,
    previousTo: to(at(-1)),
    nextTo: to(at(1)),
  };
};

export type TicketNeighbours = ReturnType<typeof useTicketNeighbours>;

const NavButton = ({ to, label, icon }: { to: string | null; label: string; icon: ReactNode }) => (
  <Tooltip label={label} withArrow>
    {to ? (
      <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={label}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon variant="default" size="lg" aria-label={label} disabled>
        {icon}
      </ActionIcon>
    )}
  </Tooltip>
);

/** Previous, "3 of 17", next. */
export const TicketNavigation = ({ neighbours }: { neighbours: TicketNeighbours }) => {
  const { t } = useTranslation();
  const { position, total, truncated } = neighbours;
  return (
    <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('tickets.nav.label')}>
      <NavButton
        to={neighbours.previousTo}
        label={t('tickets.nav.previous')}
        icon={<IconChevronLeft size={18} aria-hidden />}
      />
      {position !== null ? (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {truncated
            ? t('tickets.nav.positionMore', { position, total })
            : t('tickets.nav.position', { position, total })}
        </Text>
      ) : null}
      <NavButton
        to={neighbours.nextTo}
        label={t('tickets.nav.next')}
        icon={<IconChevronRight size={18} aria-hidden />}
      />
    </Group>
  );
};
