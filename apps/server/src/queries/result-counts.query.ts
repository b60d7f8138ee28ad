/**
 * Read-only query: a campaign's counts for its results (D23): tickets, answer states and chosen options per
 * question, a page of a free-text question's answers. Reads campaign_ticket_tallies, ticket_answer_tallies,
 * ticket_choice_tallies, campaign_tickets, ticket_answer_states and ticket_choices (tickets), and through the
 * filter contacts and contact_list_members. Used by the results service only. It never writes.
 *
 * A filter by the archive flag and days only (the console's usual one) adds up the tallies the triggers of
 * migration 0013 keep per question, archive flag and hour (UTC): a few rows per hour of the campaign
 * instead of a row per ticket and question, so a million tickets answer as fast as their hours do. The
 * hours a day boundary cuts (a time zone off the whole hour) are counted from their tickets. Any other
 * filter (rating, list, tag) counts the answer rows of the tickets in it.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { likePattern } from '../lib/like.js';
import {
  campaignTickets,
  campaignTicketTallies,
  ticketAnswerStates,
  ticketAnswerTallies,
  ticketChoices,
  ticketChoiceTallies,
} from '../modules/tickets/tickets.tables.js';
import { dayEnd, dayStart, inScope, type ResultScope, ticketsOf } from './results.query.js';

/** Whether the tallies answer the scope: it filters by the archive flag and days only. */
const tallied = (s: ResultScope) => !s.rating && !s.contactListId && !s.tag;

/** The archive flag of the scope as a condition on `column`, or none for every ticket. */
const archivedOf = (s: ResultScope, column: SQL) =>
  s.archived === 'all' ? sql`true` : sql`${column} = ${s.archived === 'true'}`;

/**
 * The scope's days against the tallies' hours: whole hours `hour >= ceil(start)` and `hour < floor(end)`,
 * and the two cut hours' instants [start, ceil(start)) and [floor(end), end) to count from their tickets
 * (empty when a day starts on the hour).
 */
const hoursOf = (s: ResultScope) => {
  const start = s.from ? dayStart(s.from, s.timeZone) : undefined;
  const end = s.to ? dayEnd(s.to, s.timeZone) : undefined;
  const ceil = start
    ? sql`(date_trunc('hour', ${start} - interval '1 microsecond', 'UTC') + interval '1 hour')`
    : undefined;
  const floor = end ? sql`date_trunc('hour', ${end}, 'UTC')` : undefined;
  const whole = (hour: SQL) =>
    and(ceil ? sql`${hour} >= ${ceil}` : undefined, floor ? sql`${hour} < ${floor}` : undefined) ?? sql`true`;
  const t = campaignTickets;
  const edges: SQL[] = [];
  if (start && ceil)
    edges.push(
      sql`(${t.createdAt} >= ${start} and ${t.createdAt} < ${ceil}${end ? sql` and ${t.createdAt} < ${end}` : sql``})`,
    );
  if (end && floor)
    edges.push(
      sql`(${t.createdAt} >= ${floor} and ${t.createdAt} < ${end}${start ? sql` and ${t.createdAt} >= ${start}` : sql``})`,
    );
  return { whole, edges };
};

/** The scope's tickets in the cut hours (tickets of the campaign, by its index on campaign and time). */
const edgeTickets = (s: ResultScope, edges: SQL[]) =>
  and(
    eq(campaignTickets.campaignId, s.campaignId),
    eq(campaignTickets.manufacturerId, s.manufacturerId),
    archivedOf(s, sql`${campaignTickets.ignored}`),
    sql`(${sql.join(edges, sql` or `)})`,
  );

