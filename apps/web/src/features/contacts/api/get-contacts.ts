import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type ContactListQuery, contactQueryKeys } from './contact-query-keys';

/** GET /v2/contact/all: paged, searched, filtered and sorted by the server. */
export const getContacts = (query: ContactListQuery, signal?: AbortSignal) =>
  call(api.contacts.list, { query }, { signal });

export const getContactsQueryOptions = (query: ContactListQuery) =>
  queryOptions({
    queryKey: contactQueryKeys.list(query),
    queryFn: ({ signal }) => getContacts(query, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useContacts = (query: ContactListQuery) => useQuery(getContactsQueryOptions(query));
