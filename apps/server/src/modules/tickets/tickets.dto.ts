import type { Ticket, TicketListItem } from '@parley/contract';
import type { TicketRow } from './tickets.repository.js';

type ContactPart = { id: string; email: string; firstname: string | null; lastname: string | null };

export const toTicketListItem = (t: TicketRow, c: ContactPart | null): TicketListItem => ({
  _id: t.id,
  campaignId: t.campaignId,
  contact: c ? { _id: c.id, email: c.email, firstname: c.firstname, lastname: c.lastname } : null,
  emailConfirmed: t.emailConfirmedAt !== null,
  answeredCount: t.answeredCount,
  createdAt: t.createdAt.toISOString(),
});

export const toTicket = (t: TicketRow, c: ContactPart | null, campaignTitle: string): Ticket => ({
  ...toTicketListItem(t, c),
  campaignTitle,
  language: t.language,
  answers: t.answers,
});
