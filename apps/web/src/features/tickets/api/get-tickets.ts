import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ticketQueryKeys = {
  all: ['tickets'] as const,
  list: (campaignId: string, page: number, limit: number) =>
    ['tickets', 'list', campaignId, page, limit] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};

/** GET /campaignTicket/all: one campaign's tickets, newest first, paged by the server. */
export const getTickets = (q: { campaignId: string; page: number; limit: number }, signal?: AbortSignal) =>
  call(api.tickets.list, { query: q }, { signal });

export const getTicketsQueryOptions = (campaignId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ticketQueryKeys.list(campaignId, page, limit),
    queryFn: ({ signal }) => getTickets({ campaignId, page, limit }, signal),
    placeholderData: keepPreviousData,
  });

export const useTickets = (campaignId: string, page: number, limit: number) =>
  useQuery(getTicketsQueryOptions(campaignId, page, limit));
