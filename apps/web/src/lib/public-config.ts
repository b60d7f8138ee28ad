import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => call(api.info.config, {}, { signal }),
    // Support links, analytics and tracing are extras: the console works without them.
    meta: { errorNotification: false },
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
