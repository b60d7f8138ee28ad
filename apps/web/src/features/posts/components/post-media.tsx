import type { PostMedia } from '@parley/contract';
import { PrivateMediaView } from '@/components/private-media';
import { usePostMediaUrl } from '../api/get-post-media';

/** An image or video the author attached (D25): fetched with the token, shown through an object URL. */
export const PostMediaView = ({
  postId,
  media,
  description,
}: {
  postId: string;
  media: PostMedia;
  description: string;
}) => {
  const { url, isError, refetch } = usePostMediaUrl(postId, media._id);
  return (
    <PrivateMediaView
      kind={media.kind}
      url={url}
      isError={isError}
      onRetry={() => void refetch()}
      description={description}
    />
  );
};
