/**
 * The tickets module's public face: the owner's ticket screens, and the ticket writes the
 * participation module makes in its answer transaction. Depends on campaigns and history.
 */
export {
  confirmTicketEmail,
  contactHasTicket,
  findTicketBySubmission,
  insertTicket,
  type NewTicket,
  type TicketRow,
} from './tickets.repository.js';
export { ticketRoutes } from './tickets.routes.js';
export { createTicketService, type TicketService } from './tickets.service.js';
