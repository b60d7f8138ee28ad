import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { dueReminders, invitationMailFacts } from '../../queries/invitations.query.js';
import type { MailService } from '../mail/index.js';
import { invitationMail } from './invitations.mail.js';
import { createMailQueueing, INVITATION_MAIL_JOB, type InvitationMailJob } from './invitations.queue.js';
import {
  claimMail,
  failOrphanedClaim,
  failStaleSending,
  lostQueued,
  markMailed,
  markNotSent,
  requeue,
} from './invitations.repository.js';

export const INVITATION_SWEEP_JOB = 'invitation.sweep';

/** D11: the first reminder 3 days after the invitation, the second 3 days after the first. */
export const reminderAfterMs = 3 * 24 * 60 * 60_000;
/** A claim older than this was cut off by a crash (a mail takes seconds, never minutes). */
export const staleSendingMs = 10 * 60_000;
/**
 * How long a fetched mail job stays claimed: a batch starts no mail after half of it, so one mail
 * has at least 20 s (docs/product-decisions.md, "Jobs after a crash").
 */
export const invitationMailExpireInSeconds = 40;

/**
 * The invitation mails (D6, D11). Each invitation's mail is one job: it claims the invitation with a
 * new token (only a `queued` one, so a job that runs twice sends once), delivers it, and records the
 * mail server's answer; a refusal marks the invitation failed with the reason, and the owner can
 * re-send. A sweep every minute turns claims cut off by a crash into `failed` (never sent twice) and
 * queues the reminders that are due.
 */
export const createInvitationJobs = ({
  db,
  jobs,
  mail,
  clock,
  log,
  publicUrl,
  mailsPerMinute,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define' | 'sendMany'>;
  mail: Pick<MailService, 'deliver'>;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn'>;
  publicUrl: string;
  mailsPerMinute: number;
}) => {
  const queueMails = createMailQueueing({ jobs, mailsPerMinute });

  const sendMail = async ({ invitationId }: InvitationMailJob, job?: { id: string }) => {
    const facts = await invitationMailFacts(db, invitationId);
    // Claimed by an earlier try of this job whose process is gone: failed, never sent twice.
    if (facts?.invitation.state === 'sending' && job) {
      const failed = await failOrphanedClaim(db, {
        invitationId,
        jobName: INVITATION_MAIL_JOB,
        jobId: job.id,
        now: clock.now(),
      });
      if (failed) log.warn({ invitationId }, 'invitation mail cut off by a stopped process: failed');
      return 'skipped' as const;
    }
    // Withdrawn (deleted) or already handled: nothing to send.
    if (facts?.invitation.state !== 'queued') return 'skipped' as const;
    const now = clock.now();
    if (facts.unsubscribed) {
      await markNotSent(db, facts.invitation, 'unsubscribed', 'The address has unsubscribed.', now, 'queued');
      return 'failed' as const;
    }
    if (facts.campaign.state !== 'running') {
      await markNotSent(
        db,
        facts.invitation,
        'failed',
        'The campaign was no longer running when the mail was due.',
        now,
        'queued',
      );
      return 'failed' as const;
    }
    const token = randomToken();
    const claimed = await claimMail(db, invitationId, sha256(token), now);
    if (!claimed) return 'skipped' as const;
    const msg = invitationMail({
      to: facts.contact.email,
      language: facts.campaign.language,
      reminder: claimed.pendingMail === 'reminder',
      firstname: facts.contact.firstname,
      campaignTitle: facts.campaign.title,
      manufacturerId: facts.invitation.manufacturerId,
      manufacturerName: facts.manufacturer.name,
      manufacturerImage: facts.manufacturer.imageUrl,
      surveyLink: `${publicUrl}/p/i/${token}`,
      unsubscribeLink: `${publicUrl}/p/unsubscribe/${token}`,
      unsubscribeApiUrl: `${publicUrl}/api/public/unsubscribe/${token}`,
    });
    try {
      await mail.deliver(msg);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.warn({ invitationId, err: reason }, 'invitation mail refused');
      await markNotSent(db, claimed, 'failed', reason, clock.now(), 'sending');
      return 'failed' as const;
    }
    await markMailed(db, claimed, clock.now());
    return 'sent' as const;
  };

  /**
   * Stale claims become failed; queued mails whose job was lost get a new one; due reminders are
   * queued at the mail pace. Answers what it did. The lost-job check uses real time (the pace's), the
   * rest the rules' clock.
   */
  const sweep = async () => {
    const now = clock.now();
    const stale = await failStaleSending(db, {
      before: new Date(now.getTime() - staleSendingMs),
      // A claim's age against its job's: real time, as the job queue's.
      claimBefore: new Date(Date.now() - invitationMailExpireInSeconds * 1000),
      now,
      jobName: INVITATION_MAIL_JOB,
    });
    const lost = await lostQueued(db, new Date(), 1000, INVITATION_MAIL_JOB);
    // Due long ago: sent now, outside the pace.
    if (lost.length > 0) {
      await jobs.sendMany<InvitationMailJob>(
        INVITATION_MAIL_JOB,
        lost.map((invitationId) => ({ data: { invitationId } })),
      );
    }
    const due = await dueReminders(db, new Date(now.getTime() - reminderAfterMs), 1000);
    const reminders = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const id of due) {
        const row = await requeue(tx, id, 'reminder', ['sent', 'opened'], now);
        if (row) ids.push(row.id);
      }
      await queueMails(tx, ids);
      return ids.length;
    });
    if (stale > 0 || reminders > 0 || lost.length > 0) {
      log.info({ stale, reminders, requeued: lost.length }, 'invitation sweep');
    }
    return { stale, reminders, requeued: lost.length };
  };

  jobs.define<InvitationMailJob>(
    INVITATION_MAIL_JOB,
    async (data, meta) => {
      await sendMail(data, meta);
    },
    // A worker fetches one batch per polling interval (2 s by default) and sends it one mail after
    // another: 100 a batch lets one instance keep up with up to 3,000 mails a minute, so the pace
    // (INVITATION_MAILS_PER_MINUTE), not the polling, sets the rate.
    { batchSize: 100, retryLimit: 3, expireInSeconds: invitationMailExpireInSeconds },
  );
  jobs.define(
    INVITATION_SWEEP_JOB,
    async () => {
      await sweep();
    },
    { cron: '* * * * *', retryLimit: 0 },
  );

  return { sendMail, sweep };
};
export type InvitationJobs = ReturnType<typeof createInvitationJobs>;
