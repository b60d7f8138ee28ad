import { api, type TicketFilter } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** One campaign's id, or `all` for the inbox across campaigns. */
export type TicketScope = string;

export const ticketIdsQueryKey = (scope: TicketScope, filter: TicketFilter) =>
  ['tickets', 'ids', scope, filter] as const;

/** GET /campaignTicket/:campaignId/allCmpTicketIds: the ids of the filter's tickets, in its order. */
export const getTicketIds = (scope: TicketScope, filter: TicketFilter, signal?: AbortSignal) =>
  call(api.tickets.ids, { params: { campaignId: scope }, query: filter }, { signal });

export const getTicketIdsQueryOptions = (scope: TicketScope, filter: TicketFilter) =>
  queryOptions({
    queryKey: ticketIdsQueryKey(scope, filter),
    queryFn: ({ signal }) => getTicketIds(scope, filter, signal),
    // Without them the page still works; only next and previous are missing.
    meta: { errorNotification: false },
  });

/** The ids around one ticket: kept while the owner works through them (archiving does not reshuffle). */
export const useTicketIds = (scope: TicketScope, filter: TicketFilter, enabled = true) =>
  useQuery({ ...getTicketIdsQueryOptions(scope, filter), enabled });
