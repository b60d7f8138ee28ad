/**
 * The tickets module's public face: the owner's ticket screens, and (through its service) the
 * ticket writes the participation module makes in its answer transaction. Depends on campaigns
 * and history.
 */
export type { NewTicket, TicketRow } from './tickets.repository.js';
export { ticketRoutes } from './tickets.routes.js';
export { createTicketService, type TicketService } from './tickets.service.js';
