import { api } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactListQueryKeys } from '@/lib/contact-lists';

/** GET /campaign/names?states[]=running: only a running campaign takes invitations. */
export const useRunningCampaigns = () =>
  useQuery({
    queryKey: contactListQueryKeys.runningCampaigns,
    queryFn: ({ signal }) => call(api.campaigns.names, { query: { 'states[]': ['running'] } }, { signal }),
    // A campaign started a minute ago must be offered.
    staleTime: 0,
  });
