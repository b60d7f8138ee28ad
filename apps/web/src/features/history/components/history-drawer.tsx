import { Drawer } from '@mantine/core';
import type { Product } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from './history-panel';

type HistoryDrawerProps = { opened: boolean; onClose: () => void; area: Product; areas: Product[] };

/** The history's drawer: its own chunk, loaded when the owner first points at or opens the history. */
export const HistoryDrawer = ({ opened, onClose, area, areas }: HistoryDrawerProps) => {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('history.title')}>
      {/* key: reopening starts on the area the owner is working in. */}
      <HistoryPanel key={area} initialArea={area} areas={areas} onNavigate={onClose} />
    </Drawer>
  );
};
