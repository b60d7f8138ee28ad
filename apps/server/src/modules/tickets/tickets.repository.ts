import type { Ticket, TicketListItem } from '@parley/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { contacts } from '../contacts/contacts.tables.js';
import { manufacturers } from '../owner/owner.tables.js';
import { campaignTickets } from './tickets.tables.js';

export type TicketRow = typeof campaignTickets.$inferSelect;
export type NewTicket = typeof campaignTickets.$inferInsert;
type ContactPart = Pick<typeof contacts.$inferSelect, 'id' | 'email' | 'firstname' | 'lastname'>;

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
};

export const toTicketListItem = (t: TicketRow, c: ContactPart): TicketListItem => ({
  _id: t.id,
  campaignId: t.campaignId,
  contact: { _id: c.id, email: c.email, firstname: c.firstname, lastname: c.lastname },
  emailConfirmed: t.emailConfirmedAt !== null,
  answeredCount: t.answeredCount,
  createdAt: t.createdAt.toISOString(),
});

/**
 * Inserts a ticket unless one with the same submission exists for the campaign: the page's
 * submissionId makes a double submit store one ticket even when both requests race.
 * Answers undefined when the submission was stored before.
 */
export const insertTicket = async (db: DbOrTx, values: NewTicket) => {
  const [row] = await db
    .insert(campaignTickets)
    .values(values)
    .onConflictDoNothing({ target: [campaignTickets.campaignId, campaignTickets.submissionId] })
    .returning();
  return row;
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

/** Whether the contact of `email` (lowercased, as stored) has a ticket in the campaign. */
export const emailHasTicket = async (db: DbOrTx, campaignId: string, email: string) => {
  const [row] = await db
    .select({ id: campaignTickets.id })
    .from(campaignTickets)
    .innerJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .where(and(eq(campaignTickets.campaignId, campaignId), eq(contacts.email, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
};

/** The participant's ticket by the hash of their private link's token, with its campaign and contact. */
export const findTicketByTokenHash = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select({
      ticket: campaignTickets,
      contact: contactColumns,
      campaign: {
        id: campaigns.id,
        title: campaigns.title,
        language: campaigns.language,
      },
      manufacturerName: manufacturers.name,
    })
    .from(campaignTickets)
    .innerJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, campaignTickets.manufacturerId))
    .where(eq(campaignTickets.tokenHash, tokenHash))
    .limit(1);
  return row;
};

/** The first opening of the private link proves the address; later openings keep the first instant. */
export const confirmTicketEmail = async (db: DbOrTx, ticketId: string, now: Date) => {
  await db
    .update(campaignTickets)
    .set({ emailConfirmedAt: now })
    .where(and(eq(campaignTickets.id, ticketId), isNull(campaignTickets.emailConfirmedAt)));
};

/** Whether the campaign exists and is the manufacturer's (another's answers 404 like a missing one, D4). */
export const campaignIsOwn = async (db: DbOrTx, manufacturerId: string, campaignId: string) => {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.manufacturerId, manufacturerId)))
    .limit(1);
  return row !== undefined;
};

/** One page of a campaign's tickets, newest first, and their total, both in SQL. */
export const listTickets = async (
  db: DbOrTx,
  q: { manufacturerId: string; campaignId: string; limit: number; offset: number },
) => {
  const scope = and(
    eq(campaignTickets.manufacturerId, q.manufacturerId),
    eq(campaignTickets.campaignId, q.campaignId),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ticket: campaignTickets, contact: contactColumns })
      .from(campaignTickets)
      .innerJoin(contacts, eq(contacts.id, campaignTickets.contactId))
      .where(scope)
      .orderBy(desc(campaignTickets.createdAt), desc(campaignTickets.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(campaignTickets).where(scope),
  ]);
  return {
    documents: rows.map((r) => toTicketListItem(r.ticket, r.contact)),
    total: totals?.total ?? 0,
  };
};

export const getTicket = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
): Promise<Ticket | undefined> => {
  const [row] = await db
    .select({ ticket: campaignTickets, contact: contactColumns, campaignTitle: campaigns.title })
    .from(campaignTickets)
    .innerJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .where(and(eq(campaignTickets.manufacturerId, manufacturerId), eq(campaignTickets.id, id)))
    .limit(1);
  if (!row) return undefined;
  return {
    ...toTicketListItem(row.ticket, row.contact),
    campaignTitle: row.campaignTitle,
    language: row.ticket.language,
    answers: row.ticket.answers,
  };
};
