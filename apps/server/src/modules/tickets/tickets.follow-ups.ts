import { renderTemplate } from '@parley/contract';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requireFeature } from '../../lib/features.js';
import { pageOffset } from '../../lib/paging.js';
import { dueFollowUpReminders, followUpBatch } from '../../queries/tickets.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import { toFollowUp } from './tickets.dto.js';
import {
  claimDueReminders,
  countOpenTickets,
  decideReminders,
  findFollowUp,
  insertFollowUp,
  insertFollowUpComments,
  listFollowUps,
  lockFollowUp,
  stalledFollowUps,
  ticketsOfCampaign,
  updateFollowUp,
} from './tickets.follow-ups.repository.js';
import { countComments, insertTicketLinks } from './tickets.repository.js';
import { type ConversationMailer, type TicketActor, templateValuesOf } from './tickets.shared.js';

export const MASS_FOLLOW_UP_JOB = 'ticket.mass-follow-up';
export const FOLLOW_UP_SWEEP_JOB = 'ticket.follow-up-sweep';

/** D14: a participant who has not replied 3 days after a mass follow-up gets one reminder. */
export const followUpReminderAfterMs = 3 * 24 * 60 * 60_000;
/** A follow-up not done whose last batch committed this long ago lost its job (a crashed instance). */
export const stalledFollowUpMs = 2 * 60_000;
/**
 * A run of the follow-up job starts no batch after this long: its last batch queues the rest as a
 * new run, so the job's claim stays short (docs/product-decisions.md, "Jobs after a crash").
 */
export const followUpStepMs = 10_000;

/**
 * Mass follow-ups (D14, docs/product-decisions.md, "Mass follow-up"): the owner's call stores the
 * follow-up and queues its job in one transaction; the job posts one comment per ticket, batch by
 * batch, each batch committing its comments, their mails and the progress together. The follow-up's
 * row lock lets one worker deliver it at a time, and a unique index (follow-up, ticket) passes over
 * tickets that have it, so a job run again after a crash goes on where the last commit left off:
 * nothing lost, nothing twice. A sweep sends the reminders that are due.
 */
