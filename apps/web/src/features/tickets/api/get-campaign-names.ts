import { api } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * GET /campaign/names for the inbox's campaign filter: the campaigns that can hold tickets (a draft
 * never has any; an archived campaign keeps its tickets, D12).
 */
export const useTicketCampaignNames = () =>
  useQuery({
    queryKey: ['tickets', 'campaign-names'] as const,
    queryFn: ({ signal }) =>
      call(api.campaigns.names, { query: { 'states[]': ['running', 'ended', 'archived'] } }, { signal }),
    // Without the names the filter offers "All campaigns" only; the list itself still works.
    meta: { errorNotification: false },
  });
