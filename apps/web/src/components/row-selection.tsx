import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ResponsiveColumn } from './responsive-table';

/**
 * Rows chosen in a paged list, kept by key across its pages (and the records themselves, so a
 * bulk action still knows an address chosen on another page).
 */
export const useRowSelection = <Row,>(rowKey: (row: Row) => string) => {
  const [chosen, setChosen] = useState<ReadonlyMap<string, Row>>(new Map());
  const change = (rows: readonly Row[], on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const row of rows) {
        if (on) next.set(rowKey(row), row);
        else next.delete(rowKey(row));
      }
      return next;
    });
  return {
    rows: [...chosen.values()],
    keys: [...chosen.keys()],
    count: chosen.size,
    has: (row: Row) => chosen.has(rowKey(row)),
    change,
    clear: () => setChosen(new Map()),
  };
};

export type RowSelection<Row> = ReturnType<typeof useRowSelection<Row>>;

/**
 * The check box column of a list with bulk actions: one box per row (named after the row) and one
 * in the header for the rows of the page shown. On a phone's card the column is named `cardLabel`.
 */
export const selectionColumn = <Row,>({
  selection,
  rows,
  rowLabel,
  pageLabel,
  cardLabel,
  disabled,
}: {
  selection: RowSelection<Row>;
  /** The rows shown (the header box chooses these). */
  rows: readonly Row[] | undefined;
  rowLabel: (row: Row) => string;
  pageLabel: string;
  cardLabel: string;
  /** Rows that cannot be chosen (e.g. an unsubscribed address). */
  disabled?: (row: Row) => boolean;
}): ResponsiveColumn<Row> => {
  const choosable = (rows ?? []).filter((row) => !disabled?.(row));
  const chosenHere = choosable.filter((row) => selection.has(row)).length;
  return {
    key: 'select',
    header: (
      <Checkbox
        aria-label={pageLabel}
        checked={choosable.length > 0 && chosenHere === choosable.length}
        indeterminate={chosenHere > 0 && chosenHere < choosable.length}
        disabled={choosable.length === 0}
        onChange={(e) => selection.change(choosable, e.currentTarget.checked)}
      />
    ),
    cardHeader: cardLabel,
    cell: (row) => (
      <Checkbox
        aria-label={rowLabel(row)}
        checked={selection.has(row)}
        disabled={disabled?.(row)}
        onChange={(e) => selection.change([row], e.currentTarget.checked)}
      />
    ),
  };
};

/**
 * The bar over a list while rows are chosen: how many (a status, so screen readers hear it), then
 * the bulk actions (`children`, named by `label`) and one that clears the choice.
 */
export const BulkActionsBar = ({
  status,
  label,
  clearLabel,
  onClear,
  children,
}: {
  status: string;
  label: string;
  clearLabel: string;
  onClear: () => void;
  children: ReactNode;
}) => (
  <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)">
    <Group justify="space-between" gap="sm">
      <Text fw={500} role="status">
        {status}
      </Text>
      <Group gap="xs" role="group" aria-label={label}>
        {children}
        <Button size="xs" variant="subtle" onClick={onClear}>
          {clearLabel}
        </Button>
      </Group>
    </Group>
  </Paper>
);
