import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { touchedAt } from '../../lib/touched.js';
import { campaignContactLists, contactListMembers, contactLists } from './contact-lists.tables.js';

export type ContactListRow = typeof contactLists.$inferSelect;

/** Whether a database error is the unique index on a list's name. */
export const isNameTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === 'contact_lists_manufacturer_name_idx';
};

export const insertList = async (
  db: DbOrTx,
  v: { manufacturerId: string; name: string; description: string; now: Date },
) => {
  const [row] = await db
    .insert(contactLists)
    .values({
      manufacturerId: v.manufacturerId,
      name: v.name,
      description: v.description,
      createdAt: v.now,
      updatedAt: v.now,
    })
    .returning();
  if (!row) throw new Error('insert of a contact list returned no row');
  return row;
};

/** The manufacturer's lists among `ids`, locked until the transaction ends (see `lockLists`). */
export const lockLists = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.manufacturerId, manufacturerId), inArray(contactLists.id, ids)))
    .orderBy(contactLists.id)
    .for('update');

export const findList = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.manufacturerId, manufacturerId), eq(contactLists.id, id)));
  return row;
};

export const updateList = async (
  db: DbOrTx,
  id: string,
  v: { name: string; description: string; now: Date },
) => {
  const [row] = await db
    .update(contactLists)
    .set({ name: v.name, description: v.description, updatedAt: touchedAt(contactLists.updatedAt, v.now) })
    .where(eq(contactLists.id, id))
    .returning();
  return row;
};

export const touchList = (db: DbOrTx, id: string, now: Date) =>
  db
    .update(contactLists)
    .set({ updatedAt: touchedAt(contactLists.updatedAt, now) })
    .where(eq(contactLists.id, id));

export const deleteList = (db: DbOrTx, id: string) =>
  db.delete(contactLists).where(eq(contactLists.id, id)).returning({ id: contactLists.id });

/** Adds members (those already in stay as they were); answers the contact ids that joined now. */
export const addMembers = async (
  db: DbOrTx,
  v: { manufacturerId: string; listId: string; contactIds: string[]; now: Date },
) => {
  if (v.contactIds.length === 0) return [] as string[];
  const rows = await db
    .insert(contactListMembers)
    .values(
      v.contactIds.map((contactId) => ({
        listId: v.listId,
        contactId,
        manufacturerId: v.manufacturerId,
        addedAt: v.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ contactId: contactListMembers.contactId });
  return rows.map((r) => r.contactId);
};

/** Makes the members exactly `contactIds`; answers the contact ids that joined now. */
export const setMembers = async (
  db: DbOrTx,
  v: { manufacturerId: string; listId: string; contactIds: string[]; now: Date },
) => {
  await db
    .delete(contactListMembers)
    .where(
      and(
        eq(contactListMembers.listId, v.listId),
        v.contactIds.length > 0 ? notInArray(contactListMembers.contactId, v.contactIds) : undefined,
      ),
    );
  return addMembers(db, v);
};

export const removeMember = async (db: DbOrTx, listId: string, contactId: string) => {
  const rows = await db
    .delete(contactListMembers)
    .where(and(eq(contactListMembers.listId, listId), eq(contactListMembers.contactId, contactId)))
    .returning({ contactId: contactListMembers.contactId });
  return rows.length > 0;
};

/** The distinct members of these lists (a person in two lists once). */
export const memberIdsOf = async (db: DbOrTx, listIds: string[]) => {
  if (listIds.length === 0) return [] as string[];
  const rows = await db
    .selectDistinct({ contactId: contactListMembers.contactId })
    .from(contactListMembers)
    .where(inArray(contactListMembers.listId, listIds));
  return rows.map((r) => r.contactId);
};

/** Which of `contactIds` are members of the list now. */
export const stillMembers = async (db: DbOrTx, listId: string, contactIds: string[]) => {
  if (contactIds.length === 0) return [] as string[];
  const rows = await db
    .select({ contactId: contactListMembers.contactId })
    .from(contactListMembers)
    .where(and(eq(contactListMembers.listId, listId), inArray(contactListMembers.contactId, contactIds)));
  return rows.map((r) => r.contactId);
};

export const linkLists = async (
  db: DbOrTx,
  v: { manufacturerId: string; campaignId: string; listIds: string[]; now: Date },
) => {
  if (v.listIds.length === 0) return;
  await db
    .insert(campaignContactLists)
    .values(
      v.listIds.map((listId) => ({
        campaignId: v.campaignId,
        listId,
        manufacturerId: v.manufacturerId,
        createdAt: v.now,
      })),
    )
    .onConflictDoNothing();
};

export const unlinkList = async (db: DbOrTx, campaignId: string, listId: string) => {
  const rows = await db
    .delete(campaignContactLists)
    .where(and(eq(campaignContactLists.campaignId, campaignId), eq(campaignContactLists.listId, listId)))
    .returning({ listId: campaignContactLists.listId });
  return rows.length > 0;
};

/** The campaigns a list is linked to (ids; the caller checks which run). */
export const linkedCampaignIds = async (db: DbOrTx, listId: string) => {
  const rows = await db
    .select({ campaignId: campaignContactLists.campaignId })
    .from(campaignContactLists)
    .where(eq(campaignContactLists.listId, listId));
  return rows.map((r) => r.campaignId);
};

/** Whether the list has any link (then members who join are handed to the job). */
export const hasLinks = async (db: DbOrTx, listId: string) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(campaignContactLists)
    .where(eq(campaignContactLists.listId, listId))
    .limit(1);
  return row !== undefined;
};
