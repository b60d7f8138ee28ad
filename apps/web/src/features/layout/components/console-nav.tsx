import { Badge, Box, NavLink, Stack, Text } from '@mantine/core';
import type { Product } from '@parley/contract';
import {
  IconAddressBook,
  IconInbox,
  IconLayoutDashboard,
  IconListDetails,
  IconMessage2,
  IconSpeakerphone,
  IconTags,
  IconTemplate,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { usePendingContactRequestCount } from '@/lib/contact-request-count';

type NavItem = {
  to: string;
  label:
    | 'dashboard'
    | 'campaigns'
    | 'inbox'
    | 'contacts'
    | 'contactLists'
    | 'contactRequests'
    | 'tagGroups'
    | 'tickets'
    | 'templates'
    | 'profile';
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
};

const areaItems: Record<Product, NavItem[]> = {
  connect: [
    { to: paths.campaigns, label: 'campaigns', icon: IconSpeakerphone },
    { to: paths.inbox, label: 'inbox', icon: IconInbox },
    { to: paths.contacts, label: 'contacts', icon: IconAddressBook },
    { to: paths.contactLists, label: 'contactLists', icon: IconListDetails },
    { to: paths.contactRequests, label: 'contactRequests', icon: IconUserPlus },
    { to: paths.tagGroups, label: 'tagGroups', icon: IconTags },
  ],
  platform: [{ to: paths.tickets, label: 'tickets', icon: IconMessage2 }],
};

const generalItems: NavItem[] = [
  { to: paths.templates, label: 'templates', icon: IconTemplate },
  { to: paths.profile, label: 'profile', icon: IconUser },
];

const underPath = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The item of the page shown. A campaign's ticket lives under its campaign's address, but one opened
 * from the Inbox carries `inbox=1` (docs/product-decisions.md, "Ticket conversation"): the Inbox is
 * the page the owner works in, so it is highlighted, not Campaigns.
 */
const isActive = (pathname: string, search: string, to: string) => {
  const fromInbox =
    /^\/connect\/campaigns\/[^/]+\/tickets\/[^/]+\/?$/.test(pathname) &&
    new URLSearchParams(search).get('inbox') === '1';
  if (fromInbox && to === paths.inbox) return true;
  if (fromInbox && to === paths.campaigns) return false;
  return underPath(pathname, to);
};

type ConsoleNavProps = { connectEnabled: boolean; onNavigate: () => void };

/** The sidebar: both product areas (D9) plus templates and profile. */
export const ConsoleNav = ({ connectEnabled, onNavigate }: ConsoleNavProps) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // D18: how many contact requests wait for a decision, beside their link.
  const pendingRequests = usePendingContactRequestCount(connectEnabled).data ?? 0;

  const link = ({ to, label, icon: Icon }: NavItem) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      label={t(`nav.${label}`)}
      // The count is read with the link's name in one piece ("Contact requests, 3 pending"); the
      // badge beside it is only seen.
      aria-label={
        label === 'contactRequests' && pendingRequests > 0
          ? `${t(`nav.${label}`)}${t('nav.pendingRequests', { count: pendingRequests })}`
          : undefined
      }
      rightSection={
        label === 'contactRequests' && pendingRequests > 0 ? (
          <Badge size="sm" circle={pendingRequests < 10} aria-hidden>
            {pendingRequests > 99 ? '99+' : pendingRequests}
          </Badge>
        ) : undefined
      }
      leftSection={<Icon size={18} aria-hidden />}
      active={isActive(pathname, search, to)}
      aria-current={isActive(pathname, search, to) ? 'page' : undefined}
      onClick={onNavigate}
    />
  );

  return (
    // The browser's own scrolling: Mantine's ScrollArea brings floating-ui into the first screen.
    <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <Stack gap="md">
        <div>{link({ to: paths.dashboard, label: 'dashboard', icon: IconLayoutDashboard })}</div>
        {(['connect', 'platform'] as const).map((area) => (
          <section key={area} aria-labelledby={`nav-area-${area}`}>
            <Text
              component="div"
              id={`nav-area-${area}`}
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              px="sm"
              mb={4}
            >
              {t(`nav.${area}`)}
              {area === 'connect' && !connectEnabled ? (
                <Badge size="xs" variant="light" color="gray" ml="xs" tt="none">
                  {t('nav.notEnabled')}
                </Badge>
              ) : null}
            </Text>
            {areaItems[area].map(link)}
          </section>
        ))}
        <div>{generalItems.map(link)}</div>
      </Stack>
    </Box>
  );
};
