import type { CampaignState, EndCondition } from '@parley/contract';
import { and, count, eq, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { likePattern } from '../../lib/like.js';
import { type Cursor, keysetOrder, pageAndCount } from '../../lib/paging.js';
import { preparedShapes } from '../../lib/prepared.js';
import { touchedAt as touchedColumn } from '../../lib/touched.js';
import { campaigns } from './campaigns.tables.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type CampaignSortField = 'title' | 'createdAt' | 'updatedAt' | 'state' | 'ticketCount';
export type CampaignSort = CampaignSortField | `-${CampaignSortField}`;

/** The end date as its own column, so the end-by-date sweep finds due campaigns by index. */
export const endsAtOf = (c: EndCondition) => (c.type === 'date' ? new Date(c.endsAt) : null);

/** States the lists show when none are asked for: archived campaigns leave them (D12). */
export const visibleStates: CampaignState[] = ['draft', 'running', 'ended'];

/**
 * One campaign of one manufacturer; another manufacturer's id is simply not found (D4).
 * `forUpdate` locks the row for the rest of the transaction, which serialises every change
 * to a campaign and its questions.
 */
export const findCampaign = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CampaignRow | undefined> => {
  const q = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.manufacturerId, manufacturerId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
};

/**
 * The manufacturer's campaigns among `ids`, each held (`FOR KEY SHARE`) until the transaction ends, as the
 * rows about to refer to them would hold it; answers the ids found.
 */
export const holdCampaigns = async (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(eq(campaigns.manufacturerId, manufacturerId), inArray(campaigns.id, ids)))
          .orderBy(campaigns.id)
          .for('key share')
      ).map((r) => r.id);

/** By id alone, locked: for jobs, which act for no owner, and the participant's answer transaction (D12). */
export const lockCampaignById = async (db: DbOrTx, id: string): Promise<CampaignRow | undefined> => {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1).for('update');
  return row;
};

export const insertCampaign = async (db: DbOrTx, values: NewCampaignRow): Promise<CampaignRow> => {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('insert into campaigns returned nothing');
  return row;
};

export const updateCampaign = async (
  db: DbOrTx,
  id: string,
  patch: Omit<PgUpdateSetSource<typeof campaigns>, 'id' | 'manufacturerId'>,
): Promise<CampaignRow> => {
  const [row] = await db.update(campaigns).set(patch).where(eq(campaigns.id, id)).returning();
  if (!row) throw new Error(`campaign ${id} vanished during its update`);
  return row;
};

const sortColumns = {
  title: { key: sql`lower(${campaigns.title})`, type: 'text' },
  createdAt: { key: campaigns.createdAt, type: 'timestamptz' },
  updatedAt: { key: campaigns.updatedAt, type: 'timestamptz' },
  state: { key: campaigns.state, type: 'text' },
  ticketCount: { key: campaigns.ticketCount, type: 'integer' },
} as const;

/** A sort of the list as keyset order (lib/paging.ts): the id breaks ties, so pages never overlap or skip rows. */
const keysetOf = (sort: CampaignSort) => {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as CampaignSortField;
  return keysetOrder({ ...sortColumns[field], id: campaigns.id, descending });
};
const orderOf = (sort: CampaignSort): SQL[] => keysetOf(sort).orderBy;

const listScope = (q: { manufacturerId: string; states: CampaignState[]; search?: string | undefined }) =>
  and(
    eq(campaigns.manufacturerId, q.manufacturerId),
    inArray(campaigns.state, q.states),
    q.search ? ilike(campaigns.title, likePattern(q.search)) : undefined,
  );

const listStatements = preparedShapes<ReturnType<typeof buildList>>('campaign_list');

/** The list's two statements for one shape (sort, search or not, cursor or offset), values as placeholders. */
const buildList = (
  db: DbOrTx,
  sort: CampaignSort,
  search: boolean,
  after: boolean,
  name: (p: string) => string,
) => {
  const where = and(
    eq(campaigns.manufacturerId, sql.placeholder('manufacturerId')),
    sql`${campaigns.state} = any(${sql.placeholder('states')}::text[])`,
    search ? ilike(campaigns.title, sql.placeholder('search')) : undefined,
  );
  const order = keysetOf(sort);
  // The page's ids first, then its rows with their sort key as text: PostgreSQL computes a select list
  // for every row it skips at an offset, so the key is computed for the page's rows only
  // (docs/operations.md, "Lists").
  const pageIds = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      after ? and(where, order.after({ key: sql.placeholder('key'), id: sql.placeholder('id') })) : where,
    )
    .orderBy(...order.orderBy)
    .limit(sql.placeholder('limit'))
    .offset(after ? 0 : sql.placeholder('offset'));
  return {
    page: db
      .select({ campaign: campaigns, key: order.keyText })
      .from(campaigns)
      .where(inArray(campaigns.id, pageIds))
      .orderBy(...order.orderBy)
      .prepare(name('page')),
    count: db.select({ total: count() }).from(campaigns).where(where).prepare(name('count')),
  };
};

