/**
 * Read-only query: a campaign's results and statistics (D23), all counted by PostgreSQL (the counts of
 * the results themselves: result-counts.query.ts). Reads campaign_tickets, ticket_answer_states,
 * ticket_choices (tickets), invitations (invitations),
 * contacts (contacts), contact_lists and contact_list_members (contact-lists), campaigns (campaigns) and
 * manufacturers (owner). Used by the results service only. It never writes.
 */
import type { ResultFilterQuery, TicketAnswer } from '@parley/contract';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contactLists } from '../modules/contact-lists/contact-lists.tables.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { manufacturers } from '../modules/owner/owner.tables.js';
import { campaignTickets, ticketAnswerStates, ticketChoices } from '../modules/tickets/tickets.tables.js';
import { memberOfList } from './contact-lists.query.js';

/** Which tickets count: one campaign's, in the filter, with the days read in `timeZone`. */
export type ResultScope = ResultFilterQuery & {
  manufacturerId: string;
  campaignId: string;
  timeZone: string;
};

/** The instant a calendar day starts in a time zone (`day` is YYYY-MM-DD, checked by the contract). */
export const dayStart = (day: string, timeZone: string) =>
  sql`((${day}::date)::timestamp at time zone ${timeZone})`;
export const dayEnd = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/** The filter's conditions on campaign_tickets beyond its campaign; none when it takes every ticket. */
const narrowing = (s: ResultScope): SQL[] => {
  const t = campaignTickets;
  const out: (SQL | undefined)[] = [
    s.from ? sql`${t.createdAt} >= ${dayStart(s.from, s.timeZone)}` : undefined,
    s.to ? sql`${t.createdAt} < ${dayEnd(s.to, s.timeZone)}` : undefined,
    s.archived === 'all' ? undefined : eq(t.ignored, s.archived === 'true'),
    s.rating === 'up' ? gt(t.votesUp, 0) : undefined,
    s.rating === 'down' ? gt(t.votesDown, 0) : undefined,
    s.rating === 'none' ? and(eq(t.votesUp, 0), eq(t.votesDown, 0)) : undefined,
    s.contactListId ? memberOfList(t.contactId, s.contactListId) : undefined,
    s.tag
      ? sql`exists (select 1 from ${contacts} c where c.id = ${t.contactId}
          and c.manufacturer_id = ${s.manufacturerId} and c.tags @> array[${s.tag}]::text[])`
      : undefined,
  ];
  return out.filter((c): c is SQL => c !== undefined);
};

export const ticketsOf = (s: ResultScope) =>
  and(
    eq(campaignTickets.campaignId, s.campaignId),
    eq(campaignTickets.manufacturerId, s.manufacturerId),
    ...narrowing(s),
  );

/**
 * Rows of a per-answer table (states or choices) that belong to the scope's tickets. Without a
 * narrowing filter the table's own campaign column answers (an index-only scan); with one, the
 * tickets in the filter are joined by id.
 */
export const inScope = (
  s: ResultScope,
  ticketId: SQL | typeof ticketAnswerStates.ticketId,
  campaignId: SQL,
) => {
  const narrow = narrowing(s);
  if (narrow.length === 0) return sql`${campaignId} = ${s.campaignId}`;
  return sql`${campaignId} = ${s.campaignId} and ${ticketId} in (select ${campaignTickets.id} from ${campaignTickets} where ${ticketsOf(s)})`;
};

/**
 * What participants saw of questions and options that are gone now: their texts from the latest
 * ticket that holds each (only for the few ids the results name but the campaign no longer has).
 */
export const snapshotTexts = async (db: DbOrTx, campaignId: string, questionIds: string[]) => {
  if (questionIds.length === 0) return new Map<string, TicketAnswer>();
  const rows = await db
    .selectDistinctOn([ticketAnswerStates.questionId], {
      questionId: ticketAnswerStates.questionId,
      answer: sql<TicketAnswer>`(select a from jsonb_array_elements(${campaignTickets.answers}) a
        where a->>'questionId' = ${ticketAnswerStates.questionId}::text limit 1)`,
    })
    .from(ticketAnswerStates)
    .innerJoin(campaignTickets, eq(campaignTickets.id, ticketAnswerStates.ticketId))
    .where(
      and(eq(ticketAnswerStates.campaignId, campaignId), inArray(ticketAnswerStates.questionId, questionIds)),
    )
    .orderBy(ticketAnswerStates.questionId, sql`${ticketAnswerStates.createdAt} desc`);
  return new Map(rows.filter((r) => r.answer).map((r) => [r.questionId, r.answer]));
};

/**
 * The texts of options that are gone now, each from a ticket that chose or ranked it (so as a participant
 * saw it), for the few (question, option) pairs the results name but the questions no longer have.
 */
