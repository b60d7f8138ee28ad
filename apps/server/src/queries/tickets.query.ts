/**
 * Read-only query: tickets joined with what the ticket screens show of other domains.
 * Reads campaign_tickets (tickets), contacts (contacts), campaigns (campaigns) and manufacturers
 * (owner). Used by the tickets service (the owner's list and ticket) and the participation service
 * (the participant's ticket, whether an address answered). It never writes.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { pageAndCount } from '../lib/paging.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { manufacturers } from '../modules/owner/owner.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { memberOfList } from './contact-lists.query.js';

const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
};

/** One page of a campaign's tickets with their contacts, newest first, and their total. */
export const listTicketsWithContacts = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    campaignId: string;
    /** Only tickets of members of this contact list (D11's list filter). */
    contactListId?: string | undefined;
    limit: number;
    offset: number;
  },
) => {
  const scope = and(
    eq(campaignTickets.manufacturerId, q.manufacturerId),
    eq(campaignTickets.campaignId, q.campaignId),
    q.contactListId ? memberOfList(campaignTickets.contactId, q.contactListId) : undefined,
  );
  return pageAndCount(
    db
      .select({ ticket: campaignTickets, contact: contactColumns })
      .from(campaignTickets)
      .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
      .where(scope)
      .orderBy(desc(campaignTickets.createdAt), desc(campaignTickets.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(campaignTickets).where(scope),
  );
};

/** One ticket of the manufacturer with its contact and its campaign's title. */
export const findTicketWithContact = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select({ ticket: campaignTickets, contact: contactColumns, campaignTitle: campaigns.title })
    .from(campaignTickets)
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .where(and(eq(campaignTickets.manufacturerId, manufacturerId), eq(campaignTickets.id, id)))
    .limit(1);
  return row;
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
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, campaignTickets.manufacturerId))
    .where(eq(campaignTickets.tokenHash, tokenHash))
    .limit(1);
  return row;
};

/** Whether the contact of `email` (lowercased, as stored) has a ticket in the campaign. */
export const emailHasTicket = async (db: DbOrTx, campaignId: string, email: string) => {
  const [row] = await db
    .select({ id: campaignTickets.id })
    .from(campaignTickets)
    .leftJoin(contacts, eq(contacts.id, campaignTickets.contactId))
    .where(and(eq(campaignTickets.campaignId, campaignId), eq(contacts.email, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
};
