import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type ContactsToAddQuery, participantQueryKeys } from './participant-query-keys';

/** GET /campaign/:id/contacts-to-add: contacts not invited to the campaign yet (nor answering it). */
export const getContactsToAdd = (campaignId: string, query: ContactsToAddQuery, signal?: AbortSignal) =>
  call(api.invitations.toAdd, { params: { id: campaignId }, query }, { signal });

export const getContactsToAddQueryOptions = (campaignId: string, query: ContactsToAddQuery) =>
  queryOptions({
    queryKey: participantQueryKeys.toAdd(campaignId, query),
    queryFn: ({ signal }) => getContactsToAdd(campaignId, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorNotification: false },
  });

export const useContactsToAdd = (campaignId: string, query: ContactsToAddQuery) =>
  useQuery(getContactsToAddQueryOptions(campaignId, query));
