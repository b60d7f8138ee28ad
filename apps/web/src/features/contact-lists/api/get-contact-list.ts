import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactListQueryKeys } from '@/lib/contact-lists';

/** GET /contactList/:id: the list with its member count and linked campaigns. */
export const getContactList = (id: string, signal?: AbortSignal) =>
  call(api.contactLists.get, { params: { id } }, { signal });

export const getContactListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactListQueryKeys.detail(id),
    queryFn: ({ signal }) => getContactList(id, signal),
    // The page says "not found" itself (a deleted list, another manufacturer's id, a typo).
    meta: { errorNotification: false },
  });

export const useContactList = (id: string) => useQuery(getContactListQueryOptions(id));
