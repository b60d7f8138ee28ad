import { api, type CampaignState } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /campaign/names in some states: ids, titles and states, for the pickers and filters of every feature. */
export const useCampaignNames = (
  states: CampaignState[],
  options: { staleTime?: number; errorNotification?: boolean } = {},
) =>
  useQuery({
    queryKey: ['campaign-names', ...states] as const,
    queryFn: ({ signal }) => call(api.campaigns.names, { query: { 'states[]': states } }, { signal }),
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
    ...(options.errorNotification === false ? { meta: { errorNotification: false } } : {}),
  });

/**
 * The running campaigns: only a running campaign takes invitations (D15 contact/5) or accepted
 * requests (D18). A campaign started a minute ago must be offered, so they are always fetched anew.
 */
export const useRunningCampaigns = () => useCampaignNames(['running'], { staleTime: 0 });
