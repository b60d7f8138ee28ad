import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postQueryKeys } from './post-query-keys';

/**
 * GET /owner/me/ticket/:id: the post with its comments, media, state log and visitors' reports.
 * Reading it marks it seen; the answer still says what was new (`isNew`), so the page shows it once.
 */
export const getPost = (id: string, signal?: AbortSignal) =>
  call(api.posts.get, { params: { id } }, { signal });

export const getPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postQueryKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
    // The page says "not found" itself.
    meta: { errorNotification: false },
  });

export const usePost = (id: string) => useQuery(getPostQueryOptions(id));
