import { Button, EmptyState, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { HistoryEntry, Product } from '@parley/contract';
import { IconChecks, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../api/get-history';
import { useMarkHistorySeen } from '../api/mark-history-seen';
import { HistoryList } from './history-list';

type HistoryPanelProps = { initialArea: Product; areas: Product[]; onNavigate: () => void };

/** The activity history of one product area, with mark-as-seen. */
export const HistoryPanel = ({ initialArea, areas, onNavigate }: HistoryPanelProps) => {
  const { t } = useTranslation();
  const [area, setArea] = useState<Product>(initialArea);
  const history = useHistory(area);
  const markSeen = useMarkHistorySeen();
  const entries = history.data?.documents ?? [];
  const newIds = entries.filter((entry) => entry.isNewHistory).map((entry) => entry._id);

  const open = (entry: HistoryEntry) => {
    if (entry.isNewHistory) markSeen.mutate([entry._id]);
    onNavigate();
  };

  return (
    <Stack gap="md">
      {areas.length > 1 ? (
        <SegmentedControl<Product>
          aria-label={t('history.area')}
          value={area}
          onChange={setArea}
          data={areas.map((value) => ({ value, label: t(`nav.${value}`) }))}
          fullWidth
        />
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {history.data ? t('history.count', { count: history.data.total }) : null}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          // Looks disabled but stays focusable (docs/product-decisions.md, keyboard focus): a real
          // `disabled` would drop the keyboard focus to the page body once all are marked seen.
          data-disabled={newIds.length === 0 || undefined}
          aria-disabled={newIds.length === 0}
          // No `loading` either: Mantine disables a loading button, which drops the focus too.
          aria-busy={markSeen.isPending}
          onClick={() => {
            if (newIds.length > 0 && !markSeen.isPending) markSeen.mutate(newIds);
          }}
        >
          {t('history.markAllSeen')}
        </Button>
      </Group>
      {history.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : entries.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconHistory aria-hidden />}
          title={t('history.empty')}
          description={t('history.emptyDescription')}
        />
      ) : (
        <HistoryList entries={entries} onOpen={open} />
      )}
    </Stack>
  );
};
