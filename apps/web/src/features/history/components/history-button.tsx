import { Box, Button, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Product } from '@parley/contract';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textsReady } from '@/lib/texts';
import { useHistory } from '../api/get-history';

// The drawer (Mantine's Drawer, the panel, the list) is not part of the first screen: it is fetched when
// the owner points at or focuses the button, at the latest when they open it.
const loadDrawer = () => import('./history-drawer');
const prefetchDrawer = () => {
  loadDrawer().catch(() => undefined);
};
const HistoryDrawer = lazy(async () => {
  const { HistoryDrawer } = await loadDrawer();
  await textsReady();
  return { default: HistoryDrawer };
});

type HistoryButtonProps = { area: Product; areas: Product[] };

/**
 * The header's history control for the active area. It shows "new" when any entry has
 * isNewHistory; the accessible name says so too, since the badge alone is only visual.
 */
export const HistoryButton = ({ area, areas }: HistoryButtonProps) => {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // Rendered from the first opening on (so that closing plays its transition), never before.
  const [used, setUsed] = useState(false);
  const history = useHistory(area);
  const hasNew =
    !!history.data &&
    (history.data.newCount > 0 || history.data.documents.some((entry) => entry.isNewHistory));

  return (
    <>
      <Indicator
        disabled={!hasNew}
        label={<span aria-hidden>{t('history.new')}</span>}
        size={16}
        color="red"
        offset={4}
      >
        <Button
          variant="subtle"
          leftSection={<IconHistory size={18} aria-hidden />}
          onClick={() => {
            setUsed(true);
            open();
          }}
          onPointerEnter={prefetchDrawer}
          onFocus={prefetchDrawer}
          aria-label={hasNew ? t('history.buttonWithNew') : t('history.button')}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {/* On a phone the icon alone, so the header keeps room; the accessible name says it all. */}
          <Box component="span" visibleFrom="sm">
            {t('history.button')}
          </Box>
        </Button>
      </Indicator>
      {used ? (
        <Suspense fallback={null}>
          <HistoryDrawer opened={opened} onClose={close} area={area} areas={areas} />
        </Suspense>
      ) : null}
    </>
  );
};
