import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { participantQueryKeys } from './participant-query-keys';

/** GET /campaign/:id/contacts/statistics: invitations by state and the response rate. */
export const getParticipantStatistics = (campaignId: string, signal?: AbortSignal) =>
  call(api.invitations.statistics, { params: { id: campaignId } }, { signal });

export const getParticipantStatisticsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: participantQueryKeys.statistics(campaignId),
    queryFn: ({ signal }) => getParticipantStatistics(campaignId, signal),
    staleTime: 0,
  });

export const useParticipantStatistics = (campaignId: string) =>
  useQuery(getParticipantStatisticsQueryOptions(campaignId));
