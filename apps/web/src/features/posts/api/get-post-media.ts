import { api } from '@parley/contract';
import { useQuery } from '@tanstack/react-query';
import { callBlob } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/use-object-url';
import { postMediaQueryKey } from './post-query-keys';

/** GET /owner/me/ticket/:id/media/:mediaId with the token (D25: the authors' media are private). */
export const getPostMedia = (postId: string, mediaId: string, signal?: AbortSignal) =>
  callBlob(api.posts.media, { params: { id: postId, mediaId } }, { signal });

/** One attachment as an object URL: fetched once (a file never changes), revoked when it leaves the page. */
export const usePostMediaUrl = (postId: string, mediaId: string) => {
  const query = useQuery({
    queryKey: postMediaQueryKey(postId, mediaId),
    queryFn: ({ signal }) => getPostMedia(postId, mediaId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // The attachment says it could not be loaded, in place.
    meta: { errorNotification: false },
  });
  const url = useObjectUrl(query.data);
  return { url, isError: query.isError, refetch: query.refetch };
};
