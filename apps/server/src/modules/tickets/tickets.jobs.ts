import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { FileStorage } from '../storage/index.js';
import { ticketMedia } from './tickets.tables.js';

export const MEDIA_SWEEP_JOB = 'ticket.media-sweep';
/** An upload no reply took within this long was left behind (a page closed before sending). */
export const unattachedMediaMs = 24 * 60 * 60_000;

/**
 * Files participants uploaded and never sent with a reply are deleted, row and file, a day later
 * (docs/product-decisions.md, "The ticket conversation"), every hour, at most 1,000 a run.
 */
export const createMediaSweep = ({
  db,
  jobs,
  storage,
  clock,
  log,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define'>;
  storage: Pick<FileStorage, 'delete'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
}) => {
  const sweep = async () => {
    const before = new Date(clock.now().getTime() - unattachedMediaMs);
    // The rows first, in one statement: no reply can take a file whose row is gone; then the files.
    const gone = await db
      .delete(ticketMedia)
      .where(
        inArray(
          ticketMedia.id,
          db
            .select({ id: ticketMedia.id })
            .from(ticketMedia)
            .where(and(isNull(ticketMedia.commentId), lt(ticketMedia.createdAt, before)))
            .limit(1000),
        ),
      )
      .returning({ key: ticketMedia.storageKey });
    for (const m of gone) await storage.delete(m.key).catch(() => undefined);
    if (gone.length > 0) log.info({ deleted: gone.length }, 'unsent uploads deleted');
    return gone.length;
  };
  jobs.define(
    MEDIA_SWEEP_JOB,
    async () => {
      await sweep();
    },
    { cron: '17 * * * *', retryLimit: 0 },
  );
  return { sweep };
};
export type MediaSweep = ReturnType<typeof createMediaSweep>;
