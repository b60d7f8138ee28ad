/** The contacts module's public face (D15). A leaf (its table refers to the owner module's manufacturers). */
export { type ContactRow, upsertContactByEmail } from './contacts.repository.js';
