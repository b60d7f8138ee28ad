/**
 * Read-only query: tickets joined with what the ticket screens show of other domains.
 * Reads campaign_tickets, ticket_reads, ticket_comments, ticket_media, mass_follow_ups (tickets),
 * contacts (contacts), campaigns (campaigns), manufacturers (owner) and contact_list_members
 * (contact-lists). Used by the tickets service (the owner's inbox, ticket and follow-ups, the
 * conversation mails) and the participation service (the participant's ticket, an address's answered
 * ticket). It never writes, nor takes a lock: the reminder sweep's claim is the tickets module's.
 */
import type { TicketFilterQuery } from '@parley/contract';
import { and, asc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { anyOf } from '../lib/any-of.js';
import { likePattern } from '../lib/like.js';
import { type Cursor, keysetOrder, pageAndCount } from '../lib/paging.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { manufacturers } from '../modules/owner/owner.tables.js';
import {
  campaignTickets,
  campaignTicketTallies,
  massFollowUps,
  ticketComments,
  ticketLinks,
  ticketMedia,
  ticketReads,
} from '../modules/tickets/tickets.tables.js';
import { searchOf } from './contact-book.query.js';
import { memberOfList } from './contact-lists.query.js';

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
};

/** Who a ticket's messages go to and in whose name: its contact, campaign and maker (joined as in `ticketWith`). */
const recipientColumns = {
  contact: contactColumns,
  campaign: { id: campaigns.id, title: campaigns.title, language: campaigns.language },
  manufacturerName: manufacturers.name,
};

/** What the inbox shows of a ticket (its answers stay in the database: only the ticket page reads them). */
const listColumns = {
  id: campaignTickets.id,
  campaignId: campaignTickets.campaignId,
  emailConfirmedAt: campaignTickets.emailConfirmedAt,
  answeredCount: campaignTickets.answeredCount,
  createdAt: campaignTickets.createdAt,
  lastActivityAt: campaignTickets.lastActivityAt,
  ignored: campaignTickets.ignored,
  answered: sql<boolean>`(${campaignTickets.manuAnswer} is not null)`,
  commentCount: campaignTickets.commentCount,
  votesUp: campaignTickets.votesUp,
  votesDown: campaignTickets.votesDown,
  excerpt: campaignTickets.excerpt,
};

/** The participant wrote after this owner last read the ticket (needs the reads join of `readsOf`). */
const hasNew = sql<boolean>`coalesce(${campaignTickets.lastParticipantActivityAt} > coalesce(${ticketReads.seenAt}, '-infinity'::timestamptz), false)`;
const readsOf = (ownerId: string) =>
  and(eq(ticketReads.ticketId, campaignTickets.id), eq(ticketReads.ownerId, ownerId));

type Scope = TicketFilterQuery & {
  manufacturerId: string;
  ownerId: string;
  campaignId?: string | undefined;
};

/** The filter as SQL, and whether it needs the reads join. */
const whereOf = (q: Scope) => {
  const search = q.search ? likePattern(q.search.toLowerCase()) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(campaignTickets.manufacturerId, q.manufacturerId),
    q.campaignId ? eq(campaignTickets.campaignId, q.campaignId) : undefined,
    q.archived === 'all' ? undefined : eq(campaignTickets.ignored, q.archived === 'true'),
    q.unanswered ? isNull(campaignTickets.manuAnswer) : undefined,
    // The first condition lets the partial index of tickets with participant messages serve.
    q.newComments ? and(isNotNull(campaignTickets.lastParticipantActivityAt), hasNew) : undefined,
    q.rating === 'up' ? gt(campaignTickets.votesUp, 0) : undefined,
    q.rating === 'down' ? gt(campaignTickets.votesDown, 0) : undefined,
    q.rating === 'none' ? and(eq(campaignTickets.votesUp, 0), eq(campaignTickets.votesDown, 0)) : undefined,
    q.contactListId ? memberOfList(campaignTickets.contactId, q.contactListId) : undefined,
    search
      ? or(
          sql`${campaignTickets.searchText} like ${search}`,
          // The participant's address or names, through the contact book's own trigram index.
          sql`${campaignTickets.contactId} in (select ${contacts.id} from ${contacts}
            where ${contacts.manufacturerId} = ${q.manufacturerId} and ${searchOf(q.search)})`,
        )
      : undefined,
  ];
  return { where: and(...conditions), needsReads: !!q.newComments };
};

/** The list's order as keyset order (lib/paging.ts): the id breaks ties, so pages never overlap or skip rows. */
const keysetOf = (sort: TicketFilterQuery['sort']) =>
  sort === 'activity'
    ? keysetOrder({
        key: campaignTickets.lastActivityAt,
        type: 'timestamptz',
        id: campaignTickets.id,
        descending: true,
      })
    : keysetOrder({
        key: campaignTickets.createdAt,
        type: 'timestamptz',
        id: campaignTickets.id,
        descending: sort !== 'oldest',
      });
