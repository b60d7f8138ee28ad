import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { anyOf } from '../../lib/any-of.js';
import { contactNotes, contacts, contactUnsubscribes } from './contacts.tables.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactNoteRow = typeof contactNotes.$inferSelect;
/** A new contact's first and last name, each maybe missing. */
export type PersonNames = { firstname: string | null; lastname: string | null };
export type ContactChanges = Partial<
  Pick<
    ContactRow,
    'phoneNumber' | 'street' | 'zipCode' | 'city' | 'country' | 'internalFirstname' | 'internalLastname'
  >
>;

/**
 * Creates the contact of `email` (lowercased) or finds the existing one (D15); an answer makes a
 * temp contact a contact. One statement, so two answers with the same address at once still make one
 * contact. A name the participant gives only fills a missing one: a stored name is never replaced (an
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
      kind: 'contact',
      firstname: c.firstname || null,
      lastname: c.lastname || null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [contacts.manufacturerId, contacts.email],
      set: {
        kind: 'contact',
        firstname: sql`coalesce(${contacts.firstname}, excluded.firstname)`,
        lastname: sql`coalesce(${contacts.lastname}, excluded.lastname)`,
        updatedAt: sql`case when (${contacts.firstname} is null and excluded.firstname is not null)
            or (${contacts.lastname} is null and excluded.lastname is not null)
            or ${contacts.kind} = 'temp'
          then excluded.updated_at else ${contacts.updatedAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert of a contact returned no row');
  return row;
};

export const findContact = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.manufacturerId, manufacturerId), eq(contacts.id, id)))
    .limit(1);
  return row;
};

export const findContactsByEmails = (db: DbOrTx, manufacturerId: string, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([] as ContactRow[])
    : db
        .select()
        .from(contacts)
        .where(and(eq(contacts.manufacturerId, manufacturerId), anyOf(contacts.email, emails, 'text')));

export const findContactsByIds = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as ContactRow[])
    : db
        .select()
        .from(contacts)
        .where(and(eq(contacts.manufacturerId, manufacturerId), anyOf(contacts.id, ids, 'uuid')));

/**
 * The manufacturer's contacts among `ids`, each locked against deletion until the transaction ends
 * (`FOR KEY SHARE`: updates go on), so rows that refer to them (a list membership, an invitation) can be
 * written without a concurrent delete failing the write.
 */
export const lockContactsByIds = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as ContactRow[])
    : db
        .select()
        .from(contacts)
        .where(and(eq(contacts.manufacturerId, manufacturerId), anyOf(contacts.id, ids, 'uuid')))
        .orderBy(contacts.id)
        .for('key share');

/** New temp contacts for invited addresses; an address that became known meanwhile is skipped. */
export const insertTempContacts = async (
  db: DbOrTx,
  manufacturerId: string,
  emails: string[],
  tags: string[],
  now: Date,
  names?: ReadonlyMap<string, PersonNames>,
) => {
  if (emails.length === 0) return [] as ContactRow[];
  return db
    .insert(contacts)
    .values(
      emails.map((email) => ({
        manufacturerId,
        email,
        firstname: names?.get(email)?.firstname ?? null,
        lastname: names?.get(email)?.lastname ?? null,
        kind: 'temp' as const,
        tags,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [contacts.manufacturerId, contacts.email] })
    .returning();
};

/**
 * Adds and removes tags (lowercased, each kept once, sorted) of the manufacturer's contacts among `ids`
 * in one statement; answers each contact that changed with its tags before and after.
 */
export const editContactTags = async (
  db: DbOrTx,
  manufacturerId: string,
  ids: string[],
  change: { add: string[]; remove: string[] },
  now: Date,
) => {
  if (ids.length === 0 || change.add.length + change.remove.length === 0) return [];
  const add = sql`${sql.param([...change.add])}::text[]`;
  const remove = sql`${sql.param([...change.remove])}::text[]`;
  // The self-join reads each row's tags before the update (RETURNING sees only the new ones); it locks
  // the rows first, so the old tags are the ones this update replaces. FOR NO KEY UPDATE, as the update
  // itself: rows that refer to the contact (an invitation) may still be written meanwhile.
  const result = await db.execute<{ id: string; old_tags: string[]; tags: string[] }>(sql`
    update ${contacts} c
      set tags = array(select distinct x from unnest(c.tags || ${add}) x where x <> all(${remove}) order by 1),
        updated_at = ${now}
    from (
      select id, tags from ${contacts}
      where manufacturer_id = ${manufacturerId} and ${anyOf(sql`id`, ids, 'uuid')}
      order by id
      for no key update
    ) o
    where c.id = o.id and (not (c.tags @> ${add}) or c.tags && ${remove})
    returning c.id, o.tags as old_tags, c.tags`);
  return result.rows.map((r) => ({ id: r.id, oldTags: r.old_tags, tags: r.tags }));
};

export const updateContact = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
  changes: ContactChanges,
  now: Date,
) => {
  const [row] = await db
    .update(contacts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(contacts.manufacturerId, manufacturerId), eq(contacts.id, id)))
    .returning();
  return row;
};

