import { api, type RouteResponse } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type ContactRequestListQuery, contactRequestQueryKeys } from './contact-request-query-keys';

export type ContactRequestPage = RouteResponse<typeof api.contactRequests.list>;

/** What the list shows when its call failed: nothing (D18: the list's errors are not thrown). */
export const emptyContactRequestPage: ContactRequestPage = {
  documents: [],
  total: 0,
  counts: { pending: 0, accepted: 0, rejected: 0 },
};

/**
 * GET /owner/contact-requests: a page of one status, newest first, with the counts of every status.
 * By docs/product-decisions.md ("Contact requests"): its errors are not thrown, so a failed call shows the empty list and no
 * notification (the call is still logged).
 */
export const getContactRequests = async (
  query: ContactRequestListQuery,
  signal?: AbortSignal,
): Promise<ContactRequestPage> =>
  (await call(api.contactRequests.list, { query }, { signal, skipThrowError: true })) ??
  emptyContactRequestPage;

const statusesOf = (query: ContactRequestListQuery | undefined) => {
  const statuses = query?.['statuses[]'];
  return Array.isArray(statuses) ? statuses.join() : '';
};

export const getContactRequestsQueryOptions = (query: ContactRequestListQuery) =>
  queryOptions({
    queryKey: contactRequestQueryKeys.list(query),
    queryFn: ({ signal }) => getContactRequests(query, signal),
    // The table keeps the previous page or search on screen while the next one loads, but never
    // another status's requests (they would show under the wrong tab, with the wrong actions).
    placeholderData: (previous, previousQuery) =>
      statusesOf(previousQuery?.queryKey[2]) === statusesOf(query) ? previous : undefined,
    meta: { errorNotification: false },
  });

export const useContactRequests = (query: ContactRequestListQuery) =>
  useQuery(getContactRequestsQueryOptions(query));