export const removedOptionTexts = async (
  db: DbOrTx,
  campaignId: string,
  pairs: { questionId: string; optionId: string }[],
) => {
  if (pairs.length === 0) return new Map<string, string>();
  const c = ticketChoices;
  const wanted = sql.join(
    pairs.map((p) => sql`(${p.questionId}::uuid, ${p.optionId}::uuid)`),
    sql`, `,
  );
  const rows = await db.execute<{ option_id: string; text: string | null }>(sql`
    select distinct on (${c.questionId}, ${c.optionId}) ${c.optionId} as option_id,
      (select o->>'text' from jsonb_array_elements(${campaignTickets.answers}) a,
        jsonb_array_elements(a->'options') o
       where a->>'questionId' = ${c.questionId}::text and o->>'_id' = ${c.optionId}::text limit 1) as text
    from ${c} join ${campaignTickets} on ${campaignTickets.id} = ${c.ticketId}
    where ${c.campaignId} = ${campaignId} and (${c.questionId}, ${c.optionId}) in (${wanted})
    order by ${c.questionId}, ${c.optionId}`);
  return new Map(rows.rows.map((r) => [r.option_id, r.text ?? '']));
};

/** The campaign's invitations: made, mailed, opened, answered, and the median time from mail to answer. */
export const invitationTotals = async (db: DbOrTx, manufacturerId: string, campaignId: string) => {
  const i = invitations;
  const [row] = await db
    .select({
      invited: sql<number>`count(*)::int`,
      delivered: sql<number>`count(${i.sentAt})::int`,
      opened: sql<number>`(count(*) filter (where ${i.openedAt} is not null or ${i.answeredAt} is not null))::int`,
      answered: sql<number>`count(${i.answeredAt})::int`,
      // The response rate's part: answered among the mailed (an answer through the open link also marks a
      // contact's invitation answered, mailed or not).
      deliveredAnswered: sql<number>`(count(*) filter (where ${i.answeredAt} is not null and ${i.sentAt} is not null))::int`,
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group
        (order by extract(epoch from ${i.answeredAt} - ${i.sentAt}))
        filter (where ${i.answeredAt} >= ${i.sentAt})`,
    })
    .from(i)
    .where(and(eq(i.campaignId, campaignId), eq(i.manufacturerId, manufacturerId)));
  return (
    row ?? { invited: 0, delivered: 0, opened: 0, answered: 0, deliveredAnswered: 0, medianSeconds: null }
  );
};

/** Answers per calendar day from `from` to `to` (inclusive, in `timeZone`), days without answers as 0. */
export const answersPerDay = async (
  db: DbOrTx,
  q: { manufacturerId: string; campaignId: string; timeZone: string; from: string; to: string },
) => {
  const t = campaignTickets;
  const rows = await db.execute<{ date: string; answers: number }>(sql`
    select d::date::text as date, coalesce(x.n, 0)::int as answers
    from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    left join (
      select (${t.createdAt} at time zone ${q.timeZone})::date as day, count(*) as n
      from ${t}
      where ${t.campaignId} = ${q.campaignId} and ${t.manufacturerId} = ${q.manufacturerId}
        and ${t.createdAt} >= ${dayStart(q.from, q.timeZone)} and ${t.createdAt} < ${dayEnd(q.to, q.timeZone)}
      group by 1
    ) x on x.day = d::date
    order by d`);
  return rows.rows.map((r) => ({ date: r.date, answers: Number(r.answers) }));
};

/** The manufacturer's running campaigns with their headline numbers, most recently answered first. */
export const runningCampaigns = async (db: DbOrTx, manufacturerId: string, limit: number, since: Date) => {
  const c = campaigns;
  // Inside these subqueries a bare column would bind to the subquery's own table: the campaign's id is
  // written out in full.
  const id = sql.raw('"campaigns"."id"');
  const lastAnswerAt = sql<
    string | null
  >`(select max(t.created_at) from ${campaignTickets} t where t.campaign_id = ${id})`;
  const rows = await db
    .select({
      id: c.id,
      title: c.title,
      state: c.state,
      answers: c.ticketCount,
      answersLast7Days: sql<number>`(select count(*)::int from ${campaignTickets} t
        where t.campaign_id = ${id} and t.created_at >= ${since.toISOString()}::timestamptz)`,
      lastAnswerAt,
      invited: sql<number>`(select count(*)::int from ${invitations} i where i.campaign_id = ${id})`,
      delivered: sql<number>`(select count(i.sent_at)::int from ${invitations} i where i.campaign_id = ${id})`,
      invitationAnswers: sql<number>`(select count(i.answered_at)::int from ${invitations} i
        where i.campaign_id = ${id} and i.sent_at is not null)`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(c)
    .where(and(eq(c.manufacturerId, manufacturerId), eq(c.state, 'running')))
    .orderBy(sql`${lastAnswerAt} desc nulls last`, asc(c.id))
    .limit(limit);
  return rows;
};

/** A shared results link: its campaign and the maker's name. */
export const sharedCampaign = async (db: DbOrTx, campaignId: string) => {
  const [row] = await db
    .select({ campaign: campaigns, manufacturerName: manufacturers.name, timeZone: manufacturers.timeZone })
    .from(campaigns)
    .innerJoin(manufacturers, eq(manufacturers.id, campaigns.manufacturerId))
    .where(eq(campaigns.id, campaignId));
  return row;
};

/** The name of the manufacturer's contact list a report is filtered by; undefined for none of theirs. */
export const contactListName = async (db: DbOrTx, manufacturerId: string, listId: string) => {
  const [row] = await db
    .select({ name: contactLists.name })
    .from(contactLists)
    .where(and(eq(contactLists.id, listId), eq(contactLists.manufacturerId, manufacturerId)));
  return row?.name;
};
