import type { DbOrTx } from '../../db/client.js';
import { upsertContactByEmail } from './contacts.repository.js';

/**
 * Contacts (D15). For now only the participant's answer writes them, in its own transaction,
 * so the one method takes the caller's transaction.
 */
export const createContactService = () => ({
  /** Creates the contact of an address or finds the existing one (see `upsertContactByEmail`). */
  upsertByEmail: (tx: DbOrTx, contact: Parameters<typeof upsertContactByEmail>[1], now: Date) =>
    upsertContactByEmail(tx, contact, now),
});
export type ContactService = ReturnType<typeof createContactService>;
