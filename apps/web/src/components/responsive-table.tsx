import { Box, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { placeholderKeys } from './loaders';

/** Placeholder rows of a table while its page loads (here, not in loaders.tsx: the shell loads no Table). */
const TableSkeletonRows = ({ rows, columns }: { rows: number; columns: number }) => (
  <>
    {placeholderKeys(rows, 'row-').map((rowKey) => (
      <Table.Tr key={rowKey}>
        {placeholderKeys(columns, 'cell-').map((cellKey) => (
          <Table.Td key={cellKey}>
            <Skeleton height={16} />
          </Table.Td>
        ))}
      </Table.Tr>
    ))}
  </>
);

export type ResponsiveColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /**
   * The column that names the row (a title, a person). A card shows it first, as its heading,
   * without its header; every other column follows as a labelled pair.
   */
  primary?: boolean;
  /** What a card names the column by, when its table header is not a plain name (a check box). */
  cardHeader?: ReactNode;
};

type ResponsiveTableProps<Row> = {
  columns: readonly ResponsiveColumn<Row>[];
  /** Undefined while loading. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Names the table (or the list of cards) for assistive technology. */
  label: string;
  loading?: boolean;
  /** Placeholder rows while loading. */
  loadingRows?: number;
  /** A refetch is running: the shown rows may change. */
  busy?: boolean;
};

/**
 * Below this width a table becomes stacked cards: on a phone (and a narrow window with the sidebar
 * open) four columns are cut to "Zuletzt geä…" or scroll sideways out of sight. Mantine's `md`.
 */
export const cardsQuery = '(max-width: 61.99em)';

/**
 * The console's one list of records: a table on a wide screen, a list of cards on a narrow one,
 * with the same columns, so the campaign, participant, contact, list and tag tables all behave
 * alike. Cards keep every column, each under its header's name.
 */
export const ResponsiveTable = <Row,>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  loadingRows = 3,
  busy = false,
}: ResponsiveTableProps<Row>) => {
  // Read at once, so a phone never draws the table first.
  const cards = useMediaQuery(cardsQuery, false, { getInitialValueInEffect: false });
  const primary = columns.find((c) => c.primary);
  const rest = columns.filter((c) => c !== primary);

  if (cards) {
    if (loading) {
      return (
        <Stack gap="sm" aria-busy="true" aria-label={label}>
          {Array.from({ length: loadingRows }, (_, i) => `card-${i}`).map((key) => (
            <Skeleton key={key} height={96} radius="md" />
          ))}
        </Stack>
      );
    }
    return (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        aria-label={label}
        aria-busy={busy}
        style={{ listStyle: 'none' }}
      >
        {rows?.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm" miw={0}>
            <Stack gap="xs">
              {primary ? <Box style={{ overflowWrap: 'anywhere' }}>{primary.cell(row)}</Box> : null}
              <Box
                component="dl"
                m={0}
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)',
                  columnGap: 'var(--mantine-spacing-sm)',
                  rowGap: 'var(--mantine-spacing-xs)',
                  alignItems: 'center',
                }}
              >
                {rest.map((column) => (
                  <CardField key={column.key} header={column.cardHeader ?? column.header}>
                    {column.cell(row)}
                  </CardField>
                ))}
              </Box>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <TableSkeletonRows rows={loadingRows} columns={columns.length} />
          ) : (
            rows?.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

const CardField = ({ header, children }: { header: ReactNode; children: ReactNode }) => (
  <>
    <Text component="dt" fz="sm" c="dimmed">
      {header}
    </Text>
    <Box component="dd" m={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  </>
);
