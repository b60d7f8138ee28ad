import { ActionIcon, Anchor, Box, Burger, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { paths } from '@/config/paths';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';
import classes from './console-layout.module.css';

type SidebarStatus = 'open' | 'collapsed';

type ConsoleLayoutProps = {
  /** Right side of the header: history, language, account. */
  headerActions: ReactNode;
  /** The sidebar's content; gets a callback that closes the mobile drawer after navigating. */
  navbar: (onNavigate: () => void) => ReactNode;
  navbarFooter?: ReactNode;
  children: ReactNode;
};

/** The console's frame (console-layout.module.css); the sidebar's collapsed state survives reloads. */
export const ConsoleLayout = ({ headerActions, navbar, navbarFooter, children }: ConsoleLayoutProps) => {
  const { t } = useTranslation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [sidebar, setSidebar] = useState<SidebarStatus>(() =>
    readStorage<SidebarStatus>(storageKeys.sidebarStatus) === 'collapsed' ? 'collapsed' : 'open',
  );
  const toggleSidebar = () => {
    const next: SidebarStatus = sidebar === 'open' ? 'collapsed' : 'open';
    writeStorage(storageKeys.sidebarStatus, next);
    setSidebar(next);
  };
  const collapseLabel = sidebar === 'open' ? t('nav.collapseSidebar') : t('nav.expandSidebar');
  // A sidebar moved off screen must leave the Tab order too (sm: Mantine's 48em breakpoint).
  // Read at once (no server rendering here), so a wide screen never starts with an inert sidebar.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const navbarHidden = wide ? sidebar === 'collapsed' : !mobileOpened;

  return (
    <div className={classes.shell}>
      <SkipLink targetId="main-content" label={t('nav.skipToContent')} />
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.openNavigation')}
              aria-expanded={mobileOpened}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              visibleFrom="sm"
              onClick={toggleSidebar}
              aria-label={collapseLabel}
              // The browser's own tooltip: Mantine's Tooltip would bring floating-ui into the first screen.
              title={collapseLabel}
              aria-expanded={sidebar === 'open'}
            >
              {sidebar === 'open' ? (
                <IconLayoutSidebarLeftCollapse aria-hidden />
              ) : (
                <IconLayoutSidebarLeftExpand aria-hidden />
              )}
            </ActionIcon>
            <Anchor component={Link} to={paths.dashboard} underline="never" aria-label={t('nav.home')}>
              <Text fw={800} size="lg" c="blue.8">
                {t('common.appName')}
              </Text>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerActions}
          </Group>
        </Group>
      </header>
      <Box
        component="nav"
        className={classes.navbar}
        aria-label={t('nav.main')}
        inert={navbarHidden}
        mod={{ 'mobile-opened': mobileOpened, collapsed: sidebar === 'collapsed' }}
      >
        <Stack h="100%" gap="sm" justify="space-between">
          {navbar(mobile.close)}
          {navbarFooter}
        </Stack>
      </Box>
      <Box
        component="main"
        className={classes.main}
        id="main-content"
        tabIndex={-1}
        mod={{ collapsed: sidebar === 'collapsed' }}
      >
        {children}
      </Box>
    </div>
  );
};