const orderOf = (sort: TicketFilterQuery['sort']) => keysetOf(sort).orderBy;

/**
 * How many tickets a filter the tallies cannot answer (new messages for this owner, a contact list, a
 * search) counts past the page's first row: the count stops there and the answer says `totalAtLeast`
 * (docs/architecture.md, "Data"), so the first page costs the same for 10,000 tickets as for a million.
 */
export const ticketCountCap = 1000;

/** Whether the filter's total is a sum of the campaigns' tallies: it filters by kinds they keep only. */
const tallied = (q: Scope) => !q.newComments && !q.contactListId && !q.search;

/** The tally rows of the filter's tickets (campaign_ticket_tallies, kept by triggers). */
const talliesOf = (q: Scope) => {
  const t = campaignTicketTallies;
  return and(
    eq(t.manufacturerId, q.manufacturerId),
    q.campaignId ? eq(t.campaignId, q.campaignId) : undefined,
    q.archived === 'all' ? undefined : eq(t.ignored, q.archived === 'true'),
    q.unanswered ? eq(t.answered, false) : undefined,
    q.rating === 'up' ? eq(t.ratedUp, true) : undefined,
    q.rating === 'down' ? eq(t.ratedDown, true) : undefined,
    q.rating === 'none' ? and(eq(t.ratedUp, false), eq(t.ratedDown, false)) : undefined,
  );
};

/**
 * One page of the inbox (one campaign's or every campaign's tickets) and its total. The total is the sum
 * of the tallies when the filter allows, else a count that stops `ticketCountCap` rows past the page
 * (`atLeast` when it stopped). With a cursor (`after`) the page starts after that row instead of at
 * `offset` (keyset paging); each row comes with its sort key as text, for the next cursor.
 */
export const listTickets = async (
  db: DbOrTx,
  q: Scope & { limit: number; offset: number; after?: Cursor | undefined },
) => {
  const { where, needsReads } = whereOf(q);
  const order = keysetOf(q.sort);
  const page = db
    .select({
      ticket: listColumns,
      contact: contactColumns,
      campaignTitle: campaigns.title,
      hasNew,
      key: order.keyText,
    })
    .from(campaignTickets)
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .leftJoin(ticketReads, readsOf(q.ownerId))
    .where(q.after ? and(where, order.after(q.after)) : where)
    .orderBy(...order.orderBy)
    .limit(q.limit)
    .offset(q.after ? 0 : q.offset);
  if (tallied(q)) {
    const total = db
      .select({ total: sql<number>`coalesce(sum(${campaignTicketTallies.n}), 0)::int` })
      .from(campaignTicketTallies)
      .where(talliesOf(q));
    return { ...(await pageAndCount(page, total)), atLeast: false };
  }
  const cap = (q.after ? 0 : q.offset) + ticketCountCap;
  let matching = db.select({ one: sql`1` }).from(campaignTickets).$dynamic();
  if (needsReads) matching = matching.leftJoin(ticketReads, readsOf(q.ownerId));
  const capped = matching
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const { rows, total } = await pageAndCount(
    page,
    db.select({ total: sql<number>`count(*)::int` }).from(capped),
  );
  return { rows, total: Math.min(total, cap), atLeast: total > cap };
};
export type TicketListRow = Awaited<ReturnType<typeof listTickets>>['rows'][number];

/** The ids of the filter's tickets in its order, at most `max`. */
export const listTicketIds = async (db: DbOrTx, q: Scope & { max: number }) => {
  const { where, needsReads } = whereOf(q);
  let query = db.select({ id: campaignTickets.id }).from(campaignTickets).$dynamic();
  if (needsReads) query = query.leftJoin(ticketReads, readsOf(q.ownerId));
  const rows = await query
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.max + 1);
  return { ids: rows.slice(0, q.max).map((r) => r.id), truncated: rows.length > q.max };
};

/** The ticket with its contact, campaign and maker: what the owner's page and the mails need. */
const ticketWith = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      ticket: campaignTickets,
      ...recipientColumns,
      // The participant's page links the maker's own privacy notice and imprint (docs/product-decisions.md,
      // "Contacts": the manufacturer's settings).
      manufacturerLinks: { privacyUrl: manufacturers.privacyUrl, imprintUrl: manufacturers.imprintUrl },
    })
    .from(campaignTickets)
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, campaignTickets.manufacturerId))
    .where(where)
    .limit(1);
export type TicketWithContext = Awaited<ReturnType<typeof ticketWith>>[number];

/** One ticket of the manufacturer with its contact, campaign and maker. */
export const findTicketWithContact = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await ticketWith(
    db,
    and(eq(campaignTickets.manufacturerId, manufacturerId), eq(campaignTickets.id, id)),
  );
  return row;
};

/**
 * The participant's ticket by the hash of a private link's token: the first link (kept on the
 * ticket) or one mailed later (ticket_links).
 */
