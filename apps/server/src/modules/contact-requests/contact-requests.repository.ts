import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pageAndCount } from '../../lib/paging.js';
import { touchedAt } from '../../lib/touched.js';
import { contactRequests } from './contact-requests.tables.js';

export type ContactRequestRow = typeof contactRequests.$inferSelect;
type Status = ContactRequestRow['status'];

export type RequestFields = {
  firstname: string;
  lastname: string;
  phoneNumber: string | null;
  message: string | null;
  language: 'de' | 'en' | null;
};

/**
 * Stores a request, or merges it into the address's pending one (the newest details win, the count
 * of submissions grows). Answers the row and whether it is new.
 */
export const upsertPendingRequest = async (
  db: DbOrTx,
  v: { manufacturerId: string; email: string; contactId: string | null; now: Date } & RequestFields,
) => {
  const [row] = await db
    .insert(contactRequests)
    .values({
      manufacturerId: v.manufacturerId,
      email: v.email,
      firstname: v.firstname,
      lastname: v.lastname,
      phoneNumber: v.phoneNumber,
      message: v.message,
      language: v.language,
      contactId: v.contactId,
      createdAt: v.now,
      updatedAt: v.now,
    })
    .onConflictDoUpdate({
      target: [contactRequests.manufacturerId, contactRequests.email],
      targetWhere: sql`status = 'pending'`,
      set: {
        firstname: v.firstname,
        lastname: v.lastname,
        phoneNumber: sql`coalesce(excluded.phone_number, ${contactRequests.phoneNumber})`,
        message: sql`coalesce(excluded.message, ${contactRequests.message})`,
        language: sql`coalesce(excluded.language, ${contactRequests.language})`,
        contactId: sql`coalesce(excluded.contact_id, ${contactRequests.contactId})`,
        submissions: sql`${contactRequests.submissions} + 1`,
        updatedAt: touchedAt(contactRequests.updatedAt, v.now),
      },
    })
    .returning();
  if (!row) throw new Error('upsert of a contact request returned no row');
  // A merged repeat counts more than one submission.
  return { row, isNew: row.submissions === 1 };
};

export const listRequests = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    statuses?: Status[] | undefined;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
) => {
  const searchOf = (text: string): SQL => {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${contactRequests.email} ilike ${like} or ${contactRequests.firstname} || ' ' || ${contactRequests.lastname} ilike ${like} or coalesce(${contactRequests.message}, '') ilike ${like})`;
  };
  const scope = eq(contactRequests.manufacturerId, q.manufacturerId);
  const where = and(
    scope,
    q.statuses?.length ? inArray(contactRequests.status, q.statuses) : undefined,
    q.search ? searchOf(q.search) : undefined,
  );
  return Promise.all([
    pageAndCount(
      db
        .select()
        .from(contactRequests)
        .where(where)
        .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ total: count() }).from(contactRequests).where(where),
    ),
    db
      .select({ status: contactRequests.status, n: count() })
      .from(contactRequests)
      .where(scope)
      .groupBy(contactRequests.status),
  ]);
};

/** The manufacturer's requests among `ids`, locked until the transaction ends. */
export const lockRequests = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  db
    .select()
    .from(contactRequests)
    .where(and(eq(contactRequests.manufacturerId, manufacturerId), inArray(contactRequests.id, ids)))
    .orderBy(contactRequests.id)
    .for('update');

/** Records one decision on several requests, in one statement (each with its contact, if any). */
export const decideRequests = async (
  db: DbOrTx,
  requests: { id: string; contactId: string | null }[],
  v: { status: 'accepted' | 'rejected'; by: string | null; now: Date; campaignIds?: string[] },
) => {
  if (requests.length === 0) return;
  // Two parameters, each a list as text (Drizzle would spread an array into one parameter per item).
  const ids = requests.map((r) => r.id).join(',');
  const contactIds = requests.map((r) => r.contactId ?? '').join(',');
  await db.execute(sql`update ${contactRequests} set
      status = ${v.status},
      decided_at = ${v.now.toISOString()}::timestamptz,
      decided_by = ${v.by},
      contact_id = coalesce(nullif(d.contact_id, '')::uuid, ${contactRequests.contactId}),
      ${v.campaignIds ? sql`campaign_ids = ${`{${v.campaignIds.join(',')}}`}::uuid[],` : sql``}
      updated_at = greatest(${v.now.toISOString()}::timestamptz, ${contactRequests.updatedAt} + interval '1 millisecond')
    from unnest(string_to_array(${ids}, ','), string_to_array(${contactIds}, ',')) as d(id, contact_id)
    where ${contactRequests.id} = d.id::uuid`);
};
