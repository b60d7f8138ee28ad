import {
  type FeedbackPageInfo,
  type Language,
  postReportConfirmHours,
  postReportThreshold,
} from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { clientNetwork } from '../../lib/client-network.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { createRateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { shorten } from '../../lib/text.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import { reportConfirmationMail } from './posts.mail.js';
import {
  findReportRequest,
  insertReportRequest,
  markReportConfirmed,
  type ReportRequestRow,
} from './posts.reports.repository.js';
import { findPost, insertReport, lockPost, type PostRow, updatePost } from './posts.repository.js';

type RateLimiter = ReturnType<typeof createRateLimiter>;

const HOUR_MS = 60 * 60_000;

/**
 * The address a report counts for: lowercased, without a sub-address (`+tag`, which every large
 * provider delivers to the same mailbox), and for Gmail without dots (which it ignores), so one
 * mailbox cannot count as several.
 */
export const reporterAddress = (email: string) => {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  local = local.split('+')[0] || local;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
};

/**
 * The key of an address's mail budget (and of the posts per address): the SHA-256 of its normalised
 * form, so all spellings of one mailbox share one budget and `rate_limit_hits` holds no address
 * (docs/product-decisions.md, "The platform area").
 */
export const mailboxKey = (email: string) => sha256(reporterAddress(email));

/**
 * Visitors' reports (D19; docs/product-decisions.md, "The platform area"). A report asks for an
 * address and counts only once its reporter opened the link mailed there and confirmed: once per post
 * and confirmed address and once per post and client network (an IPv4 /24, an IPv6 /64), so hiding a
 * post takes three mailboxes on three networks instead of any three networks a cloud machine has. At
 * the threshold the post is hidden (unpublished by `visitors`) and the owners are told at once: a
 * history entry, mailed as their switches say, in the transaction that hid it.
 */
export const createPostReports = ({
  db,
  clock,
  mail,
  history,
  publicUrl,
  manufacturerOr404,
  pageInfo,
  perNetwork,
  perRecipient,
  hide,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  history: Pick<HistoryService, 'add'>;
  publicUrl: string;
  manufacturerOr404: (id: string) => Promise<ManufacturerRow>;
  pageInfo: (m: ManufacturerRow) => FeedbackPageInfo;
  /** Reports asked per client network. */
  perNetwork: RateLimiter;
  /** Mails to one address, shared with the posts' mails. */
  perRecipient: RateLimiter;
  /** Unpublishes the locked post by `visitors` (the service's state change, logged). */
  hide: (tx: DbOrTx, post: PostRow, reason: string) => Promise<PostRow>;
}) => {
  const linkValid = (r: ReportRequestRow | undefined): r is ReportRequestRow =>
    r !== undefined && clock.now().getTime() - r.createdAt.getTime() < postReportConfirmHours * HOUR_MS;

  const requestOr404 = async (tx: DbOrTx, token: string) => {
    const r = await findReportRequest(tx, sha256(token));
    if (!linkValid(r)) throw notFound('report');
    return r;
  };

  /** A confirmed report: counted unless its network or address counted for the post already. */
  const count = async (tx: DbOrTx, post: PostRow, r: ReportRequestRow) => {
    const now = clock.now();
    const counted = await insertReport(tx, {
      postId: post.id,
      networkHash: r.networkHash,
      emailHash: r.emailHash,
      reason: r.reason,
      createdAt: now,
    });
    if (!counted) return;
    const reports = post.publicReports + 1;
    const updated = await updatePost(tx, post.id, { publicReports: reports, updatedAt: now });
    if (reports < postReportThreshold) return;
    await hide(tx, updated, `${reports} reports by visitors`);
    await history.add(tx, {
      manufacturerId: post.manufacturerId,
      product: 'platform',
      kind: 'postHiddenByReports',
      subject: { type: 'postTicket', id: post.id, title: shorten(post.text, 80) },
      data: { reports, excerpt: shorten(post.text, 300) },
    });
  };

  return {
    /**
     * A visitor's report of a published post: stored waiting, its confirmation link mailed to the
     * address given (in the same transaction). Nothing counts yet.
     */
    report: async (
      manufacturerId: string,
      postId: string,
      b: { email: string; reason?: string | undefined; language: Language },
      clientIp: string,
    ) => {
      const m = await manufacturerOr404(manufacturerId);
      const found = await findPost(db, postId, manufacturerId);
      if (found?.state !== 'published') throw notFound('post');
      const network = clientNetwork(clientIp);
      await perNetwork.hit(network);
      await db.transaction(async (tx) => {
        await perRecipient.hitIn(tx, mailboxKey(b.email));
        const token = randomToken();
        await insertReportRequest(tx, {
          tokenHash: sha256(token),
          manufacturerId,
          postId,
          networkHash: sha256(`${postId}:${network}`),
          emailHash: sha256(`${postId}:${reporterAddress(b.email)}`),
          reason: b.reason ? b.reason : null,
          createdAt: clock.now(),
        });
        await mail.send(
          reportConfirmationMail({
            to: b.email,
            language: b.language,
            manufacturerId,
            manufacturerName: m.name,
            link: `${publicUrl}/p/f/${manufacturerId}/report/${token}?lang=${b.language}`,
            hours: postReportConfirmHours,
          }),
          { tx },
        );
      });
    },

    /** What a confirmation link's page shows: the post it reports (while public) and whether it is confirmed. */
    reportConfirmation: async (token: string) => {
      const r = await requestOr404(db, token);
      const post = await findPost(db, r.postId, r.manufacturerId);
      if (!post) throw notFound('report');
      const m = await manufacturerOr404(post.manufacturerId);
      return {
        manufacturerId: post.manufacturerId,
        postId: post.id,
        page: pageInfo(m),
        post:
          post.state === 'published'
            ? { authorName: post.authorName, excerpt: shorten(post.text, 300) }
            : null,
        confirmed: r.confirmedAt !== null,
      };
    },

    /**
     * The reporter confirms by the link: the report counts now (if its post is still public), once.
     * Confirming again changes nothing; a link whose post was published again by the owner since is
     * gone (that round of reports is over).
     */
    confirmReport: async (token: string) => {
      const first = await requestOr404(db, token);
      await db.transaction(async (tx) => {
        // The post first, as every writer of a post locks it, then the report.
        const post = await lockPost(tx, first.postId, first.manufacturerId);
        const r = await findReportRequest(tx, first.tokenHash, true);
        if (!post || !r) throw notFound('report');
        if (r.confirmedAt !== null) return;
        await markReportConfirmed(tx, r.tokenHash, clock.now());
        if (post.state === 'published') await count(tx, post, r);
      });
    },
  };
};
