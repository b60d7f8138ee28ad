import { Badge, EmptyState, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { memberName } from '@/lib/member-name';
import { usePagedSearch } from '@/lib/use-search-input';
import { PagedTable } from './paged-table';
import type { ResponsiveColumn } from './responsive-table';
import { selectionColumn, useRowSelection } from './row-selection';

/** A contact as a picker shows it: its name (else its address) and whether it unsubscribed. */
export type PickableContact = Parameters<typeof memberName>[0] & {
  _id: string;
  email: string;
  unsubscribed: boolean;
};

/**
 * What a contact picker keeps: the page and the search (a new search starts again at page 1), the
 * contacts chosen across pages (at most `max`), and whether going on was tried with none chosen.
 */
export const useContactPicker = <Row extends PickableContact>({ max }: { max: number }) => {
  const paging = usePagedSearch();
  const selection = useRowSelection<Row>((c) => c._id);
  const [attempted, setAttempted] = useState(false);
  const ids = selection.keys;
  const tooMany = ids.length > max;
  return {
    ...paging,
    selection,
    ids,
    max,
    tooMany,
    attempted,
    /** Going on was tried: true when the choice can be sent (some contacts, not too many). */
    attempt: () => {
      setAttempted(true);
      return ids.length > 0 && !tooMany;
    },
  };
};

export type ContactPickerState<Row extends PickableContact> = ReturnType<typeof useContactPicker<Row>>;

/** The page of contacts the picker shows (a TanStack query's result). */
type PickerQuery<Row> = {
  data: { documents: Row[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The picker's words, in the caller's terms (contacts of a list, participants of a campaign). */
export type ContactPickerTexts<Row> = {
  search: string;
  searchPlaceholder: string;
  /** Names the table. */
  table: string;
  selectRow: (row: Row) => string;
  selectPage: string;
  /** The check box column's name on a phone's card. */
  selected: string;
  contactColumn: string;
  statusColumn: string;
  unsubscribed: string;
  total: (count: number) => string;
  emptyTitle: string;
  emptyText: string;
  noMatchTitle: string;
  noMatchText: string;
  tooMany: (count: number, max: number) => string;
  noneChosen: string;
  chosen: (count: number) => string;
};

/**
 * A searchable, paged table of contacts to choose from across pages: the search field, the table
 * with a check box per contact, and a status line that counts the chosen ones (or says what is
 * wrong with the choice). An unsubscribed contact is marked, and cannot be chosen with
 * `unsubscribedDisabled`.
 */
export const ContactPicker = <Row extends PickableContact>({
  picker,
  query,
  pageSize,
  texts,
  unsubscribedDisabled = false,
}: {
  picker: ContactPickerState<Row>;
  query: PickerQuery<Row>;
  pageSize: number;
  texts: ContactPickerTexts<Row>;
  unsubscribedDisabled?: boolean;
}) => {
  const { data, isPending, isFetching, isError, refetch } = query;
  const { selection, ids, search, tooMany, attempted } = picker;
  const total = data?.total ?? 0;
  const columns: ResponsiveColumn<Row>[] = [
    selectionColumn({
      selection,
      rows: data?.documents,
      rowLabel: texts.selectRow,
      pageLabel: texts.selectPage,
      cardLabel: texts.selected,
      ...(unsubscribedDisabled ? { disabled: (c: Row) => c.unsubscribed } : {}),
    }),
    {
      key: 'contact',
      header: texts.contactColumn,
      primary: true,
      cell: (c) => {
        const name = memberName(c);
        return (
          <Stack gap={0}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name || c.email}
            </Text>
            {name ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: texts.statusColumn,
      cell: (c) =>
        c.unsubscribed ? (
          <Badge color="orange" variant="light" miw="max-content">
            {texts.unsubscribed}
          </Badge>
        ) : (
          <Text fz="sm">—</Text>
        ),
    },
  ];
  const invalid = (attempted && ids.length === 0) || tooMany;

  return (
    <>
      <TextInput
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={picker.searchInput}
        onChange={(e) => picker.setSearchInput(e.currentTarget.value)}
        data-autofocus
      />
      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(c) => c._id}
        label={texts.table}
        page={picker.page}
        pageSize={pageSize}
        total={total}
        onPageChange={picker.setPage}
        loading={isPending}
        busy={isFetching}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        totalLabel={texts.total(total)}
        empty={
          <EmptyState
            size="sm"
            icon={<IconUsers size={24} aria-hidden />}
            title={search ? texts.noMatchTitle : texts.emptyTitle}
            description={search ? texts.noMatchText : texts.emptyText}
          />
        }
      />
      <Text fz="sm" role="status" c={invalid ? 'red' : undefined}>
        {tooMany
          ? texts.tooMany(ids.length, picker.max)
          : attempted && ids.length === 0
            ? texts.noneChosen
            : texts.chosen(ids.length)}
      </Text>
    </>
  );
};
