import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const getParticipantTicketQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['participation', 'ticket', token],
    queryFn: ({ signal }) => call(api.participation.ticket, { params: { token } }, { signal }),
    meta: { errorNotification: false },
    // Opening the link confirms the address once; there is nothing to refresh afterwards.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useParticipantTicket = (token: string) => useQuery(getParticipantTicketQueryOptions(token));
