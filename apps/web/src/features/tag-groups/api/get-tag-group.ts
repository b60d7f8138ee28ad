import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tagGroupQueryKeys } from './tag-group-query-keys';

/** GET /tag/tag-group/:id: the group with its live member count and linked campaigns. */
export const getTagGroup = (id: string, signal?: AbortSignal) =>
  call(api.tags.group, { params: { id } }, { signal });

export const getTagGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tagGroupQueryKeys.detail(id),
    queryFn: ({ signal }) => getTagGroup(id, signal),
    // The page says "not found" itself (a deleted group, another manufacturer's id, a typo).
    meta: { errorNotification: false },
  });

export const useTagGroup = (id: string) => useQuery(getTagGroupQueryOptions(id));
