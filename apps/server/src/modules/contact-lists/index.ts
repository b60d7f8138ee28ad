/**
 * The contact-lists module's public face (D18, D11): named lists of contacts, inviting lists to
 * campaigns, and a group campaign's linked lists. Depends on campaigns, contacts and invitations.
 */
export { contactListRoutes } from './contact-lists.routes.js';
export {
  CONTACT_LIST_MEMBERS_JOB,
  type ContactListService,
  createContactListService,
} from './contact-lists.service.js';
