import {
  type Language,
  type ManuType,
  type PostFilterQuery,
  type PostForm,
  type PostState,
  postTrapField,
} from '@parley/contract';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type FeatureFlag, requireFeature } from '../../lib/features.js';
import { checkMedia } from '../../lib/media.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { FileStorage } from '../storage/index.js';
import './posts.errors.js';
import {
  toAuthorPost,
  toPost,
  toPostComment,
  toPostListItem,
  toPostMedia,
  toPublicComment,
  toPublicPost,
} from './posts.dto.js';
import { listPosts, listPublishedPosts } from './posts.feed.repository.js';
import { type PostMailKind, postMail } from './posts.mail.js';
import { createPostReports, mailboxKey } from './posts.reports.service.js';
import {
  attachMedia,
  clearReports,
  commentsOf,
  deleteComment,
  deletePost,
  findComment,
  findMedia,
  findPost,
  findPostByTokenHash,
  insertComment,
  insertLink,
  insertMedia,
  insertPost,
  insertStateChange,
  isTrusted,
  lockPost,
  markRead,
  mediaOf,
  type PostRow,
  readAt,
  reportedPosts,
  reportsOf,
  setTrusted,
  stateLog,
  unattachedBytes,
  updatePost,
} from './posts.repository.js';

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
type Reader = { manufacturerId: string; ownerId: string; autoPublished: boolean };

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

const stateRefused = (action: PostAction, state: PostState) =>
  new AppError(
    'post/state',
    `A post that is ${state} cannot be ${action === 'report' ? 'reported' : `${action}ed`}; it can be ${
      Object.entries(postTransitions)
        .filter(([, t]) => (t.from as readonly PostState[]).includes(state))
        .map(([a]) => (a === 'report' ? 'reported' : `${a}ed`))
        .join(' or ') || 'left as it is'
    }.`,
  );

const DAY_MS = 24 * 60 * 60_000;

/**
 * Posts (D19): the owner's feed and moderation in the platform area, the public feedback page, the
 * author's private page, and auto-publish.
 */
