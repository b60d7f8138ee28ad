import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { findTicketWithContact, listTicketsWithContacts } from '../../queries/tickets.query.js';
import { findCampaign } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import { toTicket, toTicketListItem } from './tickets.dto.js';

/** The console's read-only view of campaign tickets; the conversation calls come later. */
export const createTicketService = ({
  db,
  history,
}: {
  db: Db;
  history: Pick<HistoryService, 'subjectOpened'>;
}) => ({
  list: async (manufacturerId: string, q: { campaignId: string; page: number; limit: number }) => {
    // Another manufacturer's campaign answers 404, not an empty list.
    if (!(await findCampaign(db, manufacturerId, q.campaignId))) throw notFound('campaign');
    const { rows, total } = await listTicketsWithContacts(db, {
      manufacturerId,
      campaignId: q.campaignId,
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
});
export type TicketService = ReturnType<typeof createTicketService>;
