import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ticketQueryKeys } from './get-tickets';

/**
 * GET /campaignTicket/:id, marking its comments and media seen: the answer still says which were
 * new (`isNew`, computed before marking), so the page shows them as new once.
 */
export const getTicket = (id: string, signal?: AbortSignal) =>
  call(api.tickets.get, { params: { id }, query: { shouldMarkCommentsAndMediaAsSeen: 'true' } }, { signal });

export const getTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketQueryKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    // The page says "not found" itself.
    meta: { errorNotification: false },
  });

export const useTicket = (id: string) => useQuery(getTicketQueryOptions(id));
