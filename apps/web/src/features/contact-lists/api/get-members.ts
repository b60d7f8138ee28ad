import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type ContactListMembersQuery, contactListQueryKeys } from '@/lib/contact-lists';

/** GET /contactList/:id/contacts: the list's members, newest first, paged and searched by the server. */
export const getMembers = (id: string, query: ContactListMembersQuery, signal?: AbortSignal) =>
  call(api.contactLists.members, { params: { id }, query }, { signal });

export const getMembersQueryOptions = (id: string, query: ContactListMembersQuery) =>
  queryOptions({
    queryKey: contactListQueryKeys.memberPage(id, query),
    queryFn: ({ signal }) => getMembers(id, query, signal),
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useMembers = (id: string, query: ContactListMembersQuery) =>
  useQuery(getMembersQueryOptions(id, query));
