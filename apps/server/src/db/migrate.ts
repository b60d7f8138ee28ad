import { readFileSync } from 'node:fs';
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

/**
 * The `when` of this build's newest migration in its journal (`drizzle/meta/_journal.json`). The
 * migrator records each applied migration with `created_at` = its entry's `when` in
 * `drizzle.__drizzle_migrations`, so this build's migrations are all applied when the largest
 * `created_at` there is at least this (a newer build may have applied more).
 */
export const newestMigrationOfThisBuild = (): number => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
};