/** How many tickets the scope holds. */
export const countTickets = async (db: DbOrTx, s: ResultScope) => {
  if (tallied(s) && !s.from && !s.to) {
    const t = campaignTicketTallies;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${t.n}), 0)::int` })
      .from(t)
      .where(
        and(
          eq(t.manufacturerId, s.manufacturerId),
          eq(t.campaignId, s.campaignId),
          archivedOf(s, sql`${t.ignored}`),
        ),
      );
    return row?.n ?? 0;
  }
  // Days: an index-only count of the campaign's tickets in them (campaign_tickets_campaign_created_idx).
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(campaignTickets).where(ticketsOf(s));
  return row?.n ?? 0;
};

/** Per question (or only `questionId`'s): how many answered it, left it blank, were led past it. */
export const answerStateCounts = async (db: DbOrTx, s: ResultScope, questionId?: string) => {
  type Row = { questionId: string; state: 'answered' | 'blank' | 'path'; n: number };
  const a = ticketAnswerStates;
  if (!tallied(s)) {
    return db
      .select({ questionId: a.questionId, state: a.state, n: sql<number>`count(*)::int` })
      .from(a)
      .where(
        and(
          inScope(s, sql`${a.ticketId}`, sql`${a.campaignId}`),
          questionId ? eq(a.questionId, questionId) : undefined,
        ),
      )
      .groupBy(a.questionId, a.state);
  }
  const x = ticketAnswerTallies;
  const { whole, edges } = hoursOf(s);
  const question = (column: SQL) => (questionId ? sql` and ${column} = ${questionId}` : sql``);
  const cut = edges.length
    ? sql`union all
      select ${a.questionId}, ${a.state}, 1 from ${campaignTickets} join ${a} on ${a.ticketId} = ${campaignTickets.id}
      where ${edgeTickets(s, edges)}${question(sql`${a.questionId}`)}`
    : sql``;
  const rows = await db.execute<{ question_id: string; state: Row['state']; n: number }>(sql`
    select question_id, state, sum(n)::int as n from (
      select ${x.questionId} as question_id, ${x.state} as state, ${x.n} as n from ${x}
      where ${x.campaignId} = ${s.campaignId} and ${archivedOf(s, sql`${x.ignored}`)} and ${whole(sql`${x.hour}`)}${question(sql`${x.questionId}`)}
      ${cut}
    ) c group by question_id, state having sum(n) > 0`);
  return rows.rows.map((r): Row => ({ questionId: r.question_id, state: r.state, n: Number(r.n) }));
};

/** Per question (or only `questionId`'s), option and (ranking) position: how many chose or ranked it so. */
export const choiceCounts = async (db: DbOrTx, s: ResultScope, questionId?: string) => {
  type Row = { questionId: string; optionId: string; position: number | null; n: number };
  const c = ticketChoices;
  if (!tallied(s)) {
    return db
      .select({
        questionId: c.questionId,
        optionId: c.optionId,
        position: c.position,
        n: sql<number>`count(*)::int`,
      })
      .from(c)
      .where(
        and(
          inScope(s, sql`${c.ticketId}`, sql`${c.campaignId}`),
          questionId ? eq(c.questionId, questionId) : undefined,
        ),
      )
      .groupBy(c.questionId, c.optionId, c.position);
  }
  const x = ticketChoiceTallies;
  const { whole, edges } = hoursOf(s);
  const question = (column: SQL) => (questionId ? sql` and ${column} = ${questionId}` : sql``);
  // A choice's position is null; its tally's is 0.
  const cut = edges.length
    ? sql`union all
      select ${c.questionId}, ${c.optionId}, coalesce(${c.position}, 0), 1
      from ${campaignTickets} join ${c} on ${c.ticketId} = ${campaignTickets.id}
      where ${edgeTickets(s, edges)}${question(sql`${c.questionId}`)}`
    : sql``;
  const rows = await db.execute<{ question_id: string; option_id: string; position: number; n: number }>(sql`
    select question_id, option_id, position, sum(n)::int as n from (
      select ${x.questionId} as question_id, ${x.optionId} as option_id, ${x.position} as position, ${x.n} as n
      from ${x}
      where ${x.campaignId} = ${s.campaignId} and ${archivedOf(s, sql`${x.ignored}`)} and ${whole(sql`${x.hour}`)}${question(sql`${x.questionId}`)}
      ${cut}
    ) c group by question_id, option_id, position having sum(n) > 0`);
  return rows.rows.map(
    (r): Row => ({
      questionId: r.question_id,
      optionId: r.option_id,
      position: Number(r.position) === 0 ? null : Number(r.position),
      n: Number(r.n),
    }),
  );
};

/**
 * One page of a free-text question's answers in the scope, newest first, and their number: `answered`
 * when the caller counted it already (the question's answered state, without a search).
 */
export const freeTextAnswers = async (
  db: DbOrTx,
  s: ResultScope,
  q: {
    questionId: string;
    search?: string | undefined;
    limit: number;
    offset: number;
    answered?: number | undefined;
  },
) => {
  const a = ticketAnswerStates;
  // Tallied scopes read the answer rows' own time and ask the ticket only for its archive flag, so the
  // page is a walk down (campaign, question, state, time) that stops after the page.
  const scope = tallied(s)
    ? and(
        eq(a.campaignId, s.campaignId),
        s.from ? sql`${a.createdAt} >= ${dayStart(s.from, s.timeZone)}` : undefined,
        s.to ? sql`${a.createdAt} < ${dayEnd(s.to, s.timeZone)}` : undefined,
        s.archived === 'all'
          ? undefined
          : sql`exists (select 1 from ${campaignTickets} t where t.id = ${a.ticketId}
              and t.ignored = ${s.archived === 'true'})`,
      )
    : inScope(s, sql`${a.ticketId}`, sql`${a.campaignId}`);
  const where = and(
    scope,
    eq(a.questionId, q.questionId),
    eq(a.state, 'answered'),
    q.search ? sql`${a.text} ilike ${likePattern(q.search)}` : undefined,
  );
  const known = q.search ? undefined : q.answered;
  const [rows, total] = await Promise.all([
    db
      .select({ ticketId: a.ticketId, text: a.text, createdAt: a.createdAt })
      .from(a)
      .where(where)
      .orderBy(sql`${a.createdAt} desc`, sql`${a.ticketId} desc`)
      .limit(q.limit)
      .offset(q.offset),
    known ??
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .where(where)
        .then(([r]) => r?.n ?? 0),
  ]);
  return { rows, total };
};

/** The ticket counts of the campaign as a whole: all, by source (the sum of its tallies). */
export const ticketTotals = async (db: DbOrTx, manufacturerId: string, campaignId: string) => {
  const t = campaignTicketTallies;
  const [row] = await db
    .select({
      answers: sql<number>`coalesce(sum(${t.n}), 0)::int`,
      openLink: sql<number>`coalesce(sum(${t.n}) filter (where ${t.source} = 'openLink'), 0)::int`,
      invitation: sql<number>`coalesce(sum(${t.n}) filter (where ${t.source} = 'invitation'), 0)::int`,
    })
    .from(t)
    .where(and(eq(t.campaignId, campaignId), eq(t.manufacturerId, manufacturerId)));
  return row ?? { answers: 0, openLink: 0, invitation: 0 };
};
