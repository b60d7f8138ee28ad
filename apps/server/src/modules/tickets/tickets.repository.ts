import type { TicketAnswer, Vote } from '@parley/contract';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { anyOf } from '../../lib/any-of.js';
import { shorten } from '../../lib/text.js';
import {
  campaignTickets,
  type massFollowUps,
  ticketAnswerStates,
  ticketChoices,
  ticketComments,
  ticketLinks,
  ticketMedia,
  ticketReads,
} from './tickets.tables.js';

export type TicketRow = typeof campaignTickets.$inferSelect;
export type NewTicket = typeof campaignTickets.$inferInsert;
export type CommentRow = typeof ticketComments.$inferSelect;
export type MediaRow = typeof ticketMedia.$inferSelect;
export type FollowUpRow = typeof massFollowUps.$inferSelect;

/** The words the inbox's search finds a ticket by: free texts and the chosen options' texts, lowercased. */
export const searchTextOf = (answers: TicketAnswer[]) =>
  answers
    .flatMap((a) => [
      a.value.text ?? '',
      ...(a.value.optionIds ?? []).map((id) => a.options.find((o) => o._id === id)?.text ?? ''),
    ])
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

/** The first free-text answer, at most 200 characters, for the inbox row. */
export const excerptOf = (answers: TicketAnswer[]) => {
  const text = answers.find((a) => a.type === 'FreeText' && !a.skipped && a.value.text?.trim())?.value.text;
  if (!text) return null;
  return shorten(text.replace(/\s+/g, ' ').trim(), 200);
};

/**
 * Inserts a ticket unless one with the same submission exists for the campaign: the page's
 * submissionId makes a double submit store one ticket even when both requests race.
 * Answers undefined when the submission was stored before.
 */
export const insertTicket = async (db: DbOrTx, values: NewTicket) => {
  const [row] = await db
    .insert(campaignTickets)
    .values({
      ...values,
      searchText: searchTextOf(values.answers),
      excerpt: excerptOf(values.answers),
      lastActivityAt: values.createdAt,
    })
    .onConflictDoNothing({ target: [campaignTickets.campaignId, campaignTickets.submissionId] })
    .returning();
  if (row) await insertAnswerRows(db, row);
  return row;
};

/** Why a question was skipped; answers stored before the reason was kept count as `path` when not optional. */
const skipState = (a: TicketAnswer) => a.skip ?? (a.optional ? 'blank' : 'path');

/**
 * The ticket's answers as rows the results count (one per question, one per chosen or ranked option),
 * in the ticket's transaction (docs/product-decisions.md, "Results and statistics").
 */
export const insertAnswerRows = async (
  db: DbOrTx,
  t: Pick<TicketRow, 'id' | 'campaignId' | 'answers' | 'createdAt'>,
) => {
  if (t.answers.length === 0) return;
  await db.insert(ticketAnswerStates).values(
    t.answers.map((a) => ({
      ticketId: t.id,
      campaignId: t.campaignId,
      questionId: a.questionId,
      state: a.skipped ? skipState(a) : ('answered' as const),
      text: a.type === 'FreeText' && !a.skipped ? (a.value.text ?? '') : null,
      createdAt: t.createdAt,
    })),
  );
  const choices = t.answers.flatMap((a) =>
    a.skipped || a.type === 'FreeText'
      ? []
      : [...new Set(a.value.optionIds ?? [])].map((optionId, i) => ({
          ticketId: t.id,
          campaignId: t.campaignId,
          questionId: a.questionId,
          optionId,
          position: a.type === 'Ranking' ? i + 1 : null,
        })),
  );
  if (choices.length > 0) await db.insert(ticketChoices).values(choices);
};

export const findTicketBySubmission = async (db: DbOrTx, campaignId: string, submissionId: string) => {
  const [row] = await db
    .select({ id: campaignTickets.id })
    .from(campaignTickets)
    .where(and(eq(campaignTickets.campaignId, campaignId), eq(campaignTickets.submissionId, submissionId)))
    .limit(1);
  return row;
};

export const contactHasTicket = async (db: DbOrTx, campaignId: string, contactId: string) => {
  const [row] = await db
    .select({ id: campaignTickets.id })
    .from(campaignTickets)
    .where(and(eq(campaignTickets.campaignId, campaignId), eq(campaignTickets.contactId, contactId)))
    .limit(1);
  return row !== undefined;
};

/** The first opening of the private link proves the address; later openings keep the first instant. */
export const confirmTicketEmail = async (db: DbOrTx, ticketId: string, now: Date) => {
  await db
    .update(campaignTickets)
    .set({ emailConfirmedAt: now })
    .where(and(eq(campaignTickets.id, ticketId), isNull(campaignTickets.emailConfirmedAt)));
};

/** Deletes the tickets of the manufacturer's contacts; answers how many went, per campaign. */
export const deleteTicketsOfContacts = async (db: DbOrTx, manufacturerId: string, contactIds: string[]) => {
  const rows = await db
    .delete(campaignTickets)
    .where(
      and(eq(campaignTickets.manufacturerId, manufacturerId), inArray(campaignTickets.contactId, contactIds)),
    )
    .returning({ campaignId: campaignTickets.campaignId });
  const perCampaign = new Map<string, number>();
  for (const r of rows) perCampaign.set(r.campaignId, (perCampaign.get(r.campaignId) ?? 0) + 1);
  return perCampaign;
};

