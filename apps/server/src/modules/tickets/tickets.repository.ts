import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { campaignTickets } from './tickets.tables.js';

export type TicketRow = typeof campaignTickets.$inferSelect;
export type NewTicket = typeof campaignTickets.$inferInsert;

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
