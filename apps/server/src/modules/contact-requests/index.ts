/**
 * The contact-requests module's public face (D18): the public contact-request form and the owner's
 * decisions on the requests. Depends on owner, campaigns, contacts, invitations and history.
 */
export { contactRequestRoutes } from './contact-requests.routes.js';
export {
  type ContactRequestService,
  contactRequestLimits,
  createContactRequestService,
} from './contact-requests.service.js';
