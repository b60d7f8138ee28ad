import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type CampaignListQuery, campaignQueryKeys } from './campaign-query-keys';

/** GET /v2/campaign/all: paged, filtered and sorted in the database (never in the browser). */
export const getCampaigns = (query: CampaignListQuery, signal?: AbortSignal) =>
  call(api.campaigns.list, { query }, { signal });

export const getCampaignsQueryOptions = (query: CampaignListQuery) =>
  queryOptions({
    queryKey: campaignQueryKeys.list(query),
    queryFn: ({ signal }) => getCampaigns(query, signal),
    // The table keeps the previous page on screen while the next one loads, instead of flashing.
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (query: CampaignListQuery) => useQuery(getCampaignsQueryOptions(query));
