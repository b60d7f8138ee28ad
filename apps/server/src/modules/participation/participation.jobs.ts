import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { findCampaignWithMaker } from '../../queries/survey.query.js';
import { answeredTicketOfEmail } from '../../queries/tickets.query.js';
import type { MailService } from '../mail/index.js';
import type { TicketService } from '../tickets/index.js';
import { alreadyAnsweredMail } from './participation.mail.js';

export const ALREADY_ANSWERED_CHECK_JOB = 'participation.already-answered-check';

/** An address given to a survey that takes one answer per address: did it answer already? */
export type AlreadyAnsweredCheckJob = { campaignId: string; email: string };

/**
 * At most one "already answered" mail per address, campaign and day, however often a stranger types
 * the address in (docs/product-decisions.md, "Participation").
 */
export const answeredMailLimit = { max: 1, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Queues the check for an address (docs/product-decisions.md, "Participation"): the same single job
 * insert whether or not the address answered, so neither the caller's answer nor its timing tells.
 * A burst for one address and campaign is one queued job (`short` policy).
 */
export const queueAlreadyAnsweredCheck = (
  jobs: Pick<JobQueue, 'send'>,
  campaignId: string,
  email: string,
) => {
  const data = { campaignId, email: email.toLowerCase() };
  return jobs.send<AlreadyAnsweredCheckJob>(ALREADY_ANSWERED_CHECK_JOB, data, {
    singletonKey: `${data.campaignId}:${data.email}`,
  });
};

/**
 * The check's work, off the request: when the address has a ticket of the campaign, the quiet
 * per-day limit, a fresh link to its answers and the mail saying it answered already, in one
 * transaction (a mail that is not queued leaves the day's mail unspent). Nothing for other addresses.
 */
export const createParticipationJobs = ({
  db,
  jobs,
  mail,
  clock,
  publicUrl,
  tickets,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define'>;
  mail: Pick<MailService, 'send'>;
  clock: Clock;
  publicUrl: string;
  tickets: Pick<TicketService, 'newLink'>;
}) => {
  const answeredMails = createRateLimiter(db, {
    name: 'participation-answered-mail',
    clock,
    ...answeredMailLimit,
  });

  const checkAnswered = async ({ campaignId, email }: AlreadyAnsweredCheckJob) => {
    const row = await findCampaignWithMaker(db, campaignId);
    if (!row || row.campaign.allowMultipleParticipation) return;
    const answered = await answeredTicketOfEmail(db, campaignId, email);
    if (!answered) return;
    await db.transaction(async (tx) => {
      const now = clock.now();
      if (!(await answeredMails.takeIn(tx, `${campaignId}:${answered.email}`))) return;
      const token = await tickets.newLink(tx, answered.ticketId, now);
      await mail.send(
        alreadyAnsweredMail({
          to: answered.email,
          language: answered.language,
          firstname: answered.firstname,
          campaignTitle: row.campaign.title,
          manufacturerId: row.campaign.manufacturerId,
          manufacturerName: row.manufacturer.name,
          link: `${publicUrl}/p/t/${token}`,
        }),
        { tx },
      );
    });
  };

  // A short claim: the work is two reads and one small transaction.
  jobs.define<AlreadyAnsweredCheckJob>(ALREADY_ANSWERED_CHECK_JOB, checkAnswered, {
    policy: 'short',
    retryLimit: 3,
    expireInSeconds: 15,
  });

  return { checkAnswered };
};
export type ParticipationJobs = ReturnType<typeof createParticipationJobs>;
