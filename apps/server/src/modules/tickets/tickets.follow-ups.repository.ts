import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { anyOf } from '../../lib/any-of.js';
import { pageAndCount } from '../../lib/paging.js';
import type { FollowUpRow } from './tickets.repository.js';
import { campaignTickets, campaignTicketTallies, massFollowUps, ticketComments } from './tickets.tables.js';

/** Mass follow-ups (D14) and their reminders: the tickets module's writes and locks for tickets.follow-ups.ts. */

/** The campaign's tickets among `ids` with whether each is archived (others' ids are simply absent). */
export const ticketsOfCampaign = (db: DbOrTx, campaignId: string, ids: string[]) =>
  db
    .select({ id: campaignTickets.id, ignored: campaignTickets.ignored })
    .from(campaignTickets)
    .where(and(eq(campaignTickets.campaignId, campaignId), anyOf(campaignTickets.id, ids, 'uuid')));

/** The campaign's tickets not archived: the sum of its tallies (kept by triggers, migration 0013). */
export const countOpenTickets = async (db: DbOrTx, campaignId: string) => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${campaignTicketTallies.n}), 0)::int` })
    .from(campaignTicketTallies)
    .where(and(eq(campaignTicketTallies.campaignId, campaignId), eq(campaignTicketTallies.ignored, false)));
  return row?.n ?? 0;
};

export const insertFollowUp = async (db: DbOrTx, values: typeof massFollowUps.$inferInsert) => {
  const [row] = await db.insert(massFollowUps).values(values).returning();
  if (!row) throw new Error('insert of a mass follow-up returned no row');
  return row;
};

export const findFollowUp = async (db: DbOrTx, id: string, campaignId?: string) => {
  const [row] = await db
    .select()
    .from(massFollowUps)
    .where(and(eq(massFollowUps.id, id), campaignId ? eq(massFollowUps.campaignId, campaignId) : undefined));
  return row;
};

/** The follow-up, locked: one worker at a time delivers it, even if its job runs twice. */
export const lockFollowUp = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(massFollowUps).where(eq(massFollowUps.id, id)).for('update');
  return row;
};

export const updateFollowUp = (
  db: DbOrTx,
  id: string,
  set: Partial<Pick<FollowUpRow, 'state' | 'cursor' | 'finishedAt' | 'updatedAt'>> & {
    done?: SQL;
    total?: SQL;
    reminded?: SQL;
  },
) => db.update(massFollowUps).set(set).where(eq(massFollowUps.id, id));

/** Follow-ups not done whose last batch is older than `before` (their job was lost). */
export const stalledFollowUps = async (db: DbOrTx, before: Date, limit: number, jobName: string) =>
  (
    await db
      .select({ id: massFollowUps.id })
      .from(massFollowUps)
      .where(
        and(
          ne(massFollowUps.state, 'done'),
          lt(massFollowUps.updatedAt, before),
          // A job still waiting for a worker is not lost (the one a dead instance held is active).
          sql`not exists (select 1 from pgboss.job j where j.name = ${jobName}
            and j.state in ('created', 'retry') and j.data->>'followUpId' = ${massFollowUps.id}::text)`,
        ),
      )
      .limit(limit)
  ).map((r) => r.id);

export const listFollowUps = (db: DbOrTx, campaignId: string, page: { limit: number; offset: number }) =>
  pageAndCount(
    db
      .select()
      .from(massFollowUps)
      .where(eq(massFollowUps.campaignId, campaignId))
      .orderBy(desc(massFollowUps.createdAt), desc(massFollowUps.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(massFollowUps).where(eq(massFollowUps.campaignId, campaignId)),
  );

/** The follow-up's comments of one batch; a ticket that has it already is passed over. */
export const insertFollowUpComments = (db: DbOrTx, rows: (typeof ticketComments.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve([] as { id: string; ticketId: string }[])
    : db
        .insert(ticketComments)
        .values(rows)
        .onConflictDoNothing({ target: [ticketComments.massFollowUpId, ticketComments.ticketId] })
        .returning({ id: ticketComments.id, ticketId: ticketComments.ticketId });

export const decideReminders = (db: DbOrTx, ids: string[], reminder: 'sent' | 'skipped') =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .update(ticketComments)
        .set({ reminder })
        .where(anyOf(ticketComments.id, ids, 'uuid'));

/**
 * Claims the follow-up comments whose reminder is due (D14: posted at least `before`, not decided
 * yet), oldest first: locked until the sweep's transaction ends, skipping those another sweep holds, so
 * two instances never decide one twice. Answers their ids; `dueFollowUpReminders` of
 * queries/tickets.query.ts then reads what the reminders need.
 */
export const claimDueReminders = async (db: DbOrTx, before: Date, limit: number) =>
  (
    await db
      .select({ id: ticketComments.id })
      .from(ticketComments)
      .where(
        and(
          isNotNull(ticketComments.massFollowUpId),
          isNull(ticketComments.reminder),
          lte(ticketComments.createdAt, before),
        ),
      )
      .orderBy(asc(ticketComments.createdAt))
      .limit(limit)
      .for('update', { of: ticketComments, skipLocked: true })
  ).map((r) => r.id);
