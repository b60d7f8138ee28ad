import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

/** The console's information items (public call). */
export const infoQuery = { platform: 'Web', category: 'WebInfo' } as const;

export const getInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['info', infoQuery.platform, infoQuery.category],
    queryFn: ({ signal }) => call(api.info.all, { query: infoQuery }, { signal }),
  });

export const useInfo = () => useQuery(getInfoQueryOptions());
