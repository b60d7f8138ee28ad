import { PostFeed } from '@/features/posts/components/post-feed';

/** /platform/tickets — the posts of the public feedback page (D19), by state, filtered and paged. */
export const TicketsRoute = () => <PostFeed />;
