import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type TagGroupsQuery, tagGroupQueryKeys } from './tag-group-query-keys';

/** GET /tag/tag-group: the groups with their live member counts and linked campaigns, paged and searched. */
export const getTagGroups = (query: TagGroupsQuery, signal?: AbortSignal) =>
  call(api.tags.groups, { query }, { signal });

export const getTagGroupsQueryOptions = (query: TagGroupsQuery) =>
  queryOptions({
    queryKey: tagGroupQueryKeys.list(query),
    queryFn: ({ signal }) => getTagGroups(query, signal),
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useTagGroups = (query: TagGroupsQuery) => useQuery(getTagGroupsQueryOptions(query));
