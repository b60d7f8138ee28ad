import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { resultQueryKeys } from './result-query-keys';

/** GET /campaign/:id/shareCampaignResult: whether the results are shared, and their link. */
export const getResultShare = (campaignId: string, signal?: AbortSignal) =>
  call(api.results.share, { params: { id: campaignId } }, { signal });

export const getResultShareQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: resultQueryKeys.share(campaignId),
    queryFn: ({ signal }) => getResultShare(campaignId, signal),
  });

export const useResultShare = (campaignId: string) => useQuery(getResultShareQueryOptions(campaignId));
