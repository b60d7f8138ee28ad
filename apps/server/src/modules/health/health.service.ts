import type { HealthCheckState, Liveness, Readiness } from '@parley/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';

type DatabaseChecks = { database: HealthCheckState; migrations: HealthCheckState };

/**
 * This instance's health for the load balancer's probes, and its lifecycle: `startDraining` (at
 * SIGTERM) turns readiness to 503 `draining` at once (answered without a query, with the checks of
 * the last probe), so a balancer polling it takes the instance out while it still serves (main.ts
 * waits SHUTDOWN_DELAY_SECONDS before it stops accepting).
 *
 * Readiness asks the database one query, `max(created_at)` of the migrator's table: it answering
 * within `timeoutMs` is the database check, and it being at least `newestMigration` (this build's
 * newest journal entry) the migrations check, so an older build stays ready after a newer one
 * migrated ahead, and a newer build is not ready before its migrations are applied. At most one such
 * query is in flight: probes arriving meanwhile share it, and one that waits longer than
 * `timeoutMs` answers `failed` without starting another (a hung database does not fill the pool).
 */
export const createHealthService = ({
  db,
  jobs,
  newestMigration,
  timeoutMs = 2_000,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'isRunning' | 'working'>;
  newestMigration: number;
  timeoutMs?: number;
}) => {
  let draining = false;
  let inFlight: Promise<DatabaseChecks> | undefined;
  /** What the last query found: a draining instance reports it without asking the database again. */
  let last: DatabaseChecks = { database: 'pending', migrations: 'pending' };

  const queryDatabase = async (): Promise<DatabaseChecks> => {
    try {
      const result = await db.execute<{ applied: string | number | null }>(
        sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
      );
      const applied = result.rows[0]?.applied;
      const upToDate = applied !== null && applied !== undefined && Number(applied) >= newestMigration;
      last = { database: 'ok', migrations: upToDate ? 'ok' : 'pending' };
    } catch {
      // Unreachable, or it refused: the migrations could not be checked either.
      last = { database: 'failed', migrations: 'failed' };
    }
    return last;
  };

  const checkDatabase = (): Promise<DatabaseChecks> => {
    inFlight ??= queryDatabase().finally(() => {
      inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<DatabaseChecks>((resolve) => {
      timer = setTimeout(() => resolve({ database: 'failed', migrations: 'failed' }), timeoutMs);
    });
    return Promise.race([inFlight, timedOut]).finally(() => clearTimeout(timer));
  };

  const live = (): Liveness => ({ status: 'ok' });

  const readiness = async (): Promise<Readiness> => {
    const jobState = !jobs.isRunning() ? 'failed' : jobs.working ? 'ok' : 'off';
    // Draining answers at once, with what the last probe found: a balancer's check must not wait on
    // the database to learn that the instance is leaving.
    if (draining) return { status: 'draining', checks: { ...last, jobs: jobState } };
    const { database, migrations } = await checkDatabase();
    if (database === 'ok' && migrations === 'ok' && jobState !== 'failed')
      return { status: 'ready', checks: { database, migrations, jobs: jobState } };
    return { status: 'not-ready', checks: { database, migrations, jobs: jobState } };
  };

  return {
    live,
    readiness,
    /** From now on readiness answers 503 `draining`, and every answer carries `connection: close`. */
    startDraining: () => {
      draining = true;
    },
    isDraining: () => draining,
  };
};
export type HealthService = ReturnType<typeof createHealthService>;
