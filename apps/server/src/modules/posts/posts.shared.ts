import type { Language, PostState } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { FeatureFlag } from '../../lib/features.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { MailService } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { FileStorage } from '../storage/index.js';
import { type PostMailKind, postMail } from './posts.mail.js';
import {
  clearReports,
  findMedia,
  insertLink,
  insertStateChange,
  type PostRow,
  updatePost,
} from './posts.repository.js';

/** What the posts module's use cases share: limits, D19's machine, the author's mails, a state change. */

/** The auto-publish job of one post (D19), queued with the post for its time. */
export const AUTO_PUBLISH_JOB = 'posts.auto-publish';

/** The signed-in owner acting on a post, with the flags that gate comments, notes and unpublishing (D8). */
export type PostActor = {
  manufacturerId: string;
  ownerId: string;
  ownerName: string;
  manufacturer: Pick<ManufacturerRow, FeatureFlag | 'name' | 'autoPublished'>;
};
/** The reader of the feed or a post; with auto-publish off, no post shows a time it will not keep. */
export type Reader = { manufacturerId: string; ownerId: string; autoPublished: boolean };

/**
 * The public side's limits (docs/product-decisions.md, "The platform area"): generous for a person,
 * tight for a script. Posts count per client address and per email; uploads per address, reports per
 * client network; an author's comments per post.
 */
export const postLimits = {
  postsPerClient: { max: 20, windowMs: 60 * 60_000 },
  postsPerEmail: { max: 5, windowMs: 60 * 60_000 },
  /** Mails to one address, whichever manufacturer's page it was typed into. */
  postsPerRecipient: { max: 10, windowMs: 60 * 60_000 },
  uploadsPerClient: { max: 20, windowMs: 60 * 60_000 },
  /** What uploads no post has taken yet may hold per manufacturer, in bytes. */
  unattachedBytesPerManufacturer: 500 * 1024 * 1024,
  /** Reports asked (each mails a confirmation link) per client network: an IPv6 /64 has addresses enough for any limit per address. */
  reportsPerNetwork: { max: 30, windowMs: 60 * 60_000 },
  commentsPerPost: { max: 30, windowMs: 60 * 60_000 },
} as const;

/** The owner's state decisions (D19's machine): from which states each may be taken, and where it leads. */
export const postTransitions = {
  publish: { from: ['pending', 'unpublished', 'reported'], to: 'published' },
  unpublish: { from: ['pending', 'published'], to: 'unpublished' },
  report: { from: ['pending', 'published', 'unpublished'], to: 'reported' },
} as const satisfies Record<string, { from: readonly PostState[]; to: PostState }>;
export type PostAction = keyof typeof postTransitions;

export const stateRefused = (action: PostAction, state: PostState) =>
  new AppError(
    'post/state',
    `A post that is ${state} cannot be ${action === 'report' ? 'reported' : `${action}ed`}; it can be ${
      Object.entries(postTransitions)
        .filter(([, t]) => (t.from as readonly PostState[]).includes(state))
        .map(([a]) => (a === 'report' ? 'reported' : `${a}ed`))
        .join(' or ') || 'left as it is'
    }.`,
  );

/** The public side's rate limiters, built once per service. */
export const createPostLimiters = (db: Db, clock: Clock) => {
  const limiter = (name: string, l: { max: number; windowMs: number }) =>
    createRateLimiter(db, { name, clock, ...l });
  return {
    perClient: limiter('post-client', postLimits.postsPerClient),
    perEmail: limiter('post-email', postLimits.postsPerEmail),
    perRecipient: limiter('post-recipient', postLimits.postsPerRecipient),
    uploadsPerClient: limiter('post-upload-client', postLimits.uploadsPerClient),
    reportsPerNetwork: limiter('post-report-network', postLimits.reportsPerNetwork),
    commentsPerPost: limiter('post-comment', postLimits.commentsPerPost),
  };
};
export type PostLimiters = ReturnType<typeof createPostLimiters>;

/**
 * What more than one audience of posts needs: the feedback page's manufacturer, a mail to the author,
 * a state change with its log, a stored file and the page's links.
 */
export const createPostCore = ({
  db,
  clock,
  mail,
  storage,
  publicUrl,
  privacyUrl,
  manufacturers,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  storage: FileStorage;
  publicUrl: string;
  privacyUrl: string | null;
  manufacturers: { manufacturer: (id: string) => Promise<ManufacturerRow | undefined> };
}) => {
  const manufacturerOr404 = async (id: string) => {
    const m = await manufacturers.manufacturer(id);
    if (!m) throw notFound('feedback page');
    return m;
  };

  /** A mail to the author with a fresh private link (only its SHA-256 is kept, in `tx`). */
  const mailAuthor = async (
    tx: DbOrTx,
    kind: PostMailKind,
    post: PostRow,
    manufacturerName: string,
    message: string | null,
    token = randomToken(),
  ) => {
    if (post.mailsOff) return;
    if (kind !== 'received')
      await insertLink(tx, { postId: post.id, tokenHash: sha256(token), createdAt: clock.now() });
    const link = `${publicUrl}/p/f/${post.manufacturerId}/mine/${token}`;
    await mail.send(
      postMail({
        kind,
        to: post.authorEmail,
        language: post.language as Language,
        name: post.authorName,
        manufacturerId: post.manufacturerId,
        manufacturerName,
        message,
        postLink: link,
        unsubscribeLink: `${link}?mails=off`,
        unsubscribeApiUrl: `${publicUrl}/api/public/post/${token}/unsubscribe`,
      }),
      { tx },
    );
  };

  /** Moves the locked post to `to` and logs it; auto-publish's time goes with any decision. */
  const moveTo = async (
    tx: DbOrTx,
    post: PostRow,
    to: PostState,
    by: { actor: 'owner' | 'auto' | 'visitors'; ownerId?: string; actorName?: string; reason?: string },
  ) => {
    const now = clock.now();
    const updated = await updatePost(tx, post.id, {
      state: to,
      publishAt: null,
      // Publishing is the owner's (or auto-publish's) decision: reports before it no longer count.
      ...(to === 'published' ? { publicReports: 0 } : {}),
      updatedAt: now,
    });
    if (to === 'published') await clearReports(tx, post.manufacturerId, post.id);
    await insertStateChange(tx, {
      manufacturerId: post.manufacturerId,
      postId: post.id,
      fromState: post.state,
      toState: to,
      actor: by.actor,
      ownerId: by.ownerId ?? null,
      actorName: by.actorName ?? null,
      reason: by.reason ?? null,
      at: now,
    });
    return updated;
  };

  const mediaFile = async (postId: string, mediaId: string) => {
    const m = await findMedia(db, postId, mediaId);
    if (!m) throw notFound('file');
    return {
      contentType: m.contentType,
      size: m.size,
      open: async (range?: { start: number; end: number }) => {
        const file = await storage.get(m.storageKey, range);
        if (!file) throw notFound('file');
        return file;
      },
    };
  };

  // The manufacturer's own links, else the installation's (docs/product-decisions.md, "API-wide").
  const pageInfo = (m: ManufacturerRow) => ({
    manufacturerName: m.name,
    imageUrl: m.imageUrl,
    privacyUrl: m.privacyUrl ?? privacyUrl,
    imprintUrl: m.imprintUrl,
  });

  return { manufacturerOr404, mailAuthor, moveTo, mediaFile, pageInfo };
};
export type PostCore = ReturnType<typeof createPostCore>;
