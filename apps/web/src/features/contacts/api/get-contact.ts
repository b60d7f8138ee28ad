import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactQueryKeys } from './contact-query-keys';

/** GET /contact/:id: the contact with its notes, tags, campaigns, invitations and tickets. */
export const getContact = (id: string, signal?: AbortSignal) =>
  call(api.contacts.get, { params: { id } }, { signal });

export const getContactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactQueryKeys.detail(id),
    queryFn: ({ signal }) => getContact(id, signal),
    // The page says "not found" itself (a deleted contact, another manufacturer's id, a typo).
    meta: { errorNotification: false },
  });

export const useContact = (id: string) => useQuery(getContactQueryOptions(id));