export const createPostService = ({
  db,
  clock,
  mail,
  jobs,
  storage,
  log,
  publicUrl,
  privacyUrl,
  manufacturers,
  history,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  jobs: Pick<JobQueue, 'send'>;
  storage: FileStorage;
  log: Pick<Logger, 'info'>;
  publicUrl: string;
  privacyUrl: string | null;
  manufacturers: { manufacturer: (id: string) => Promise<ManufacturerRow | undefined> };
  history: Pick<HistoryService, 'add' | 'subjectOpened'>;
}) => {
  const limiter = (name: string, l: { max: number; windowMs: number }) =>
    createRateLimiter(db, { name, clock, ...l });
  const perClient = limiter('post-client', postLimits.postsPerClient);
  const perEmail = limiter('post-email', postLimits.postsPerEmail);
  const perRecipient = limiter('post-recipient', postLimits.postsPerRecipient);
  const uploadsPerClient = limiter('post-upload-client', postLimits.uploadsPerClient);
  const reportsPerNetwork = limiter('post-report-network', postLimits.reportsPerNetwork);
  const commentsPerPost = limiter('post-comment', postLimits.commentsPerPost);

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

  /** The whole post as the owner sees it; `seenAt` is the reader's last read before this one. */
  const fullPost = async (
    tx: DbOrTx,
    post: PostRow,
    reader: { ownerId: string; autoPublished: boolean },
    seenAt: Date | null,
  ) => {
    const readerId = reader.ownerId;
    const [comments, media, log, reports, trusted] = await Promise.all([
      commentsOf(tx, [post.id]),
      mediaOf(tx, post.id),
      stateLog(tx, post.id),
      reportsOf(tx, post.id, 20),
      isTrusted(tx, post.manufacturerId, post.authorEmail),
    ]);
    return toPost(reader.autoPublished ? post : { ...post, publishAt: null }, {
      readerId,
      seenAt,
      trusted,
      comments,
      media,
      log,
      reports,
    });
  };

  const ownPostOr404 = async (tx: DbOrTx, manufacturerId: string, id: string, lock = true) => {
    const post = lock ? await lockPost(tx, id, manufacturerId) : await findPost(tx, id, manufacturerId);
    if (!post) throw notFound('post');
    return post;
  };

  /** Applies a change of the owner's to the locked post and answers the post as it is then. */
  const ownerChange = async (
    actor: PostActor,
    id: string,
    change: (tx: DbOrTx, post: PostRow) => Promise<PostRow>,
  ) =>
    db.transaction(async (tx) => {
      const post = await change(tx, await ownPostOr404(tx, actor.manufacturerId, id));
      const reader = { ownerId: actor.ownerId, autoPublished: actor.manufacturer.autoPublished };
      return fullPost(tx, post, reader, await readAt(tx, post.id, actor.ownerId));
    });

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

  const decide = (tx: DbOrTx, actor: PostActor, post: PostRow, action: PostAction, reason?: string) => {
    const t = postTransitions[action];
    if (!(t.from as readonly PostState[]).includes(post.state)) throw stateRefused(action, post.state);
    return moveTo(tx, post, t.to, {
      actor: 'owner',
      ownerId: actor.ownerId,
      actorName: actor.ownerName,
      ...(reason ? { reason } : {}),
    });
  };

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

  /** Uploads no post has taken yet are capped per manufacturer, so a flood cannot fill the store. */
  const roomForUpload = async (manufacturerId: string, bytes: number) => {
    if ((await unattachedBytes(db, manufacturerId)) + bytes > postLimits.unattachedBytesPerManufacturer) {
      throw new AppError(
        'rate-limit',
        'Too many files are waiting to be posted here; please try again later.',
      );
    }
  };

  // The manufacturer's own links, else the installation's (docs/product-decisions.md, "API-wide").
  const pageInfo = (m: ManufacturerRow) => ({
    manufacturerName: m.name,
    imageUrl: m.imageUrl,
    privacyUrl: m.privacyUrl ?? privacyUrl,
    imprintUrl: m.imprintUrl,
  });

  const visitorReports = createPostReports({
    db,
    clock,
    mail,
    history,
    publicUrl,
    manufacturerOr404,
    pageInfo,
    perNetwork: reportsPerNetwork,
    perRecipient,
    hide: (tx, post, reason) => moveTo(tx, post, 'unpublished', { actor: 'visitors', reason }),
  });

  return {
    // ---- The owner's side (the platform area) ----

    list: async (reader: Reader, q: PostFilterQuery) => {
      const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
      const { rows, total, atLeast, counts } = await listPosts(db, {
        ...reader,
        q,
        offset: pageOffset(q),
        after,
      });
      const shown = (p: PostRow) => (reader.autoPublished ? p : { ...p, publishAt: null });
      return {
        documents: rows.map((r) => toPostListItem(shown(r.post), r.hasNew)),
        total,
        ...(atLeast ? { totalAtLeast: true } : {}),
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.post.id })),
        counts,
      };
    },

    /** The post; reading it marks the author's writing and its history entries seen for this owner. */
    open: async (reader: Reader, id: string) => {
      const post = await findPost(db, id, reader.manufacturerId);
      if (!post) throw notFound('post');
      const seenAt = await readAt(db, id, reader.ownerId);
      const view = await fullPost(db, post, reader, seenAt);
      // Read up to what this view was built from: a comment arriving meanwhile stays new.
      await markRead(db, id, reader.ownerId, post.lastAuthorActivityAt);
      await history.subjectOpened(reader, 'postTicket', id);
      return view;
    },

    comments: async (reader: Reader, id: string) => {
      const post = await findPost(db, id, reader.manufacturerId);
      if (!post) throw notFound('post');
      const seenAt = await readAt(db, id, reader.ownerId);
      const rows = await commentsOf(db, [id]);
      return { documents: rows.map((c) => toPostComment(c, { post, readerId: reader.ownerId, seenAt })) };
    },

    comment: async (actor: PostActor, id: string, text: string) =>
      db.transaction(async (tx) => {
        const post = await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canComment');
        const now = clock.now();
        const row = await insertComment(tx, {
          manufacturerId: actor.manufacturerId,
          postId: id,
          author: 'owner',
          ownerId: actor.ownerId,
          authorName: actor.ownerName,
          text,
          createdAt: now,
        });
        const updated = await updatePost(tx, id, {
          commentCount: post.commentCount + 1,
          lastActivityAt: now,
          updatedAt: now,
        });
        await mailAuthor(tx, 'comment', updated, actor.manufacturer.name, text);
        return toPostComment(row, { post: updated, readerId: actor.ownerId, seenAt: now });
      }),

    deleteComment: async (actor: PostActor, id: string, commentId: string) =>
      db.transaction(async (tx) => {
        const post = await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canComment');
        const c = await findComment(tx, id, commentId);
        if (!c) throw notFound('comment');
        if (c.author !== 'owner' || c.ownerId !== actor.ownerId) {
          throw new AppError('post/not-own-comment', 'Only the owner who wrote a comment can delete it.');
        }
        await deleteComment(tx, commentId);
        await updatePost(tx, id, {
          commentCount: Math.max(0, post.commentCount - 1),
          updatedAt: clock.now(),
        });
      }),

    /**
     * Deletes a post (spam, say) with its comments and media, for good (docs/product-decisions.md,
     * "The platform area"): as strong as unpublishing, so it needs `canUnpublish`. The files go after
     * the commit, so a failed transaction never leaves a post whose media are gone.
     */
    remove: async (actor: PostActor, id: string) => {
      const files = await db.transaction(async (tx) => {
        await ownPostOr404(tx, actor.manufacturerId, id);
        requireFeature(actor.manufacturer, 'canUnpublish');
        const media = await mediaOf(tx, id);
        await deletePost(tx, id);
        return media.map((m) => m.storageKey);
      });
      for (const key of files) await storage.delete(key).catch(() => undefined);
    },

    setManuType: (actor: PostActor, id: string, manuType: ManuType | null) =>
      ownerChange(actor, id, (tx, post) => updatePost(tx, post.id, { manuType, updatedAt: clock.now() })),

    /** The public answer; a new or changed one is mailed to the author (unless their mails are off). */
    answer: (actor: PostActor, id: string, answer: string) =>
      ownerChange(actor, id, async (tx, post) => {
        const now = clock.now();
        if (answer === '') {
          return updatePost(tx, post.id, {
            answer: null,
            answeredAt: null,
            answeredBy: null,
            updatedAt: now,
          });
        }
        const updated = await updatePost(tx, post.id, {
          answer,
          answeredAt: now,
          answeredBy: actor.ownerName,
          lastActivityAt: now,
          updatedAt: now,
        });
        if (answer !== post.answer) await mailAuthor(tx, 'answer', updated, actor.manufacturer.name, answer);
        return updated;
      }),

    privateNote: (actor: PostActor, id: string, privateNote: string) =>
      ownerChange(actor, id, (tx, post) => {
        requireFeature(actor.manufacturer, 'canPrivateNote');
        return updatePost(tx, post.id, {
          privateNote: privateNote === '' ? null : privateNote,
          updatedAt: clock.now(),
        });
      }),

    /** Publish, unpublish (canUnpublish) or report, as D19's machine allows from the post's state. */
    decide: (actor: PostActor, id: string, action: PostAction, reason?: string) =>
      ownerChange(actor, id, (tx, post) => {
        if (action === 'unpublish') requireFeature(actor.manufacturer, 'canUnpublish');
        return decide(tx, actor, post, action, reason);
      }),

    trust: (actor: PostActor, id: string, trusted: boolean) =>
      ownerChange(actor, id, async (tx, post) => {
        await setTrusted(tx, actor.manufacturerId, post.authorEmail, trusted);
        return post;
      }),

    /** Publishes or unpublishes each post it can, in one transaction; names the ones it could not. */
    bulk: async (actor: PostActor, action: 'publish' | 'unpublish', ids: string[]) => {
      if (action === 'unpublish') requireFeature(actor.manufacturer, 'canUnpublish');
      return db.transaction(async (tx) => {
        let changed = 0;
        const skipped: { _id: string; code: string }[] = [];
        // One order for the locks (by id), so two bulk calls over the same posts cannot deadlock.
        for (const id of [...new Set(ids)].sort()) {
          const post = await lockPost(tx, id, actor.manufacturerId);
          if (!post) skipped.push({ _id: id, code: 'not-found' });
          else if (!(postTransitions[action].from as readonly PostState[]).includes(post.state)) {
            skipped.push({ _id: id, code: 'post/state' });
          } else {
            await decide(tx, actor, post, action);
            changed += 1;
          }
        }
        return { changed, skipped };
      });
    },

    ownerMedia: async (manufacturerId: string, id: string, mediaId: string) => {
      const post = await findPost(db, id, manufacturerId);
      if (!post) throw notFound('post');
      return mediaFile(post.id, mediaId);
    },

    /** The operator's list of reported posts across manufacturers (the admin command line). */
    reported: async (limit: number) =>
      (await reportedPosts(db, limit)).map((r) => ({
        _id: r.post.id,
        manufacturerId: r.post.manufacturerId,
        authorName: r.post.authorName,
        excerpt: shorten(r.post.text, 160),
        reason: r.reason,
        reportedBy: r.reportedBy,
        reportedAt: r.reportedAt.toISOString(),
      })),

    // ---- The public feedback page ----

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

    ...visitorReports,

    // ---- The author's private page ----

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
export type PostService = ReturnType<typeof createPostService>;
