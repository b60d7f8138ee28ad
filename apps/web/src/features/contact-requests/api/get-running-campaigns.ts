import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactRequestQueryKeys } from './contact-request-query-keys';

/** GET /campaign/names?states[]=running: accepting invites to running campaigns only (D18). */
export const getRunningCampaigns = (signal?: AbortSignal) =>
  call(api.campaigns.names, { query: { 'states[]': ['running'] } }, { signal });

export const getRunningCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: contactRequestQueryKeys.runningCampaigns,
    queryFn: ({ signal }) => getRunningCampaigns(signal),
    // A campaign started a minute ago must be offered.
    staleTime: 0,
  });

export const useRunningCampaigns = () => useQuery(getRunningCampaignsQueryOptions());
