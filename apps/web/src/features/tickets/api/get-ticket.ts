import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ticketQueryKeys } from './get-tickets';

export const getTicket = (id: string, signal?: AbortSignal) =>
  call(api.tickets.get, { params: { id } }, { signal });

export const getTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketQueryKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    // The page says "not found" itself.
    meta: { errorNotification: false },
  });

export const useTicket = (id: string) => useQuery(getTicketQueryOptions(id));
