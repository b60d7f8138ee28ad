import { isUuidText } from '@parley/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors.js';

/** The offset of a 1-based page of `limit` rows, as the list routes' `page` and `limit` query. */
export const pageOffset = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/**
 * One page of rows and the totals of the whole list, both computed in the database and in
 * parallel (the rest of the list is never loaded). `count` selects at least `total`.
 */
export const pageAndCount = async <Row, Totals extends { total: number }>(
  page: PromiseLike<Row[]>,
  count: PromiseLike<Totals[]>,
) => {
  const [rows, [totals]] = await Promise.all([page, count]);
  return { rows, total: totals?.total ?? 0, totals };
};

/**
 * Keyset (cursor) paging, alongside `page` and `limit` (docs/architecture.md, "Data"). A list sorted
 * by one key and then by its id answers, with each page, a cursor naming its last row: the sort, that
 * row's sort key as PostgreSQL prints it (`key::text`, so a timestamp keeps its microseconds) and its
 * id. The next call with `after=<cursor>` asks for the rows after that one in the same order, using the
 * list's index instead of counting past `offset` rows. The cursor says nothing about a tenant: the
 * list's own scope still applies, so another manufacturer's cursor finds nothing of theirs.
 */
export type Cursor = { sort: string; key: string; id: string };

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.sort, c.key, c.id])).toString('base64url');

const badCursor = () =>
  new AppError(
    'validation',
    'after: this cursor does not belong to this list and sort order (or is damaged); start again from the first page.',
    'after',
  );

/** The cursor of `after`, checked against the list's current sort; a 400 naming `after` otherwise. */
export const decodeCursor = (raw: string, sort: string): Cursor => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((p) => typeof p === 'string'))
    throw badCursor();
  const [cursorSort, key, id] = parsed as [string, string, string];
  if (cursorSort !== sort || !isUuidText(id) || key.length > 400) throw badCursor();
  return { sort: cursorSort, key, id };
};

/**
 * How a list orders its rows for keyset paging: a sort key (a column or expression that is never
 * null), the PostgreSQL type to read a cursor's key as, and the direction; the id breaks ties in the
 * same direction. The list orders by `orderBy`, selects `keyText` with its rows, and adds `after(c)`
 * to its where clause when a cursor is given. Select `keyText` for the page's rows only (the page's ids
 * in a subquery, then those rows): PostgreSQL would compute it for every row an offset skips too.
 */
export const keysetOrder = (o: {
  key: SQL | AnyColumn;
  type: 'text' | 'timestamptz' | 'integer';
  id: AnyColumn;
  descending: boolean;
}) => {
  const dir = o.descending ? desc : asc;
  return {
    orderBy: [dir(o.key), dir(o.id)],
    keyText: sql<string>`(${o.key})::text`,
    /** The rows after the cursor's; its key and id may be placeholders of a prepared statement (lib/prepared.ts). */
    after: (c: { key: unknown; id: unknown }) =>
      o.descending
        ? sql`(${o.key}, ${o.id}) < (${c.key}::${sql.raw(o.type)}, ${c.id}::uuid)`
        : sql`(${o.key}, ${o.id}) > (${c.key}::${sql.raw(o.type)}, ${c.id}::uuid)`,
  };
};

/** The `next` cursor of a page: only when the page is full (a shorter page is the last). */
export const nextCursor = <Row>(
  rows: Row[],
  limit: number,
  sort: string,
  of: (row: Row) => { key: string; id: string },
) => {
  const last = rows.at(-1);
  return rows.length === limit && last ? { next: encodeCursor({ sort, ...of(last) }) } : {};
};
