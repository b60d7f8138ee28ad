import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contacts } from './contacts.tables.js';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * Creates the contact of `email` (lowercased) or finds the existing one (D15). One
 * statement, so two answers with the same address at once still make one contact.
 * A name the participant gives only fills a missing one: a stored name is never replaced (an
 * anonymous open link must not rename a known contact), and an absent name keeps the stored one.
 */
export const upsertContactByEmail = async (
  db: DbOrTx,
  c: { manufacturerId: string; email: string; firstname?: string | null; lastname?: string | null },
  now: Date,
): Promise<ContactRow> => {
  const [row] = await db
    .insert(contacts)
    .values({
      manufacturerId: c.manufacturerId,
      email: c.email.toLowerCase(),
      firstname: c.firstname || null,
      lastname: c.lastname || null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [contacts.manufacturerId, contacts.email],
      set: {
        firstname: sql`coalesce(${contacts.firstname}, excluded.firstname)`,
        lastname: sql`coalesce(${contacts.lastname}, excluded.lastname)`,
        updatedAt: sql`case when (${contacts.firstname} is null and excluded.firstname is not null)
            or (${contacts.lastname} is null and excluded.lastname is not null)
          then excluded.updated_at else ${contacts.updatedAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert of a contact returned no row');
  return row;
};
