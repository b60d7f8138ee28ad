import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { campaignQueryKeys } from './campaign-query-keys';

export const getCampaign = (id: string, signal?: AbortSignal) =>
  call(api.campaigns.get, { params: { id } }, { signal });

export const getCampaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignQueryKeys.detail(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
    // The page shows "not found" itself for a 404 (another manufacturer's id or a typo).
    meta: { errorNotification: false },
  });

export const useCampaign = (id: string) => useQuery(getCampaignQueryOptions(id));
