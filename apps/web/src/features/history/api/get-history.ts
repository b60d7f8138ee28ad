import type { Product } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

/** History page size. */
export const historyPageSize = 50;
/** The "new" indicator looks again this often while the console is open (answers arrive any time). */
const historyPollMs = 60_000;

export const historyQueryKeys = {
  all: ['history'] as const,
  area: (product: Product) => ['history', product] as const,
};

export const getHistory = (product: Product, signal?: AbortSignal) =>
  call(api.history.me, { query: { product, limit: historyPageSize } }, { signal });

// A failed load shows the generic error notification (the central query handler).
export const getHistoryQueryOptions = (product: Product) =>
  queryOptions({
    queryKey: historyQueryKeys.area(product),
    queryFn: ({ signal }) => getHistory(product, signal),
    refetchInterval: historyPollMs,
  });

export const useHistory = (product: Product) => useQuery(getHistoryQueryOptions(product));
