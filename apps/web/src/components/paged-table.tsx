import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResponsiveColumn, ResponsiveTable } from './responsive-table';

/** How many pages `total` records fill, at least one (an empty list still has its first page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A list query as a page of records answers it (`{ documents, total }`), with TanStack Query's states. */
type PagedQuery<Row> = {
  data: { documents: readonly Row[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A page's query as a PagedTable's props, to spread on it: the page's records and the total, the
 * first load, a refetch, and a failed load with its retry.
 */
export const pagedQueryProps = <Row,>(query: PagedQuery<Row>) => ({
  rows: query.data?.documents,
  total: query.data?.total ?? 0,
  loading: query.isPending,
  busy: query.isFetching,
  failed: query.isError ? { onRetry: () => void query.refetch() } : undefined,
});

type PagedTableProps<Row> = {
  columns: readonly ResponsiveColumn<Row>[];
  /** The current page's records; undefined while loading. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Names the table for assistive technology. */
  label: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Records in all pages (0 until the first page has loaded). */
  total: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  loadingRows?: number;
  /** A refetch is running: the shown rows may change. */
  busy?: boolean;
  /** Shown in a frame instead of the table once a page loaded without records. */
  empty: ReactNode;
  /**
   * The page could not be loaded and none is shown: say so and offer a retry, instead of an
   * empty list that would mislead. Without it a failed load shows an empty table.
   */
  failed?: { onRetry: () => void };
  /** The number of records beside the pager (e.g. "42 campaigns"), when the page shows it nowhere else. */
  totalLabel?: ReactNode;
};

/**
 * The console's list of records fetched a page at a time: the table (cards on a narrow screen),
 * its empty and failed states, and the pager once there is more than one page.
 */
export const PagedTable = <Row,>({
  columns,
  rows,
  rowKey,
  label,
  page,
  pageSize,
  total,
  onPageChange,
  loading = false,
  loadingRows,
  busy,
  empty,
  failed,
  totalLabel,
}: PagedTableProps<Row>) => {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  let body: ReactNode;
  if (failed && !rows && !loading) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text>{t('common.loadFailed')}</Text>
          <Button variant="light" onClick={failed.onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (!loading && rows?.length === 0) {
    body = (
      <Paper withBorder p="xl" radius="md">
        {empty}
      </Paper>
    );
  } else {
    body = (
      <ResponsiveTable
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        label={label}
        loading={loading}
        loadingRows={loadingRows}
        busy={busy}
      />
    );
  }
  return (
    <>
      {body}
      {total > pageSize ? (
        <Group justify={totalLabel ? 'space-between' : 'flex-end'}>
          {totalLabel ? (
            <Text fz="sm" c="dimmed">
              {totalLabel}
            </Text>
          ) : null}
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            getControlProps={(control) => ({
              'aria-label': t(`components.pagedTable.pagination.${control}`),
            })}
            getItemProps={(item) => ({
              'aria-label': t('components.pagedTable.pagination.page', { page: item }),
            })}
          />
        </Group>
      ) : null}
    </>
  );
};
