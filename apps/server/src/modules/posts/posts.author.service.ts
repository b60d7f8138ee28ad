import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import type { HistoryService } from '../history/index.js';
import { toAuthorPost, toPublicComment } from './posts.dto.js';
import {
  commentsOf,
  findPostByTokenHash,
  insertComment,
  isTrusted,
  lockPost,
  mediaOf,
  type PostRow,
  updatePost,
} from './posts.repository.js';
import type { PostCore, PostLimiters } from './posts.shared.js';

/**
 * The author's private page of a post (D19), reached by the mailed link's token: the post, the
 * author's comments, its media and the author's mails off or on.
 */
export const createAuthorPosts = ({
  db,
  clock,
  history,
  limiters,
  core,
}: {
  db: Db;
  clock: Clock;
  history: Pick<HistoryService, 'add'>;
  limiters: Pick<PostLimiters, 'commentsPerPost'>;
  core: Pick<PostCore, 'manufacturerOr404' | 'moveTo' | 'mediaFile'>;
}) => {
  const { commentsPerPost } = limiters;
  const { manufacturerOr404, moveTo, mediaFile } = core;

  /** Publishes a pending post of an author the owner trusts, once the author confirmed the address. */
  const publishTrusted = async (tx: DbOrTx, post: PostRow) =>
    post.state === 'pending' && (await isTrusted(tx, post.manufacturerId, post.authorEmail))
      ? moveTo(tx, post, 'published', { actor: 'auto', reason: 'trusted author' })
      : post;

  const byToken = async (tx: DbOrTx, token: string) => {
    const post = await findPostByTokenHash(tx, sha256(token));
    if (!post) throw notFound('feedback');
    return post;
  };

  return {
    /** The author's own post; opening the mailed link confirms the address (a trusted author's post publishes). */
    authorView: async (token: string) => {
      const found = await byToken(db, token);
      const m = await manufacturerOr404(found.manufacturerId);
      return db.transaction(async (tx) => {
        let post = found;
        if (post.emailConfirmedAt === null) {
          post = (await lockPost(tx, post.id)) ?? post;
          post = await updatePost(tx, post.id, { emailConfirmedAt: clock.now() });
          post = await publishTrusted(tx, post);
        }
        const [comments, media] = await Promise.all([commentsOf(tx, [post.id]), mediaOf(tx, post.id)]);
        return toAuthorPost(post, { comments, media, manufacturerName: m.name });
      });
    },

    authorComment: async (token: string, text: string) => {
      const found = await byToken(db, token);
      const m = await manufacturerOr404(found.manufacturerId);
      return db.transaction(async (tx) => {
        await commentsPerPost.hitIn(tx, found.id);
        const post = (await lockPost(tx, found.id)) ?? found;
        const now = clock.now();
        const row = await insertComment(tx, {
          manufacturerId: post.manufacturerId,
          postId: post.id,
          author: 'author',
          authorName: post.authorName,
          text,
          createdAt: now,
        });
        await updatePost(tx, post.id, {
          commentCount: post.commentCount + 1,
          lastActivityAt: now,
          lastAuthorActivityAt: now,
          updatedAt: now,
        });
        await history.add(tx, {
          manufacturerId: post.manufacturerId,
          product: 'platform',
          kind: 'newComment',
          subject: { type: 'postTicket', id: post.id, title: shorten(post.text, 80) },
          data: { participant: post.authorName, excerpt: shorten(text, 300) },
        });
        return toPublicComment(row, post, m.name);
      });
    },

    authorMedia: async (token: string, mediaId: string) => mediaFile((await byToken(db, token)).id, mediaId),

    /** The author turns this post's mails off (a mail's one-click link too) or on again. */
    setMailsOff: async (token: string, mailsOff: boolean) => {
      const post = await byToken(db, token);
      await updatePost(db, post.id, { mailsOff });
      return { mailsOff };
    },
  };
};
export type AuthorPosts = ReturnType<typeof createAuthorPosts>;
