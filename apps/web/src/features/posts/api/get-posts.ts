import { api } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { type PostListQuery, postQueryKeys } from './post-query-keys';

/** GET /owner/me/ticket (`feed_type=small`): a page of the manufacturer's posts, with the counts by state. */
export const getPosts = (query: PostListQuery, signal?: AbortSignal) =>
  call(api.posts.list, { query }, { signal });

export const getPostsQueryOptions = (query: PostListQuery) =>
  queryOptions({
    queryKey: postQueryKeys.list(query),
    queryFn: ({ signal }) => getPosts(query, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table says it could not be loaded, with "Try again".
    meta: { errorNotification: false },
  });

export const usePosts = (query: PostListQuery) => useQuery(getPostsQueryOptions(query));
