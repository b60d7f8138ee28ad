import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the whole list bound as one array parameter. Drizzle's `inArray` binds one
 * parameter per value, and PostgreSQL takes at most 65,535 a statement, so a list of people that
 * may be that long (a contact list's members) is matched with this instead.
 */
export const anyOf = (column: AnyColumn | SQL, values: readonly string[], type: 'uuid' | 'text') =>
  sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
