import type { Post } from '@parley/contract';
import { PrivateNoteField } from '@/components/private-note-field';
import { useSavePrivateNote } from '../api/post-mutations';

/** The post's private note (canPrivateNote, D8): never public. */
export const PostPrivateNote = ({ post, refusedReason }: { post: Post; refusedReason: string | null }) => (
  <PrivateNoteField
    saved={post.privateNote}
    save={useSavePrivateNote(post._id)}
    refusedReason={refusedReason}
    texts="posts.note"
    refusedKey="posts.refused"
  />
);
