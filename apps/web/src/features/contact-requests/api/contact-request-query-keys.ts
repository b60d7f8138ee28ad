import type { api, RouteInput } from '@parley/contract';
import { contactRequestKeys } from '@/lib/contact-request-count';

export type ContactRequestListQuery = NonNullable<RouteInput<typeof api.contactRequests.list>['query']>;

/** Under the shared 'contact-requests' key (lib/contact-request-count.ts), which the sidebar's count uses too. */
export const contactRequestQueryKeys = {
  all: contactRequestKeys.all,
  lists: [...contactRequestKeys.all, 'list'] as const,
  list: (query: ContactRequestListQuery) => [...contactRequestKeys.all, 'list', query] as const,
};
