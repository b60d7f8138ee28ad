import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type TagGroupMembersQuery, tagGroupQueryKeys } from './tag-group-query-keys';

/** GET /tag/tag-group/:id/members: the contacts in the group now, newest first, paged and searched. */
export const getTagGroupMembers = (id: string, query: TagGroupMembersQuery, signal?: AbortSignal) =>
  call(api.tags.members, { params: { id }, query }, { signal });

export const getTagGroupMembersQueryOptions = (id: string, query: TagGroupMembersQuery) =>
  queryOptions({
    queryKey: tagGroupQueryKeys.memberPage(id, query),
    queryFn: ({ signal }) => getTagGroupMembers(id, query, signal),
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const useTagGroupMembers = (id: string, query: TagGroupMembersQuery) =>
  useQuery(getTagGroupMembersQueryOptions(id, query));
