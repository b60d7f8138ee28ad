import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The column shapes every table repeats, written once (the tables' `*.tables.ts` use them). */

/** An instant, stored with its time zone and read as a Date. */
export const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A UUID primary key that PostgreSQL generates. */
export const uuidKey = () => uuid().primaryKey().default(sql`gen_random_uuid()`);
