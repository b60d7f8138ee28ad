import { type PostForm, type PostState, postTrapField } from '@parley/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { checkMedia } from '../../lib/media.js';
import { pageOffset } from '../../lib/paging.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import type { HistoryService } from '../history/index.js';
import type { FileStorage } from '../storage/index.js';
import { toPostMedia, toPublicPost } from './posts.dto.js';
import { listPublishedPosts } from './posts.feed.repository.js';
import { mailboxKey } from './posts.reports.service.js';
import {
  attachMedia,
  commentsOf,
  findPost,
  insertMedia,
  insertPost,
  unattachedBytes,
} from './posts.repository.js';
import { AUTO_PUBLISH_JOB, type PostCore, type PostLimiters, postLimits } from './posts.shared.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The public feedback page of posts (D19): the published feed and a post, uploads, and a visitor's
 * new post (its rate limits, the bot trap, auto-publish's time, the owners told, the author mailed).
 */
export const createPublicPosts = ({
  db,
  clock,
  jobs,
  storage,
  log,
  history,
  limiters,
  core,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  storage: FileStorage;
  log: Pick<Logger, 'info'>;
  history: Pick<HistoryService, 'add'>;
  limiters: Pick<PostLimiters, 'perClient' | 'perEmail' | 'perRecipient' | 'uploadsPerClient'>;
  core: Pick<PostCore, 'manufacturerOr404' | 'mailAuthor' | 'moveTo' | 'pageInfo'>;
}) => {
  const { perClient, perEmail, perRecipient, uploadsPerClient } = limiters;
  const { manufacturerOr404, mailAuthor, moveTo, pageInfo } = core;

  /** Uploads no post has taken yet are capped per manufacturer, so a flood cannot fill the store. */
  const roomForUpload = async (manufacturerId: string, bytes: number) => {
    if ((await unattachedBytes(db, manufacturerId)) + bytes > postLimits.unattachedBytesPerManufacturer) {
      throw new AppError(
        'rate-limit',
        'Too many files are waiting to be posted here; please try again later.',
      );
    }
  };

  return {
    feed: async (manufacturerId: string, q: { sort: 'newest' | 'activity'; page: number; limit: number }) => {
      const m = await manufacturerOr404(manufacturerId);
      const { rows, total } = await listPublishedPosts(db, { manufacturerId, ...q, offset: pageOffset(q) });
      const comments = await commentsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        page: pageInfo(m),
        documents: rows.map((p) =>
          toPublicPost(
            p,
            comments.filter((c) => c.postId === p.id),
            m.name,
          ),
        ),
        total,
      };
    },

    publicPost: async (manufacturerId: string, postId: string) => {
      const m = await manufacturerOr404(manufacturerId);
      const post = await findPost(db, postId, manufacturerId);
      if (post?.state !== 'published') throw notFound('post');
      return { ...toPublicPost(post, await commentsOf(db, [post.id]), m.name), page: pageInfo(m) };
    },

    /** Checks the page exists and counts the upload before a byte of the body is read. */
    uploadAllowed: async (manufacturerId: string, clientIp: string) => {
      await manufacturerOr404(manufacturerId);
      await uploadsPerClient.hit(clientIp);
      await roomForUpload(manufacturerId, 1);
    },

    upload: async (manufacturerId: string, bytes: Buffer) => {
      const { contentType, kind } = checkMedia(bytes);
      await roomForUpload(manufacturerId, bytes.length);
      const key = `private/posts/${manufacturerId}/${crypto.randomUUID()}`;
      await storage.put(key, bytes, { contentType, metadata: { manuId: manufacturerId } });
      const row = await insertMedia(db, {
        manufacturerId,
        storageKey: key,
        kind,
        contentType,
        size: bytes.length,
        createdAt: clock.now(),
      });
      return toPostMedia(row);
    },

    /**
     * A post from the public page: stored pending, the author mailed their private link, the owners
     * told (D20); published at once, or later by auto-publish, when the manufacturer chose so (D19).
     */
    submit: async (manufacturerId: string, b: PostForm & { email: string }, clientIp: string) => {
      const m = await manufacturerOr404(manufacturerId);
      // The bot trap: answered like a stored post, and nothing is stored.
      const trap = (b as Record<string, unknown>)[postTrapField];
      if (typeof trap === 'string' && trap.trim() !== '') {
        log.info({ manufacturerId }, 'post dropped by the bot trap');
        return { state: 'pending' as PostState };
      }
      await perClient.hit(clientIp);
      const mediaIds = [...new Set(b.mediaIds ?? [])];
      return db.transaction(async (tx) => {
        await perEmail.hitIn(tx, `${manufacturerId}:${mailboxKey(b.email)}`);
        await perRecipient.hitIn(tx, mailboxKey(b.email));
        const now = clock.now();
        const token = randomToken();
        const autoNow = m.autoPublished && m.delayDays === 0;
        const publishAt = m.autoPublished && !autoNow ? new Date(now.getTime() + m.delayDays * DAY_MS) : null;
        let post = await insertPost(tx, {
          manufacturerId,
          authorName: b.name,
          authorEmail: b.email,
          text: b.text,
          language: b.language ?? 'de',
          tokenHash: sha256(token),
          searchText: `${b.text}\n${b.name}\n${b.email}`.toLowerCase(),
          publishAt,
          mediaCount: mediaIds.length,
          lastActivityAt: now,
          lastAuthorActivityAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if ((await attachMedia(tx, { manufacturerId, postId: post.id, ids: mediaIds })) !== mediaIds.length) {
          throw new AppError(
            'validation',
            'mediaIds: a file is unknown or belongs to another post; upload it again.',
            'mediaIds',
          );
        }
        if (autoNow) post = await moveTo(tx, post, 'published', { actor: 'auto', reason: 'auto-publish' });
        if (publishAt) await jobs.send(AUTO_PUBLISH_JOB, { postId: post.id }, { tx, startAfter: publishAt });
        await history.add(tx, {
          manufacturerId,
          product: 'platform',
          kind: 'newFeedbackByUser',
          subject: { type: 'postTicket', id: post.id, title: shorten(b.text, 80) },
          data: { participant: b.name, excerpt: shorten(b.text, 300) },
        });
        await mailAuthor(tx, 'received', post, m.name, null, token);
        return { state: post.state };
      });
    },
  };
};
export type PublicPosts = ReturnType<typeof createPublicPosts>;
