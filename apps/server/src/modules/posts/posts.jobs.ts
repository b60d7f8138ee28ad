import { postReportConfirmHours } from '@parley/contract';
import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { FileStorage } from '../storage/index.js';
import { pruneReportRequests } from './posts.reports.repository.js';
import { deleteUnattachedMedia, duePosts, insertStateChange, publishIfDue } from './posts.repository.js';
import { AUTO_PUBLISH_JOB } from './posts.shared.js';
import { posts } from './posts.tables.js';

export const POSTS_SWEEP_JOB = 'posts.sweep';
/** An upload no post took within this long was left behind (a page closed before sending). */
export const unattachedPostMediaMs = 2 * 60 * 60_000;

/**
 * Auto-publish (D19; docs/product-decisions.md, "The platform area"): each pending post of a
 * manufacturer with `autoPublished` has a job queued with it for its time; a sweep every ten
 * minutes publishes any whose job was lost. Publishing is one conditional update (still pending,
 * its time come), so a job and the sweep, or two instances, never publish a post twice; an owner's
 * decision clears the time first. A manufacturer that has switched auto-publish off meanwhile keeps
 * its posts pending (their time is cleared). The sweep also deletes uploads no post took and reports
 * whose confirmation link has expired.
 */
export const createPostJobs = ({
  db,
  jobs,
  clock,
  log,
  storage,
  manufacturers,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  storage: Pick<FileStorage, 'delete'>;
  manufacturers: { manufacturer: (id: string) => Promise<ManufacturerRow | undefined> };
}) => {
  /** Publishes the due posts (or the one named); answers how many it published. */
  const publishDue = async (postId?: string) => {
    const now = clock.now();
    const due = await duePosts(db, now, 500, postId);
    const autoOn = new Map<string, boolean>();
    for (const id of new Set(due.map((d) => d.manufacturerId))) {
      autoOn.set(id, (await manufacturers.manufacturer(id))?.autoPublished === true);
    }
    const switchedOff = due.filter((d) => !autoOn.get(d.manufacturerId)).map((d) => d.id);
    if (switchedOff.length > 0) {
      await db.update(posts).set({ publishAt: null }).where(inArray(posts.id, switchedOff));
    }
    let published = 0;
    for (const d of due.filter((x) => autoOn.get(x.manufacturerId))) {
      await db.transaction(async (tx) => {
        const row = await publishIfDue(tx, d.id, now);
        if (!row) return;
        await insertStateChange(tx, {
          manufacturerId: row.manufacturerId,
          postId: row.id,
          fromState: 'pending',
          toState: 'published',
          actor: 'auto',
          reason: 'auto-publish',
          at: now,
        });
        published += 1;
      });
    }
    if (published > 0) log.info({ published }, 'posts auto-published');
    return published;
  };

  const sweepUploads = async () => {
    const gone = await deleteUnattachedMedia(
      db,
      new Date(clock.now().getTime() - unattachedPostMediaMs),
      1000,
    );
    for (const m of gone) await storage.delete(m.key).catch(() => undefined);
    return gone.length;
  };

  /** Reports asked longer ago than their link is good (confirmed or not: a confirmed one counted already). */
  const sweepReportRequests = () =>
    pruneReportRequests(db, new Date(clock.now().getTime() - postReportConfirmHours * 60 * 60_000));

  jobs.define<{ postId: string }>(AUTO_PUBLISH_JOB, async ({ postId }) => {
    await publishDue(postId);
  });
  jobs.define(
    POSTS_SWEEP_JOB,
    async () => {
      await publishDue();
      await sweepUploads();
      await sweepReportRequests();
    },
    { cron: '*/10 * * * *', retryLimit: 0 },
  );
  return { publishDue, sweepUploads, sweepReportRequests };
};
export type PostJobs = ReturnType<typeof createPostJobs>;
