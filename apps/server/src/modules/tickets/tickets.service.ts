import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { isOwnContactList } from '../../queries/contact-lists.query.js';
import { findTicketWithContact, listTicketsWithContacts } from '../../queries/tickets.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import { toTicket, toTicketListItem } from './tickets.dto.js';
import {
  confirmTicketEmail,
  contactHasTicket,
  deleteTicketsOfContacts,
  findTicketBySubmission,
  insertTicket,
  type NewTicket,
} from './tickets.repository.js';

/**
 * The console's read-only view of campaign tickets (the conversation calls come later), and the
 * ticket writes the participation module makes in its answer transaction.
 */
export const createTicketService = ({
  db,
  campaigns,
  history,
}: {
  db: Db;
  campaigns: Pick<CampaignService, 'row' | 'uncountTickets'>;
  history: Pick<HistoryService, 'subjectOpened'>;
}) => ({
  list: async (
    manufacturerId: string,
    q: { campaignId: string; page: number; limit: number; contactListId?: string | undefined },
  ) => {
    // Another manufacturer's campaign answers 404, not an empty list.
    await campaigns.row(manufacturerId, q.campaignId);
    if (q.contactListId && !(await isOwnContactList(db, manufacturerId, q.contactListId))) {
      throw notFound('contact list');
    }
    const { rows, total } = await listTicketsWithContacts(db, {
      manufacturerId,
      campaignId: q.campaignId,
      contactListId: q.contactListId,
      limit: q.limit,
      offset: pageOffset(q),
    });
    return { documents: rows.map((r) => toTicketListItem(r.ticket, r.contact)), total };
  },

  /** Opening a ticket is reading its "new answer" entry, from whichever screen or client. */
  open: async (reader: { manufacturerId: string; ownerId: string }, id: string) => {
    const row = await findTicketWithContact(db, reader.manufacturerId, id);
    if (!row) throw notFound('ticket');
    await history.subjectOpened(reader, 'campaignTicket', id);
    return toTicket(row.ticket, row.contact, row.campaignTitle);
  },

  // The participant's answer (participation module), in its transaction or on `db`.

  /** Stores a ticket; undefined when its submission was stored before (see `insertTicket`). */
  insert: (tx: DbOrTx, values: NewTicket) => insertTicket(tx, values),
  findBySubmission: (tx: DbOrTx, campaignId: string, submissionId: string) =>
    findTicketBySubmission(tx, campaignId, submissionId),
  contactHasTicket: (tx: DbOrTx, campaignId: string, contactId: string) =>
    contactHasTicket(tx, campaignId, contactId),
  /** GDPR erasure: deletes the contacts' tickets and takes them out of their campaigns' counts. */
  eraseOfContacts: async (tx: DbOrTx, manufacturerId: string, contactIds: string[]) => {
    const perCampaign = await deleteTicketsOfContacts(tx, manufacturerId, contactIds);
    for (const [campaignId, n] of perCampaign) await campaigns.uncountTickets(tx, campaignId, n);
  },
  /** The first opening of the private link proves the address. */
  confirmEmail: (tx: DbOrTx, ticketId: string, now: Date) => confirmTicketEmail(tx, ticketId, now),
});
export type TicketService = ReturnType<typeof createTicketService>;