/** The storage keys of the files attached to the contacts' tickets. */
export const mediaKeysOfContacts = async (db: DbOrTx, manufacturerId: string, contactIds: string[]) =>
  (
    await db
      .select({ key: ticketMedia.storageKey })
      .from(ticketMedia)
      .innerJoin(campaignTickets, eq(campaignTickets.id, ticketMedia.ticketId))
      .where(
        and(
          eq(campaignTickets.manufacturerId, manufacturerId),
          anyOf(campaignTickets.contactId, contactIds, 'uuid'),
        ),
      )
  ).map((r) => r.key);

// The conversation (docs/product-decisions.md, "The ticket conversation").

/** The ticket, locked until the transaction ends: a ticket's changes happen one after another. */
export const lockTicket = async (db: DbOrTx, id: string, manufacturerId?: string) => {
  const [row] = await db
    .select()
    .from(campaignTickets)
    .where(
      and(
        eq(campaignTickets.id, id),
        manufacturerId ? eq(campaignTickets.manufacturerId, manufacturerId) : undefined,
      ),
    )
    .for('update');
  return row;
};

export const updateTicket = async (
  db: DbOrTx,
  id: string,
  set: Partial<
    Pick<
      TicketRow,
      | 'manuAnswer'
      | 'manuAnsweredAt'
      | 'manuAnsweredBy'
      | 'manuAnswerNotified'
      | 'privateNote'
      | 'ignored'
      | 'ratings'
      | 'votesUp'
      | 'votesDown'
      | 'lastActivityAt'
      | 'lastParticipantActivityAt'
      | 'mailsOff'
      | 'emailConfirmedAt'
    >
  > & { commentCount?: SQL; updatedAt: Date },
) => {
  const [row] = await db.update(campaignTickets).set(set).where(eq(campaignTickets.id, id)).returning();
  return row;
};

/**
 * Archives (or restores) the manufacturer's tickets among `ids` that are not so yet, in one statement;
 * answers how many changed. Another manufacturer's ids match nothing.
 */
export const archiveTickets = async (
  db: DbOrTx,
  manufacturerId: string,
  ids: string[],
  archived: boolean,
  now: Date,
) => {
  const rows = await db
    .update(campaignTickets)
    .set({ ignored: archived, updatedAt: now })
    .where(
      and(
        eq(campaignTickets.manufacturerId, manufacturerId),
        anyOf(campaignTickets.id, ids, 'uuid'),
        ne(campaignTickets.ignored, archived),
      ),
    )
    .returning({ id: campaignTickets.id });
  return rows.length;
};

/** One more message on each ticket, now the latest activity. */
export const countComments = (db: DbOrTx, ticketIds: string[], now: Date) =>
  db
    .update(campaignTickets)
    .set({
      commentCount: sql`${campaignTickets.commentCount} + 1`,
      lastActivityAt: now,
      updatedAt: now,
    })
    .where(anyOf(campaignTickets.id, ticketIds, 'uuid'));

export const insertComment = async (db: DbOrTx, values: typeof ticketComments.$inferInsert) => {
  const [row] = await db.insert(ticketComments).values(values).returning();
  if (!row) throw new Error('insert of a comment returned no row');
  return row;
};

export const findComment = async (db: DbOrTx, ticketId: string, id: string) => {
  const [row] = await db
    .select()
    .from(ticketComments)
    .where(and(eq(ticketComments.ticketId, ticketId), eq(ticketComments.id, id)));
  return row;
};

export const deleteComment = (db: DbOrTx, id: string) =>
  db.delete(ticketComments).where(eq(ticketComments.id, id));

/**
 * This owner has read the ticket's participant messages up to `upTo` (never back: an older read
 * arriving late keeps the later one).
 */
export const markRead = (db: DbOrTx, ticketId: string, ownerId: string, upTo: Date) =>
  db
    .insert(ticketReads)
    .values({ ticketId, ownerId, seenAt: upTo })
    .onConflictDoUpdate({
      target: [ticketReads.ownerId, ticketReads.ticketId],
      set: { seenAt: sql`greatest(${ticketReads.seenAt}, excluded.seen_at)` },
    });

export const insertTicketLinks = async (
  db: DbOrTx,
  rows: { ticketId: string; tokenHash: string; createdAt: Date }[],
) => {
  if (rows.length > 0) await db.insert(ticketLinks).values(rows);
};

export const insertMedia = async (db: DbOrTx, values: typeof ticketMedia.$inferInsert) => {
  const [row] = await db.insert(ticketMedia).values(values).returning();
  if (!row) throw new Error('insert of a media row returned no row');
  return row;
};

export const findMedia = async (db: DbOrTx, ticketId: string, id: string) => {
  const [row] = await db
    .select()
    .from(ticketMedia)
    .where(and(eq(ticketMedia.ticketId, ticketId), eq(ticketMedia.id, id)));
  return row;
};

/** Attaches the ticket's unattached uploads to a reply; answers those attached. */
export const attachMedia = (db: DbOrTx, ticketId: string, ids: string[], commentId: string) =>
  db
    .update(ticketMedia)
    .set({ commentId })
    .where(
      and(
        eq(ticketMedia.ticketId, ticketId),
        isNull(ticketMedia.commentId),
        anyOf(ticketMedia.id, ids, 'uuid'),
      ),
    )
    .returning();

/** The ratings with their up and down counts. */
export const withVote = (ratings: Record<string, Vote>, questionId: string, vote: Vote | null) => {
  const next = { ...ratings };
  if (vote) next[questionId] = vote;
  else delete next[questionId];
  const values = Object.values(next);
  return {
    ratings: next,
    votesUp: values.filter((v) => v === 'up').length,
    votesDown: values.filter((v) => v === 'down').length,
  };
};
