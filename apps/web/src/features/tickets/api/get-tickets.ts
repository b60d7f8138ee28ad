import type { RouteInput } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

/** The list's query as sent: one campaign's tickets (`campaignId`) or every campaign's (the inbox). */
export type TicketListQuery = NonNullable<RouteInput<typeof api.tickets.list>['query']>;

/** Every ticket query starts with 'tickets', so one invalidation refreshes lists and tickets alike. */
export const ticketQueryKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (query: TicketListQuery) => ['tickets', 'list', query] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
};

/**
 * GET /campaignTicket/all: a campaign's tickets, or with no `campaignId` every campaign's (the
 * inbox), filtered, sorted and paged by the server.
 */
export const getTickets = (query: TicketListQuery, signal?: AbortSignal) =>
  call(api.tickets.list, { query }, { signal });

export const getTicketsQueryOptions = (query: TicketListQuery) =>
  queryOptions({
    queryKey: ticketQueryKeys.list(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useTickets = (query: TicketListQuery) => useQuery(getTicketsQueryOptions(query));
