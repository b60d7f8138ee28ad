import {
  defaultMailNotifications,
  type HistoryKind,
  type MailNotifications,
  type Product,
} from '@parley/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pageAndCount } from '../../lib/paging.js';
import { manufacturers, owners } from './owner.tables.js';

export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type OwnerRow = typeof owners.$inferSelect;

/** One query for the owner and its manufacturer: the auth hook runs it on every private call. */
export const findOwnerWithManufacturer = async (db: DbOrTx, by: { id: string } | { email: string }) => {
  const where = 'id' in by ? eq(owners.id, by.id) : eq(owners.email, by.email.toLowerCase());
  const [row] = await db
    .select({ owner: owners, manufacturer: manufacturers })
    .from(owners)
    .innerJoin(manufacturers, eq(manufacturers.id, owners.manufacturerId))
    .where(where)
    .limit(1);
  return row;
};

export const findManufacturerById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(manufacturers).where(eq(manufacturers.id, id)).limit(1);
  return row;
};

/** Emails are stored lowercased (D5), so the lookup lowercases too. */
export const findOwnerByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db.select().from(owners).where(eq(owners.email, email.toLowerCase())).limit(1);
  return row;
};

export const findOwnerById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(owners).where(eq(owners.id, id)).limit(1);
  return row;
};

/**
 * Reads the owner under a share lock. Taken before a refresh touches its token: a password reset or
 * disabling locks the owner row first too, so the two are ordered and a refresh can never slip a new
 * token past the revocation that ends every session.
 */
export const lockOwnerForShare = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(owners).where(eq(owners.id, id)).limit(1).for('share');
  return row;
};

export const updateOwner = async (
  db: DbOrTx,
  id: string,
  patch: Partial<
    Pick<
      OwnerRow,
      'name' | 'avatar' | 'language' | 'passwordHash' | 'disabled' | 'sessionsValidAfter' | 'isConnectEnabled'
    >
  >,
) => {
  const [row] = await db
    .update(owners)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(owners.id, id))
    .returning();
  return row;
};

/** Sets some of the owner's mail switches, keeping the others (one statement: two tabs cannot lose each other's). */
export const mergeMailNotifications = async (db: DbOrTx, id: string, patch: Partial<MailNotifications>) => {
  const [row] = await db
    .update(owners)
    .set({
      mailNotifications: sql`${owners.mailNotifications} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(owners.id, id))
    .returning();
  return row;
};

/**
 * The manufacturer's owners who get mail of this history kind: not disabled, allowed into the
 * entry's area, the switch on (or, never set, on by default).
 */
export const mailRecipients = (db: DbOrTx, manufacturerId: string, kind: HistoryKind, product: Product) =>
  db
    .select({ id: owners.id, email: owners.email, name: owners.name, language: owners.language })
    .from(owners)
    .where(
      and(
        eq(owners.manufacturerId, manufacturerId),
        eq(owners.disabled, false),
        // The connect area's news only for owners who may open it (D9).
        product === 'connect' ? eq(owners.isConnectEnabled, true) : undefined,
        sql`coalesce((${owners.mailNotifications} ->> ${kind})::boolean, ${defaultMailNotifications[kind]})`,
      ),
    );

export const listOwnersOfManufacturer = (
  db: DbOrTx,
  manufacturerId: string,
  page: { offset: number; limit: number },
) =>
  pageAndCount(
    db
      .select()
      .from(owners)
      .where(eq(owners.manufacturerId, manufacturerId))
      .orderBy(owners.createdAt, owners.id)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(owners).where(eq(owners.manufacturerId, manufacturerId)),
  );

export const insertManufacturer = async (db: DbOrTx, values: typeof manufacturers.$inferInsert) => {
  const [row] = await db.insert(manufacturers).values(values).returning();
  if (!row) throw new Error('manufacturer insert returned nothing');
  return row;
};

export const updateManufacturer = async (
  db: DbOrTx,
  id: string,
  patch: Partial<typeof manufacturers.$inferInsert>,
) => {
  const [row] = await db
    .update(manufacturers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(manufacturers.id, id))
    .returning();
  return row;
};

export const insertOwner = async (db: DbOrTx, values: typeof owners.$inferInsert) => {
  const [row] = await db
    .insert(owners)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('owner insert returned nothing');
  return row;
};

export const countOwners = async (db: DbOrTx) => {
  const [row] = await db.select({ n: count() }).from(owners);
  return row?.n ?? 0;
};
