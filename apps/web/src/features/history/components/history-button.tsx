import { Box, Button, Drawer, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Product } from '@parley/contract';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../api/get-history';
import { HistoryPanel } from './history-panel';

type HistoryButtonProps = { area: Product; areas: Product[] };

/**
 * The header's history control for the active area. It shows "new" when any entry has
 * isNewHistory; the accessible name says so too, since the badge alone is only visual.
 */
export const HistoryButton = ({ area, areas }: HistoryButtonProps) => {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
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
          onClick={open}
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
      <Drawer opened={opened} onClose={close} position="right" title={t('history.title')}>
        {/* key: reopening starts on the area the owner is working in. */}
        <HistoryPanel key={area} initialArea={area} areas={areas} onNavigate={close} />
      </Drawer>
    </>
  );
};
