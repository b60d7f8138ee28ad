import { sql } from 'drizzle-orm';
import { type AnyPgColumn, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The column shapes every table repeats, written once (the tables' `*.tables.ts` use them). */

/** An instant, stored with its time zone and read as a Date. */
export const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A UUID primary key that PostgreSQL generates. */
export const uuidKey = () => uuid().primaryKey().default(sql`gen_random_uuid()`);

/**
 * The id of a tenant table's row (one that belongs to one manufacturer), which PostgreSQL generates. Its
 * key is `tenantKey`: the manufacturer first, so the schema can be distributed by `manufacturer_id`
 * (docs/scaling.md, "Tenant keys").
 */
export const tenantRowId = () => uuid().notNull().default(sql`gen_random_uuid()`);

/**
 * A tenant table's primary key `(manufacturer_id, id)`, and a unique index on `id` alone for what finds a
 * row by its id only (public links, jobs, the foreign keys that name the id alone; docs/scaling.md).
 */
export const tenantKey = (t: { manufacturerId: AnyPgColumn; id: AnyPgColumn }) => [
  primaryKey({ columns: [t.manufacturerId, t.id] }),
  uniqueIndex().on(t.id),
];
