import type { api, RouteInput } from '@parley/contract';

export type ContactListQuery = NonNullable<RouteInput<typeof api.contacts.list>['query']>;
export type TempContactListQuery = NonNullable<RouteInput<typeof api.contacts.tempList>['query']>;

/** Every contact query starts with 'contacts', so one invalidation refreshes lists, details and temp contacts. */
export const contactQueryKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (query: ContactListQuery) => ['contacts', 'list', query] as const,
  filterData: ['contacts', 'filter-data'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  tempLists: ['contacts', 'temp'] as const,
  tempList: (query: TempContactListQuery) => ['contacts', 'temp', query] as const,
};
