import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

/**
 * Every contact-request query starts with 'contact-requests' (D18), so accepting or rejecting
 * refreshes the lists and the sidebar's pending count with one invalidation.
 */
export const contactRequestKeys = {
  all: ['contact-requests'] as const,
  pendingCount: ['contact-requests', 'pending-count'] as const,
};

/**
 * How many contact requests wait for a decision, for the sidebar's badge: the list's counts with
 * one row. Like the list, its failure is not thrown: no badge rather than an error.
 */
export const getPendingContactRequestCount = async (signal?: AbortSignal): Promise<number> => {
  const answer = await call(
    api.contactRequests.list,
    { query: { page: 1, limit: 1, 'statuses[]': ['pending'] } },
    { signal, skipThrowError: true },
  );
  return answer?.counts.pending ?? 0;
};

export const pendingContactRequestCountQueryOptions = () =>
  queryOptions({
    queryKey: contactRequestKeys.pendingCount,
    queryFn: ({ signal }) => getPendingContactRequestCount(signal),
    meta: { errorNotification: false },
  });

/** The pending count, asked only where the connect area is enabled (elsewhere the call is refused). */
export const usePendingContactRequestCount = (enabled: boolean) =>
  useQuery({ ...pendingContactRequestCountQueryOptions(), enabled });
