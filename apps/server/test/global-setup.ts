import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client.js';
import { type EmbeddedDatabase, removeEmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { withDatabase } from './db-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * One PostgreSQL per run (the embedded one, or TEST_DATABASE_URL's server) and one
 * migrated template database; every test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  const external = process.env.TEST_DATABASE_URL;
  // Each run has its own cluster (initdb takes about a second), so parallel runs never share one.
  const tmp = path.resolve(here, '../../../.tmp');
  const dataDir = path.join(tmp, `test-data-${process.pid}`);
  if (!external) await removeDeadRuns(tmp);
  const embedded: EmbeddedDatabase | undefined = external
    ? undefined
    : await startEmbeddedDatabase(dataDir, log);
  const adminUrl = external ?? embedded?.url ?? '';

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Databases left on a shared server by an earlier run whose process is gone; never another live run's.
  const stale = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^parley_t(pl)?_[0-9]+_?'`,
  );
  for (const { datname } of stale.rows) {
    const pid = Number(/^parley_t(?:pl)?_(\d+)/.exec(datname)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  }

  const templateDb = `parley_tpl_${process.pid}`;
  await admin.query(`create database "${templateDb}"`);
  const templateUrl = withDatabase(adminUrl, templateDb);
  const { db, pool } = createDb(templateUrl, 2);
  await runMigrations(db, pool);
  await pool.end();
  // pg-boss installs its schema once here, so cloned databases start with it.
  const jobs = createJobQueue({ connectionString: templateUrl, log, work: false });
  await jobs.start();
  await jobs.stop();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    await admin.query(`drop database if exists "${templateDb}" with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (embedded) {
      await removeEmbeddedDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}

/**
 * The clusters of runs that were killed before their teardown: a PostgreSQL still running
 * there is stopped, and a cluster kept outside the checkout (run as root in a folder the
 * postgres user cannot enter) is removed with its DATA_DIR.
 */
const removeDeadRuns = async (tmp: string) => {
  const names = await readdir(tmp).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^test-data-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    const dir = path.join(tmp, name);
    await removeEmbeddedDatabase(dir).catch(() => {});
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
