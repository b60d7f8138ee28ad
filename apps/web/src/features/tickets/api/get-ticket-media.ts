import { api } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { callBlob } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';

/** Apart from the tickets' keys: a file never changes, so refreshing the tickets leaves it alone. */
export const ticketMediaQueryKey = (ticketId: string, mediaId: string) =>
  ['ticket-media', ticketId, mediaId] as const;

/** GET /campaignTicket/:id/media/:mediaId with the token (D25: participants' media are private). */
export const getTicketMedia = (ticketId: string, mediaId: string, signal?: AbortSignal) =>
  callBlob(api.tickets.media, { params: { id: ticketId, mediaId } }, { signal });

/**
 * One attachment as an object URL for <img> or <video>: fetched once (a file never changes), the
 * URL revoked when the component showing it goes away.
 */
export const useTicketMediaUrl = (ticketId: string, mediaId: string) => {
  const query = useQuery({
    queryKey: ticketMediaQueryKey(ticketId, mediaId),
    queryFn: ({ signal }) => getTicketMedia(ticketId, mediaId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // The attachment says it could not be loaded, in place.
    meta: { errorNotification: false },
  });
  const url = useObjectUrl(query.data);
  return { url, isError: query.isError, isPending: query.isPending, refetch: query.refetch };
};
