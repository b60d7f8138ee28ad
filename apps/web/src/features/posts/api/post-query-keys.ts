import type { api, RouteInput } from '@parley/contract';

/** The feed's query as sent (GET /owner/me/ticket). */
export type PostListQuery = NonNullable<RouteInput<typeof api.posts.list>['query']>;

/** Every post query starts with 'posts', so one invalidation refreshes the feed and the posts alike. */
export const postQueryKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (query: PostListQuery) => ['posts', 'list', query] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
};

/** Apart from the posts' keys: a file never changes, so refreshing the posts leaves it alone. */
export const postMediaQueryKey = (postId: string, mediaId: string) =>
  ['post-media', postId, mediaId] as const;
