import type { HistoryEntry, HistoryKind, Product } from '@parley/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pageAndCount } from '../../lib/paging.js';
import { toHistoryEntry } from './history.dto.js';
import { historyEntries, historySeen, ownerMailWindows } from './history.tables.js';

export type NewHistoryEntry = {
  manufacturerId: string;
  product: Product;
  kind: HistoryKind;
  subject: { type: HistoryEntry['subject']['type']; id: string; title?: string | null };
  data?: Record<string, unknown>;
  /**
   * The owner whose action this was (a Stop), absent for what happens on its own (an answer, an
   * end date). Kept in `data.actorOwnerId`, and the entry counts as seen for that owner at once:
   * one's own action is never news (docs/product-decisions.md, history).
   */
  actorOwnerId?: string;
};

export type SubjectType = NewHistoryEntry['subject']['type'];

/** Later features call this in their own transaction when something happens (D20). */
export const addHistoryEntry = async (db: DbOrTx, e: NewHistoryEntry) => {
  const [row] = await db
    .insert(historyEntries)
    .values({
      manufacturerId: e.manufacturerId,
      product: e.product,
      kind: e.kind,
      subjectType: e.subject.type,
      subjectId: e.subject.id,
      subjectTitle: e.subject.title ?? null,
      data: { ...e.data, ...(e.actorOwnerId ? { actorOwnerId: e.actorOwnerId } : {}) },
    })
    .returning();
  if (row && e.actorOwnerId)
    await db.insert(historySeen).values({ entryId: row.id, ownerId: e.actorOwnerId });
  return row;
};

/**
 * An owner opened something (a ticket, a campaign): the entries about it are no longer new for
 * that owner. Called by the routes that read it, so any client clears them by opening the object.
 */
export const markSubjectSeen = async (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    ownerId: string;
    subjectType: SubjectType;
    subjectId: string;
  },
) => {
  await db.execute(sql`
    insert into history_seen (entry_id, owner_id)
    select ${historyEntries.id}, ${q.ownerId}::uuid from ${historyEntries}
    where ${historyEntries.manufacturerId} = ${q.manufacturerId}
      and ${historyEntries.subjectType} = ${q.subjectType}
      and ${historyEntries.subjectId} = ${q.subjectId}
    on conflict do nothing`);
};

export const listHistory = async (
  db: DbOrTx,
  q: { manufacturerId: string; ownerId: string; product: Product; limit: number; offset: number },
) => {
  const scope = and(
    eq(historyEntries.manufacturerId, q.manufacturerId),
    eq(historyEntries.product, q.product),
  );
  const seenJoin = and(eq(historySeen.entryId, historyEntries.id), eq(historySeen.ownerId, q.ownerId));
  const { rows, total, totals } = await pageAndCount(
    db
      .select({ entry: historyEntries, seenAt: historySeen.seenAt })
      .from(historyEntries)
      .leftJoin(historySeen, seenJoin)
      .where(scope)
      .orderBy(desc(historyEntries.createdAt), desc(historyEntries.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({
        total: count(),
        newCount: sql<number>`count(*) filter (where ${historySeen.entryId} is null)`.mapWith(Number),
      })
      .from(historyEntries)
      .leftJoin(historySeen, seenJoin)
      .where(scope),
  );
  return {
    documents: rows.map(({ entry, seenAt }) => toHistoryEntry(entry, seenAt)),
    total,
    newCount: totals?.newCount ?? 0,
  };
};

/** Marks entries seen for one owner; ids of other manufacturers are ignored, repeated calls are harmless. */
export const markHistorySeen = async (
  db: DbOrTx,
  q: { manufacturerId: string; ownerId: string; ids: string[] },
) => {
  const own = await db
    .select({ id: historyEntries.id })
    .from(historyEntries)
    .where(and(eq(historyEntries.manufacturerId, q.manufacturerId), inArray(historyEntries.id, q.ids)));
  if (own.length === 0) return;
  await db
    .insert(historySeen)
    .values(own.map(({ id }) => ({ entryId: id, ownerId: q.ownerId })))
    .onConflictDoNothing();
};

/**
 * Counts one mailed entry in the manufacturer's hourly window of owner mails and answers the window
 * (its start, and how many entries it holds with this one). A window opens with its first entry and
 * closes an hour later; the next entry after that opens a new one. The upsert locks the
 * manufacturer's row until the caller's transaction ends, so parallel entries on any instance are
 * counted one after the other (docs/product-decisions.md, "Owner mails").
 */
export const countInMailWindow = async (db: DbOrTx, manufacturerId: string, now: Date, windowMs: number) => {
  const closed = sql`${ownerMailWindows.startedAt} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(ownerMailWindows)
    .values({ manufacturerId, startedAt: now, mails: 1 })
    .onConflictDoUpdate({
      target: ownerMailWindows.manufacturerId,
      set: {
        startedAt: sql`case when ${closed} then excluded.started_at else ${ownerMailWindows.startedAt} end`,
        mails: sql`case when ${closed} then 1 else ${ownerMailWindows.mails} + 1 end`,
      },
    })
    .returning({ startedAt: ownerMailWindows.startedAt, mails: ownerMailWindows.mails });
  if (!row) throw new Error('owner mail window upsert returned nothing');
  return row;
};

/** The entry's owner mails are held for the digest due at `until`. */
export const holdEntryMail = async (db: DbOrTx, manufacturerId: string, entryId: string, until: Date) => {
  await db
    .update(historyEntries)
    .set({ mailHeldUntil: until })
    .where(and(eq(historyEntries.manufacturerId, manufacturerId), eq(historyEntries.id, entryId)));
};

/**
 * The manufacturer's entries held for a digest due at `until` or earlier, counted by kind and area,
 * and released in the same statement: a digest job that runs again finds nothing to report, and an
 * entry whose window's digest ran before its transaction committed (or failed for good) is reported
 * by the next digest or the sweep (docs/product-decisions.md, "Owner mails").
 */
export const takeHeldEntries = async (db: DbOrTx, manufacturerId: string, until: Date) => {
  const { rows } = await db.execute<{ kind: HistoryKind; product: Product; n: number }>(sql`
    with held as (
      update ${historyEntries} set mail_held_until = null
      where ${historyEntries.manufacturerId} = ${manufacturerId}
        and ${historyEntries.mailHeldUntil} <= ${until}
      returning ${historyEntries.kind}, ${historyEntries.product}
    )
    select kind, product, count(*)::int as n from held group by kind, product`);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
};

/**
 * The manufacturers with entries held for a digest due at `before` or earlier (by the partial index
 * `history_entries_mail_held_idx`, which holds only held entries): their digest is overdue.
 */
export const overdueDigests = async (db: DbOrTx, before: Date, max: number) => {
  const { rows } = await db.execute<{ manufacturer_id: string }>(sql`
    select distinct ${historyEntries.manufacturerId} as manufacturer_id from ${historyEntries}
    where ${historyEntries.mailHeldUntil} is not null and ${historyEntries.mailHeldUntil} <= ${before}
    limit ${max}`);
  return rows.map((r) => r.manufacturer_id);
};
