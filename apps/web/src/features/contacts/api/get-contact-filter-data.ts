import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactQueryKeys } from './contact-query-keys';

/** GET /v2/contact/additional-info-filter-data: the countries, cities and campaigns the filters offer. */
export const getContactFilterData = (signal?: AbortSignal) => call(api.contacts.filterData, {}, { signal });

export const getContactFilterDataQueryOptions = () =>
  queryOptions({
    queryKey: contactQueryKeys.filterData,
    queryFn: ({ signal }) => getContactFilterData(signal),
  });

export const useContactFilterData = () => useQuery(getContactFilterDataQueryOptions());
