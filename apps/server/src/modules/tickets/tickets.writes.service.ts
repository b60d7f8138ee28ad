import type { DbOrTx } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { CampaignService } from '../campaigns/index.js';
import type { FileStorage } from '../storage/index.js';
import {
  contactHasTicket,
  deleteTicketsOfContacts,
  findTicketBySubmission,
  insertTicket,
  insertTicketLinks,
  mediaKeysOfContacts,
  type NewTicket,
} from './tickets.repository.js';

/**
 * The ticket writes other modules make in their own transactions: the participation module's answer
 * (a ticket, a double submit, a private link) and the contacts module's GDPR erasure.
 */
export const createTicketWrites = ({
  storage,
  campaigns,
}: {
  storage: FileStorage;
  campaigns: Pick<CampaignService, 'uncountTickets'>;
}) => ({
  /** Stores a ticket; undefined when its submission was stored before (see `insertTicket`). */
  insert: (tx: DbOrTx, values: NewTicket) => insertTicket(tx, values),
  findBySubmission: (tx: DbOrTx, campaignId: string, submissionId: string) =>
    findTicketBySubmission(tx, campaignId, submissionId),
  contactHasTicket: (tx: DbOrTx, campaignId: string, contactId: string) =>
    contactHasTicket(tx, campaignId, contactId),
  /** A fresh private link token to the ticket page, stored (its SHA-256) in the caller's transaction. */
  newLink: async (tx: DbOrTx, ticketId: string, now: Date) => {
    const token = randomToken();
    await insertTicketLinks(tx, [{ ticketId, tokenHash: sha256(token), createdAt: now }]);
    return token;
  },
  /** GDPR erasure: deletes the contacts' tickets and takes them out of their campaigns' counts. */
  eraseOfContacts: async (tx: DbOrTx, manufacturerId: string, contactIds: string[]) => {
    const files = await mediaKeysOfContacts(tx, manufacturerId, contactIds);
    const perCampaign = await deleteTicketsOfContacts(tx, manufacturerId, contactIds);
    for (const [campaignId, n] of perCampaign) await campaigns.uncountTickets(tx, campaignId, n);
    // The files the participants attached go too (erasure comes first: should the transaction
    // still fail, a kept ticket's file answers 404 rather than a person's data staying).
    for (const key of files) await storage.delete(key).catch(() => undefined);
  },
});
