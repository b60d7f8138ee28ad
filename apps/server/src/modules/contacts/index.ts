/**
 * The contacts module's public face (D15): the contact book, notes, tags and unsubscribed addresses.
 * Its tables refer to the owner module's manufacturers; erasing a contact's answers is handed in.
 */

export { toContact, toInvitationSummary, toNote } from './contacts.dto.js';
export type { ContactNoteRow, ContactRow, ImportedContact, PersonNames } from './contacts.repository.js';
export { contactRoutes } from './contacts.routes.js';
export {
  type ContactEvents,
  type ContactService,
  createContactService,
  type TagsAdded,
} from './contacts.service.js';
