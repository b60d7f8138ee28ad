/** The contacts module's public face (D15). A leaf (its table refers to the owner module's manufacturers). */
export type { ContactRow } from './contacts.repository.js';
export { type ContactService, createContactService } from './contacts.service.js';
