import { api, type RouteInput } from '@parley/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

type ContactBookQuery = NonNullable<RouteInput<typeof api.contacts.list>['query']>;

/**
 * GET /v2/contact/all for the "Add contacts" dialog: the contact book searched and paged. Under
 * 'contacts' like the contact book's own queries, so a change there refreshes it too.
 */
export const useContactsToPick = (query: ContactBookQuery) =>
  useQuery({
    queryKey: ['contacts', 'list', query],
    queryFn: ({ signal }) => call(api.contacts.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorNotification: false },
  });
