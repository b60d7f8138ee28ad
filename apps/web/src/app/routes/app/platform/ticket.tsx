import { useParams } from 'react-router';
import { useRefreshHistoryOnOpen } from '@/features/history/api/use-refresh-history-on-open';
import { usePost } from '@/features/posts/api/get-post';
import { PostPage } from '@/features/posts/components/post-page';

/** /platform/tickets/:id — one post: its answer, comments, private note, state and log. */
export const TicketRoute = () => {
  const { id = '' } = useParams();
  // The same query as the page's (one request): the history follows once the post has loaded.
  const { data: post } = usePost(id);
  useRefreshHistoryOnOpen(post?._id);
  return <PostPage postId={id} />;
};