export const createFollowUps = ({
  db,
  jobs,
  mail,
  clock,
  log,
  mailer,
  batchSize,
  campaigns,
  history,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  mail: Pick<MailService, 'sendMany'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  mailer: ConversationMailer;
  /** Tickets per transaction (MASS_FOLLOW_UP_BATCH_SIZE). */
  batchSize: number;
  campaigns: Pick<CampaignService, 'row'>;
  history: Pick<HistoryService, 'add'>;
}) => {
  const start = async (
    actor: TicketActor,
    campaignId: string,
    body: {
      description: string;
      subject?: string | undefined;
      ticketIds?: string[] | undefined;
      notify: boolean;
    },
  ) => {
    await campaigns.row(actor.manufacturerId, campaignId);
    requireFeature(actor.manufacturer, 'canComment');
    if (!body.notify) requireFeature(actor.manufacturer, 'canSaveAnswerWithoutNotification');
    return db.transaction(async (tx) => {
      let total: number;
      let ticketIds: string[] | null = null;
      if (body.ticketIds) {
        ticketIds = [...new Set(body.ticketIds)];
        const found = await ticketsOfCampaign(tx, campaignId, ticketIds);
        if (found.length !== ticketIds.length) throw notFound('ticket');
        const archivedCount = found.filter((t) => t.ignored).length;
        if (archivedCount > 0) {
          throw new AppError(
            'ticket/archived',
            `${archivedCount} of the named tickets ${archivedCount === 1 ? 'is' : 'are'} archived: restore them or leave them out.`,
          );
        }
        total = ticketIds.length;
      } else {
        total = await countOpenTickets(tx, campaignId);
      }
      const now = clock.now();
      const row = await insertFollowUp(tx, {
        manufacturerId: actor.manufacturerId,
        campaignId,
        ownerId: actor.ownerId,
        authorName: actor.ownerName || null,
        description: body.description,
        subject: body.subject ?? null,
        notify: body.notify,
        ticketIds,
        total,
        state: total === 0 ? 'done' : 'queued',
        createdAt: now,
        finishedAt: total === 0 ? now : null,
      });
      if (total > 0) await jobs.send(MASS_FOLLOW_UP_JOB, { followUpId: row.id }, { tx });
      return toFollowUp(row);
    });
  };

  /**
   * One batch in one transaction; answers whether this run goes on (tickets remain and its step's time
   * is not up; when it is, the batch queues the next run).
   */
  const deliverBatch = async (followUpId: string, stepEnds = Number.POSITIVE_INFINITY) =>
    db.transaction(async (tx) => {
      const f = await lockFollowUp(tx, followUpId);
      if (!f || f.state === 'done') return false;
      const batch = await followUpBatch(tx, f, batchSize);
      const now = clock.now();
      if (batch.length === 0) {
        // The tickets it reached: one archived meanwhile was passed over, so the count of the
        // sending time becomes the number delivered.
        await updateFollowUp(tx, f.id, { state: 'done', finishedAt: now, updatedAt: now, total: sql`done` });
        return false;
      }
      const texts = new Map(
        batch.map((b) => [b.ticket.id, renderTemplate(f.description, templateValuesOf(b))]),
      );
      const stored = await insertFollowUpComments(
        tx,
        batch.map((b) => ({
          manufacturerId: b.ticket.manufacturerId,
          ticketId: b.ticket.id,
          author: 'owner' as const,
          ownerId: f.ownerId,
          authorName: f.authorName,
          description: texts.get(b.ticket.id) ?? f.description,
          massFollowUpId: f.id,
          createdAt: now,
        })),
      );
      const storedIds = new Set(stored.map((s) => s.ticketId));
      await countComments(tx, [...storedIds], now);
      if (f.notify)
        await queueMails(
          tx,
          'followUp',
          batch.filter((b) => storedIds.has(b.ticket.id) && !b.ticket.mailsOff),
          (b) => texts.get(b.ticket.id) ?? '',
          now,
          // The owner's subject, filled like the message (docs/product-decisions.md, "Mass follow-up").
          f.subject === null ? undefined : (b) => renderTemplate(f.subject ?? '', templateValuesOf(b)),
        );
      await updateFollowUp(tx, f.id, {
        state: 'running',
        updatedAt: now,
        cursor: batch.at(-1)?.ticket.id ?? f.cursor,
        done: sql`${stored.length} + done`,
      });
      if (Date.now() < stepEnds) return true;
      await jobs.send(MASS_FOLLOW_UP_JOB, { followUpId }, { tx });
      return false;
    });

  type MailTarget = Parameters<ConversationMailer['build']>[1];
  const queueMails = async <T extends MailTarget>(
    tx: DbOrTx,
    kind: 'followUp' | 'followUpReminder',
    targets: T[],
    textOf: (t: T) => string,
    now: Date,
    subjectOf?: (t: T) => string,
  ) => {
    const built = targets.flatMap((t) => mailer.build(kind, t, textOf(t), now, subjectOf?.(t)) ?? []);
    await insertTicketLinks(
      tx,
      built.map((b) => b.link),
    );
    if (built.length > 0)
      await mail.sendMany(
        built.map((b) => b.mail),
        { tx },
      );
  };

  /** Delivers the follow-up to its last ticket (a crash resumes after the last committed batch). */
  const deliver = async (followUpId: string) => {
    const stepEnds = Date.now() + followUpStepMs;
    while (await deliverBatch(followUpId, stepEnds)) {
      // each turn committed one batch
    }
  };

  /**
   * The reminders that are due (D14): each follow-up comment at least 3 days old whose participant
   * has not replied since gets one reminder mail, once; the rest are marked as not needing one. One
   * history entry per follow-up and sweep tells the owners. Answers how many were sent.
   */
  const sweepReminders = async () => {
    let sent = 0;
    type Told = Awaited<ReturnType<typeof dueFollowUpReminders>>[number] & { count: number };
    const told = new Map<string, Told>();
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const now = clock.now();
        // Claimed (locked, another sweep's skipped) by the tickets module; the query file only reads.
        const claimed = await claimDueReminders(tx, new Date(now.getTime() - followUpReminderAfterMs), 500);
        const due = claimed.length === 0 ? [] : await dueFollowUpReminders(tx, claimed);
        if (due.length === 0) return undefined;
        const remind = due.filter(
          (d) => d.notify && !d.replied && !d.ticket.ignored && !d.ticket.mailsOff && d.contact !== null,
        );
        const remindIds = new Set(remind.map((d) => d.commentId));
        await decideReminders(tx, [...remindIds], 'sent');
        await decideReminders(
          tx,
          due.filter((d) => !remindIds.has(d.commentId)).map((d) => d.commentId),
          'skipped',
        );
        await queueMails(tx, 'followUpReminder', remind, (d) => d.description, now);
        // Counted per follow-up in id order, so two sweeps never wait on each other crosswise.
        const perFollowUp = new Map<string, { first: Told; count: number }>();
        for (const d of remind) {
          const seen = perFollowUp.get(d.followUpId);
          perFollowUp.set(d.followUpId, {
            first: seen?.first ?? { ...d, count: 0 },
            count: (seen?.count ?? 0) + 1,
          });
        }
        const ordered = [...perFollowUp].sort(([a], [b]) => a.localeCompare(b));
        for (const [followUpId, { count }] of ordered) {
          await updateFollowUp(tx, followUpId, { reminded: sql`reminded + ${count}` });
        }
        return { sent: remind.length, ordered };
      });
      if (!batch) break;
      sent += batch.sent;
      // One history entry per follow-up and sweep, written after the last batch.
      for (const [followUpId, { first, count }] of batch.ordered) {
        const entry = told.get(followUpId) ?? first;
        told.set(followUpId, { ...entry, count: entry.count + count });
      }
    }
    if (told.size > 0) {
      await db.transaction(async (tx) => {
        for (const [followUpId, t] of told) {
          await history.add(tx, {
            manufacturerId: t.ticket.manufacturerId,
            product: 'connect',
            kind: 'reminderMassFollowUp',
            subject: { type: 'campaign', id: t.campaign.id, title: t.campaign.title },
            data: { campaignId: t.campaign.id, followUpId, count: t.count },
          });
        }
      });
    }
    if (sent > 0) log.info({ sent }, 'mass follow-up reminders sent');
    return sent;
  };

  jobs.define<{ followUpId: string }>(MASS_FOLLOW_UP_JOB, async ({ followUpId }) => deliver(followUpId), {
    retryLimit: 10,
    expireInSeconds: 40,
  });
  /**
   * Follow-ups whose job died with an instance (quiet for minutes, not done) get a new job; the
   * follow-up's lock and the comments' unique index make a second job harmless. Real time, not the
   * rules' clock. Answers how many.
   */
  const resumeStalled = async () => {
    const stalled = await stalledFollowUps(
      db,
      new Date(Date.now() - stalledFollowUpMs),
      100,
      MASS_FOLLOW_UP_JOB,
    );
    for (const id of stalled) await jobs.send(MASS_FOLLOW_UP_JOB, { followUpId: id });
    if (stalled.length > 0) log.info({ resumed: stalled.length }, 'stalled mass follow-ups resumed');
    return stalled.length;
  };

  jobs.define(
    FOLLOW_UP_SWEEP_JOB,
    async () => {
      await resumeStalled();
      await sweepReminders();
    },
    { cron: '* * * * *', retryLimit: 0 },
  );

  return {
    start,
    deliver,
    sweepReminders,
    resumeStalled,
    list: async (manufacturerId: string, campaignId: string, q: { page: number; limit: number }) => {
      await campaigns.row(manufacturerId, campaignId);
      const { rows, total } = await listFollowUps(db, campaignId, { limit: q.limit, offset: pageOffset(q) });
      return { documents: rows.map(toFollowUp), total };
    },
    status: async (manufacturerId: string, campaignId: string, id: string) => {
      await campaigns.row(manufacturerId, campaignId);
      const row = await findFollowUp(db, id, campaignId);
      if (!row) throw notFound('mass follow-up');
      return toFollowUp(row);
    },
  };
};
export type FollowUps = ReturnType<typeof createFollowUps>;
