import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactQueryKeys } from './contact-query-keys';

/** GET /campaign/names?states[]=running: only a running campaign takes invitations (D15 contact/5). */
export const getRunningCampaigns = (signal?: AbortSignal) =>
  call(api.campaigns.names, { query: { 'states[]': ['running'] } }, { signal });

export const getRunningCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: contactQueryKeys.runningCampaigns,
    queryFn: ({ signal }) => getRunningCampaigns(signal),
    // A campaign started a minute ago must be offered.
    staleTime: 0,
  });

export const useRunningCampaigns = () => useQuery(getRunningCampaignsQueryOptions());
