import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Db } from './client.js';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Any 64-bit number unique to Parley's migrations. */
const MIGRATION_LOCK = 7_261_093_551;

/**
 * Applies the generated SQL migrations. An advisory lock makes it safe when
 * several instances start at once: the others wait, then find nothing to do.
 */
export const runMigrations = async (db: Db, pool: pg.Pool) => {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
};
