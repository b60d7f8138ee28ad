import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { HistoryEntry } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '@/lib/use-date-format';
import { historyEntryPath } from './history-entry-path';

type HistoryListProps = { entries: HistoryEntry[]; onOpen: (entry: HistoryEntry) => void };

const EntryContent = ({ entry }: { entry: HistoryEntry }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  return (
    <Stack gap={2}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={entry.isNewHistory ? 700 : 500}>
          {t(`history.kinds.${entry.kind}`)}
        </Text>
        {entry.isNewHistory ? (
          <Badge size="xs" color="red" variant="filled">
            {t('history.new')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" lineClamp={2}>
        {entry.subject.title ?? t('history.untitled')}
      </Text>
      {typeof entry.data.participant === 'string' ? (
        <Text size="sm" lineClamp={1}>
          {t('history.participant', { participant: entry.data.participant })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </Text>
    </Stack>
  );
};

/** Entries newest first; each opens its subject (and counts as seen). */
export const HistoryList = ({ entries, onOpen }: HistoryListProps) => (
  <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
    {entries.map((entry) => {
      const to = historyEntryPath(entry);
      return (
        <li key={entry._id}>
          {to ? (
            <UnstyledButton
              component={Link}
              to={to}
              onClick={() => onOpen(entry)}
              p="xs"
              w="100%"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <EntryContent entry={entry} />
            </UnstyledButton>
          ) : (
            <div style={{ padding: 'var(--mantine-spacing-xs)' }}>
              <EntryContent entry={entry} />
            </div>
          )}
        </li>
      );
    })}
  </Stack>
);