export const findTicketByTokenHash = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await ticketWith(
    db,
    or(
      eq(campaignTickets.tokenHash, tokenHash),
      eq(
        campaignTickets.id,
        sql`(select ${ticketLinks.ticketId} from ${ticketLinks} where ${ticketLinks.tokenHash} = ${tokenHash})`,
      ),
    ),
  );
  return row;
};

/** When this owner last read the ticket, or null. */
export const ticketSeenAt = async (db: DbOrTx, ticketId: string, ownerId: string) => {
  const [row] = await db
    .select({ seenAt: ticketReads.seenAt })
    .from(ticketReads)
    .where(and(eq(ticketReads.ticketId, ticketId), eq(ticketReads.ownerId, ownerId)));
  return row?.seenAt ?? null;
};

/** A ticket's conversation, oldest first, with each message's media. */
export const ticketConversation = async (db: DbOrTx, ticketId: string) => {
  const [comments, media] = await Promise.all([
    db
      .select()
      .from(ticketComments)
      .where(eq(ticketComments.ticketId, ticketId))
      .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
    db
      .select()
      .from(ticketMedia)
      .where(and(eq(ticketMedia.ticketId, ticketId), isNotNull(ticketMedia.commentId)))
      .orderBy(asc(ticketMedia.createdAt), asc(ticketMedia.id)),
  ]);
  return comments.map((c) => ({ comment: c, media: media.filter((m) => m.commentId === c.id) }));
};
export type ConversationEntry = Awaited<ReturnType<typeof ticketConversation>>[number];

/**
 * The ticket of the contact of `email` (lowercased, as stored) in the campaign, if they answered it:
 * its id and language, and the contact's address and first name (the "already answered" mail).
 */
export const answeredTicketOfEmail = async (db: DbOrTx, campaignId: string, email: string) => {
  const [row] = await db
    .select({
      ticketId: campaignTickets.id,
      language: campaignTickets.language,
      email: contacts.email,
      firstname: contacts.firstname,
    })
    .from(campaignTickets)
    .innerJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .where(and(eq(campaignTickets.campaignId, campaignId), eq(contacts.email, email.toLowerCase())))
    .orderBy(asc(campaignTickets.createdAt))
    .limit(1);
  return row;
};

/**
 * The next batch of a mass follow-up's tickets after `cursor` (id order), with what filling its
 * text and mailing need. Named tickets, or every ticket of the campaign that was not archived and
 * existed when the follow-up was sent; archived ones are passed over.
 */
export const followUpBatch = (
  db: DbOrTx,
  f: { campaignId: string; ticketIds: string[] | null; createdAt: Date; cursor: string | null },
  limit: number,
) =>
  db
    .select({
      ticket: {
        id: campaignTickets.id,
        manufacturerId: campaignTickets.manufacturerId,
        language: campaignTickets.language,
        mailsOff: campaignTickets.mailsOff,
      },
      ...recipientColumns,
    })
    .from(campaignTickets)
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, campaignTickets.manufacturerId))
    .where(
      and(
        eq(campaignTickets.campaignId, f.campaignId),
        eq(campaignTickets.ignored, false),
        f.ticketIds
          ? anyOf(campaignTickets.id, f.ticketIds, 'uuid')
          : lte(campaignTickets.createdAt, f.createdAt),
        f.cursor ? gt(campaignTickets.id, f.cursor) : undefined,
      ),
    )
    .orderBy(asc(campaignTickets.id))
    .limit(limit);

/**
 * The follow-up comments whose reminder is due (D14), as the tickets module claimed them
 * (`claimDueReminders`, which locks them), with whether the participant replied since and what the
 * reminder mail needs. Oldest first.
 */
export const dueFollowUpReminders = (db: DbOrTx, commentIds: string[]) =>
  db
    .select({
      commentId: ticketComments.id,
      followUpId: massFollowUps.id,
      description: ticketComments.description,
      notify: massFollowUps.notify,
      ticket: {
        id: campaignTickets.id,
        manufacturerId: campaignTickets.manufacturerId,
        language: campaignTickets.language,
        mailsOff: campaignTickets.mailsOff,
        ignored: campaignTickets.ignored,
      },
      replied: sql<boolean>`exists (select 1 from ${ticketComments} p where p.ticket_id = ${campaignTickets.id}
        and p.author = 'participant' and p.created_at > ${ticketComments.createdAt})`,
      ...recipientColumns,
    })
    .from(ticketComments)
    .innerJoin(massFollowUps, eq(massFollowUps.id, ticketComments.massFollowUpId))
    .innerJoin(campaignTickets, eq(campaignTickets.id, ticketComments.ticketId))
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, campaignTickets.manufacturerId))
    .where(anyOf(ticketComments.id, commentIds, 'uuid'))
    .orderBy(asc(ticketComments.createdAt));
