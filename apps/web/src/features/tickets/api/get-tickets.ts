import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ticketQueryKeys = {
  all: ['tickets'] as const,
  list: (campaignId: string, page: number, limit: number, contactListId?: string) =>
    ['tickets', 'list', campaignId, page, limit, contactListId ?? null] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};

/**
 * GET /campaignTicket/all: one campaign's tickets, newest first, paged by the server; with
 * `contactListId`, only those of that list's members (a group campaign's list filter).
 */
export const getTickets = (
  q: { campaignId: string; page: number; limit: number; contactListId?: string },
  signal?: AbortSignal,
) => call(api.tickets.list, { query: q }, { signal });

export const getTicketsQueryOptions = (
  campaignId: string,
  page: number,
  limit: number,
  contactListId?: string,
) =>
  queryOptions({
    queryKey: ticketQueryKeys.list(campaignId, page, limit, contactListId),
    queryFn: ({ signal }) =>
      getTickets({ campaignId, page, limit, ...(contactListId ? { contactListId } : {}) }, signal),
    placeholderData: keepPreviousData,
  });

export const useTickets = (campaignId: string, page: number, limit: number, contactListId?: string) =>
  useQuery(getTicketsQueryOptions(campaignId, page, limit, contactListId));
