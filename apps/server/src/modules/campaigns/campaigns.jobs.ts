import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { HistoryService } from '../history/index.js';
import { type CampaignRow, endDueCampaigns, lockCampaignById } from './campaigns.repository.js';
import { createCampaignEnding } from './campaigns.shared.js';

export const END_BY_DATE_JOB = 'campaign.end-by-date';
export const END_SWEEP_JOB = 'campaign.end-sweep';

type EndByDate = { campaignId: string; endsAt: string };

/**
 * D6: campaigns end by date on the job queue. Starting (or re-dating) a running campaign queues
 * one job for its end date; a sweep every minute ends whatever is due, so a lost job, a changed
 * date or a server that was down only delays the end by a minute. Both re-read the campaign and
 * use the clock, never the job's own idea of time.
 */
export const createCampaignJobs = ({
  db,
  jobs,
  clock,
  log,
  history,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  history: Pick<HistoryService, 'add'>;
}) => {
  const { addEndedEntry, endInTx } = createCampaignEnding(history);
  /** Ends the campaign if it is still running and its date has come. Answers whether it did. */
  const endByDate = async ({ campaignId }: EndByDate) => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const c = await lockCampaignById(tx, campaignId);
      if (c?.state !== 'running' || !c.endsAt || c.endsAt.getTime() > now.getTime()) return false;
      return (await endInTx(tx, c, 'date', now)) !== undefined;
    });
  };

  /** Ends every running campaign whose end date has passed; answers the ended ones. */
  const sweep = async (): Promise<CampaignRow[]> => {
    const now = clock.now();
    const ended = await db.transaction(async (tx) => {
      const rows = await endDueCampaigns(tx, now);
      for (const c of rows) await addEndedEntry(tx, c, 'date');
      return rows;
    });
    if (ended.length > 0) log.info({ campaignIds: ended.map((c) => c.id) }, 'campaigns ended by date');
    return ended;
  };

  jobs.define<EndByDate>(
    END_BY_DATE_JOB,
    async (data) => {
      await endByDate(data);
    },
    { policy: 'short' },
  );
  jobs.define(
    END_SWEEP_JOB,
    async () => {
      await sweep();
    },
    { cron: '* * * * *', retryLimit: 0 },
  );

  /**
   * One job per campaign and date: starting twice with the same date queues it once. Sent in the
   * caller's transaction, so a rolled-back start or re-dating leaves no job behind.
   */
  const scheduleEnd = async (c: Pick<CampaignRow, 'id' | 'endsAt'>, tx: DbOrTx) => {
    if (!c.endsAt) return;
    const endsAt = c.endsAt.toISOString();
    await jobs.send<EndByDate>(
      END_BY_DATE_JOB,
      { campaignId: c.id, endsAt },
      { startAfter: c.endsAt, singletonKey: `${c.id}:${endsAt}`, tx },
    );
  };

  return { scheduleEnd, endByDate, sweep };
};
export type CampaignJobs = ReturnType<typeof createCampaignJobs>;