/**
 * A page of campaigns and the total, both counted in the database (never loading the rest). With a
 * cursor (`after`) the page starts after that row instead of at `offset` (keyset paging, lib/paging.ts).
 * Each row comes with its sort key as text, for the next cursor. Each shape's statements are built and
 * prepared once (lib/prepared.ts).
 */
export const listCampaigns = async (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    states: CampaignState[];
    search?: string | undefined;
    sort: CampaignSort;
    limit: number;
    offset: number;
    after?: Cursor | undefined;
  },
) => {
  const search = q.search ? likePattern(q.search) : undefined;
  const { page, count } = listStatements(db, `${q.sort}:${search ? 's' : ''}:${q.after ? 'a' : ''}`, (name) =>
    buildList(db, q.sort, search !== undefined, q.after !== undefined, name),
  );
  const values = {
    manufacturerId: q.manufacturerId,
    states: q.states,
    search,
    limit: q.limit,
    offset: q.offset,
    key: q.after?.key,
    id: q.after?.id,
  };
  return pageAndCount(page.execute(values), count.execute(values));
};

export const searchCampaigns = (db: DbOrTx, q: { manufacturerId: string; search: string; limit: number }) =>
  db
    .select()
    .from(campaigns)
    .where(listScope({ ...q, states: visibleStates }))
    .orderBy(...orderOf('title'))
    .limit(q.limit);

export const campaignNames = (db: DbOrTx, q: { manufacturerId: string; states: CampaignState[] }) =>
  db
    .select({ id: campaigns.id, title: campaigns.title, state: campaigns.state })
    .from(campaigns)
    .where(listScope(q))
    .orderBy(...orderOf('title'));

/** The manufacturer's campaigns among `ids` (any state), their titles. */
export const campaignTitles = (db: DbOrTx, manufacturerId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as { id: string; title: string }[])
    : db
        .select({ id: campaigns.id, title: campaigns.title })
        .from(campaigns)
        .where(and(eq(campaigns.manufacturerId, manufacturerId), inArray(campaigns.id, ids)));

/** The campaign's new `updatedAt` (lib/touched.ts): now, but always later than before. */
export const touchedAt = (now: Date) => touchedColumn(campaigns.updatedAt, now);

/**
 * A change to the campaign's questions (the questions module's): the campaign's `updatedAt` moves on,
 * and its `questionCount` when given, so an owner's open settings form sees the change.
 */
export const touchCampaign = (db: DbOrTx, id: string, now: Date, counts: { questionCount?: number } = {}) =>
  updateCampaign(db, id, { ...counts, updatedAt: touchedAt(now) });

/** Counts a new ticket in the campaign row (lists read the counter instead of counting tickets). */
export const incrementTicketCount = async (db: DbOrTx, campaignId: string) => {
  // updatedAt stays: it guards the owner's edits against stale writes (D3), and a new
  // answer must not make an owner's open settings form stale.
  const [row] = await db
    .update(campaigns)
    .set({ ticketCount: sql`${campaigns.ticketCount} + 1` })
    .where(eq(campaigns.id, campaignId))
    .returning({ ticketCount: campaigns.ticketCount });
  return row?.ticketCount ?? 0;
};

/** Takes erased tickets out of the campaign's count (a contact's answers erased with it). */
export const decrementTicketCount = async (db: DbOrTx, campaignId: string, by: number) => {
  await db
    .update(campaigns)
    .set({ ticketCount: sql`greatest(${campaigns.ticketCount} - ${by}, 0)` })
    .where(eq(campaigns.id, campaignId));
};

/**
 * Ends every running campaign whose end date has passed, in one statement (the partial index
 * campaigns_running_ends_at_idx finds them), and answers the rows it ended.
 */
export const endDueCampaigns = (db: DbOrTx, now: Date) =>
  db
    .update(campaigns)
    .set({ state: 'ended', endedAt: now, updatedAt: touchedAt(now) })
    .where(and(eq(campaigns.state, 'running'), lte(campaigns.endsAt, now)))
    .returning();

/** Ends one campaign if it is still running; undefined when it was not. */
export const markCampaignEnded = async (db: DbOrTx, id: string, now: Date) => {
  const [row] = await db
    .update(campaigns)
    .set({ state: 'ended', endedAt: now, updatedAt: touchedAt(now) })
    .where(and(eq(campaigns.id, id), eq(campaigns.state, 'running')))
    .returning();
  return row;
};
