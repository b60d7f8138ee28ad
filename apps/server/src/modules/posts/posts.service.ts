import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { FileStorage } from '../storage/index.js';
import './posts.errors.js';
import { createAuthorPosts } from './posts.author.service.js';
import { createOwnerPosts } from './posts.owner.service.js';
import { createPublicPosts } from './posts.public.service.js';
import { createPostReports } from './posts.reports.service.js';
import { createPostCore, createPostLimiters } from './posts.shared.js';

/**
 * Posts (D19): the owner's feed and moderation in the platform area, the public feedback page, the
 * author's private page, and auto-publish.
 *
 * One service of four audiences, each in its own file: the owner's (posts.owner.service.ts), the
 * public page's (posts.public.service.ts), visitors' reports (posts.reports.service.ts) and the
 * author's private page (posts.author.service.ts); what they share is in posts.shared.ts.
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
  const limiters = createPostLimiters(db, clock);
  const core = createPostCore({ db, clock, mail, storage, publicUrl, privacyUrl, manufacturers });

  const visitorReports = createPostReports({
    db,
    clock,
    mail,
    history,
    publicUrl,
    manufacturerOr404: core.manufacturerOr404,
    pageInfo: core.pageInfo,
    perNetwork: limiters.reportsPerNetwork,
    perRecipient: limiters.perRecipient,
    hide: (tx, post, reason) => core.moveTo(tx, post, 'unpublished', { actor: 'visitors', reason }),
  });

  return {
    // ---- The owner's side (the platform area) ----
    ...createOwnerPosts({ db, clock, storage, history, core }),
    // ---- The public feedback page ----
    ...createPublicPosts({ db, clock, jobs, storage, log, history, limiters, core }),
    ...visitorReports,
    // ---- The author's private page ----
    ...createAuthorPosts({ db, clock, history, limiters, core }),
  };
};
export type PostService = ReturnType<typeof createPostService>;