/** Deletes the manufacturer's contacts of `kind` among `ids`; answers the ids deleted. */
export const deleteContacts = async (
  db: DbOrTx,
  manufacturerId: string,
  ids: string[],
  kind?: ContactRow['kind'],
) => {
  const rows = await db
    .delete(contacts)
    .where(
      and(
        eq(contacts.manufacturerId, manufacturerId),
        inArray(contacts.id, ids),
        kind ? eq(contacts.kind, kind) : undefined,
      ),
    )
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
};

export const insertNote = async (
  db: DbOrTx,
  n: { manufacturerId: string; contactId: string; authorId: string | null; noteText: string; now: Date },
) => {
  const [row] = await db
    .insert(contactNotes)
    .values({
      manufacturerId: n.manufacturerId,
      contactId: n.contactId,
      authorId: n.authorId,
      noteText: n.noteText,
      createdAt: n.now,
      updatedAt: n.now,
    })
    .returning();
  if (!row) throw new Error('insert of a note returned no row');
  return row;
};

export const updateNote = async (
  db: DbOrTx,
  n: { manufacturerId: string; contactId: string; noteId: string; noteText: string; now: Date },
) => {
  const [row] = await db
    .update(contactNotes)
    .set({ noteText: n.noteText, updatedAt: n.now })
    .where(
      and(
        eq(contactNotes.manufacturerId, n.manufacturerId),
        eq(contactNotes.contactId, n.contactId),
        eq(contactNotes.id, n.noteId),
      ),
    )
    .returning();
  return row;
};

export const listNotes = (db: DbOrTx, contactId: string) =>
  db.select().from(contactNotes).where(eq(contactNotes.contactId, contactId)).orderBy(contactNotes.createdAt);

/** The addresses among `emails` that unsubscribed from the manufacturer's invitations. */
export const unsubscribedAmong = async (db: DbOrTx, manufacturerId: string, emails: string[]) => {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: contactUnsubscribes.email })
    .from(contactUnsubscribes)
    .where(
      and(
        eq(contactUnsubscribes.manufacturerId, manufacturerId),
        anyOf(contactUnsubscribes.email, emails, 'text'),
      ),
    );
  return new Set(rows.map((r) => r.email));
};

export const insertUnsubscribe = async (db: DbOrTx, manufacturerId: string, email: string, now: Date) => {
  await db
    .insert(contactUnsubscribes)
    .values({ manufacturerId, email, createdAt: now })
    .onConflictDoNothing();
};

export type ImportedContact = {
  email: string;
  firstname?: string | null;
  lastname?: string | null;
  phoneNumber?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city?: string | null;
  country?: string | null;
};

/**
 * Merges imported people into the contact book by email, in one statement (docs/product-decisions.md,
 * "Import"): a new address becomes a contact; a known one gets the file's values where the file has
 * one and keeps its own elsewhere (a temp contact the owner imports is kept as a contact). Answers
 * each row's id and whether it was new. The rows' emails are unique.
 *
 * The batch is bound as one array per column (`unnest`), eight parameters whatever its size: a query
 * built value by value (12 parameters a row, each an object of the query builder) made an import of
 * 100,000 rows allocate hundreds of megabytes that outlived the young generation (bench `contact-import`).
 */
export const mergeImportedContacts = async (
  db: DbOrTx,
  manufacturerId: string,
  rows: ImportedContact[],
  now: Date,
) => {
  if (rows.length === 0) return [] as { id: string; email: string; inserted: boolean }[];
  const column = (name: Exclude<keyof ImportedContact, 'email'>) =>
    sql.param(rows.map((r) => r[name] ?? null));
  const keep = (name: string) => sql`coalesce(excluded.${sql.identifier(name)}, c.${sql.identifier(name)})`;
  const result = await db.execute<{ id: string; email: string; inserted: boolean }>(sql`
    insert into ${contacts} as c (manufacturer_id, email, kind, firstname, lastname, phone_number, street,
      zip_code, city, country, created_at, updated_at)
    select ${manufacturerId}::uuid, u.email, 'contact', u.firstname, u.lastname, u.phone_number, u.street,
      u.zip_code, u.city, u.country, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${sql.param(rows.map((r) => r.email))}::text[], ${column('firstname')}::text[],
      ${column('lastname')}::text[], ${column('phoneNumber')}::text[], ${column('street')}::text[],
      ${column('zipCode')}::text[], ${column('city')}::text[], ${column('country')}::text[])
      as u(email, firstname, lastname, phone_number, street, zip_code, city, country)
    on conflict (manufacturer_id, email) do update set
      kind = 'contact',
      firstname = ${keep('firstname')},
      lastname = ${keep('lastname')},
      phone_number = ${keep('phone_number')},
      street = ${keep('street')},
      zip_code = ${keep('zip_code')},
      city = ${keep('city')},
      country = ${keep('country')},
      updated_at = ${now}::timestamptz
    returning c.id, c.email, (c.xmax = 0) as inserted`);
  return result.rows;
};
