/**
 * The tickets module's public face: campaign tickets and their conversation (D14): the owner's
 * inbox, answer, comments, note, archive, ratings and mass follow-ups; the participant's replies
 * and files on their private page; and the ticket writes the participation module makes in its
 * answer transaction. Depends on campaigns, history and mail.
 */

export { contactName } from './tickets.dto.js';
export { ticketErrorCodes } from './tickets.errors.js';
export { createFollowUps, type FollowUps } from './tickets.follow-ups.js';
export { createMediaSweep, type MediaSweep } from './tickets.jobs.js';
export type { NewTicket, TicketRow } from './tickets.repository.js';
export { ticketRoutes } from './tickets.routes.js';
export { createTicketService, type TicketService } from './tickets.service.js';
export { createConversationMailer } from './tickets.shared.js';
