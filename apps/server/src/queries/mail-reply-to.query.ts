/**
 * Read-only query: the Reply-To of a mail sent on behalf of a manufacturer (docs/product-decisions.md,
 * "The mail sender"), read when the mail is delivered. Reads owners (owner). Used by the mailer, wired
 * in the runtime (src/runtime.ts). It never writes. This is the one place that decides where an answer
 * by mail goes: replies by mail into the ticket thread replace it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { owners } from '../modules/owner/owner.tables.js';

/** At most this many addresses: a Reply-To header is not a distribution list. */
const maxReplyTo = 10;

/** The manufacturer's owners who can still sign in, oldest first. */
export const createManufacturerReplyTo = (db: Db) => async (manufacturerId: string) => {
  const rows = await db
    .select({ email: owners.email })
    .from(owners)
    .where(and(eq(owners.manufacturerId, manufacturerId), eq(owners.disabled, false)))
    .orderBy(asc(owners.createdAt), asc(owners.id))
    .limit(maxReplyTo);
  return rows.map((r) => r.email);
};
