import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, pageCount, pagedQueryProps } from './paged-table';
import type { ResponsiveColumn } from './responsive-table';

type Row = { id: string; title: string };
const columns: ResponsiveColumn<Row>[] = [
  { key: 'title', header: 'Title', primary: true, cell: (r) => r.title },
];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(i), title: `Record ${i + 1}` }));

const renderTable = (props: Partial<ComponentProps<typeof PagedTable<Row>>> = {}) =>
  render(
    <MantineProvider env="test">
      <PagedTable
        columns={columns}
        rows={rows(2)}
        rowKey={(r) => r.id}
        label="Records"
        page={1}
        pageSize={2}
        total={2}
        onPageChange={() => undefined}
        empty="Nothing here yet"
        {...props}
      />
    </MantineProvider>,
  );

describe('paged table', () => {
  it('counts at least one page', () => {
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20)]).toEqual([1, 1, 2]);
  });

  it("takes a page's query as its rows, total, loading, refetch and failed load with a retry", () => {
    const refetch = vi.fn();
    const query = { isPending: false, isFetching: true, isError: false, refetch };
    expect(pagedQueryProps({ ...query, data: { documents: rows(2), total: 7 } })).toEqual({
      rows: rows(2),
      total: 7,
      loading: false,
      busy: true,
      failed: undefined,
    });
    const failed = pagedQueryProps<Row>({ ...query, isFetching: false, isError: true, data: undefined });
    expect(failed).toMatchObject({ rows: undefined, total: 0, loading: false, busy: false });
    failed.failed?.onRetry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the pager, with its own labels, only when there is more than one page', async () => {
    const onPageChange = vi.fn();
    const { unmount } = renderTable();
    expect(screen.getByRole('table', { name: 'Records' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    unmount();

    renderTable({ total: 5, onPageChange, totalLabel: '5 records' });
    expect(screen.getByText('5 records')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('says "empty" once a page loaded without records, and "failed" with a retry when none could load', async () => {
    const { unmount } = renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Nothing here yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    const onRetry = vi.fn();
    renderTable({ rows: undefined, total: 0, failed: { onRetry } });
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
