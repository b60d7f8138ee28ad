import { defineErrorCodes } from '../../lib/errors.js';
import '../storage/index.js';

/**
 * An archived ticket is read-only except un-archiving; only the writing owner deletes a comment
 * (docs/product-decisions.md, "The ticket conversation"). Uploads refuse with the storage module's
 * `file/*` codes (loaded above).
 */
export const ticketErrorCodes = defineErrorCodes({
  'ticket/archived': 409,
  'ticket/not-own-comment': 403,
});
type TicketErrorCodes = typeof ticketErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends TicketErrorCodes {}
}
