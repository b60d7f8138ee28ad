import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type ParticipantListQuery, participantQueryKeys } from './participant-query-keys';

/** GET /campaign/:id/contacts: invited and answering people with each invitation's state, paged by the server. */
export const getParticipants = (campaignId: string, query: ParticipantListQuery, signal?: AbortSignal) =>
  call(api.invitations.participants, { params: { id: campaignId }, query }, { signal });

export const getParticipantsQueryOptions = (campaignId: string, query: ParticipantListQuery) =>
  queryOptions({
    queryKey: participantQueryKeys.list(campaignId, query),
    queryFn: ({ signal }) => getParticipants(campaignId, query, signal),
    placeholderData: keepPreviousData,
    // Invitations change state as their mails go out: every visit of the tab reads them afresh.
    staleTime: 0,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useParticipants = (campaignId: string, query: ParticipantListQuery) =>
  useQuery(getParticipantsQueryOptions(campaignId, query));
