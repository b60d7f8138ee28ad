import type { PoolClient } from 'pg';
import type { BenchContext } from '../types.js';

/**
 * Seeding in bulk on two connections at once (one per core), as results and posts seed. As a superuser
 * (the embedded database) each skips the per-row foreign-key triggers while `seed` runs
 * (session_replication_role = replica, as pg_restore --disable-triggers does): every row is made from rows
 * that exist, and millions of checks would double the seeding time. `replica` says whether they were
 * skipped; the connections are put back as they were and released afterwards, also when `seed` fails.
 * The tallies those triggers keep are counted again afterwards.
 */
export const withSeedingLanes = async <T>(
  ctx: BenchContext,
  seed: (one: PoolClient, two: PoolClient, replica: boolean) => Promise<T>,
): Promise<T> => {
  const { pool } = ctx.rt;
  const { rows: su } = await pool.query<{ on: boolean }>(
    'select rolsuper as on from pg_roles where rolname = current_user',
  );
  const replica = su[0]?.on === true;
  const lanes = await Promise.all([pool.connect(), pool.connect()]);
  const [one, two] = lanes;
  try {
    if (!one || !two) throw new Error('no connections');
    if (replica) await Promise.all(lanes.map((c) => c.query('set session_replication_role = replica')));
    const seeded = await seed(one, two, replica);
    // The triggers that keep the tickets' and posts' tallies were off as well (migration 0013): every tally
    // is counted again from the rows, as a repair would.
    if (replica) await one.query('select ticket_tallies_recount(null), post_tallies_recount(null)');
    return seeded;
  } finally {
    await Promise.all(
      lanes.map((c) =>
        (replica ? c.query('reset session_replication_role') : Promise.resolve()).finally(() => c.release()),
      ),
    );
  }
};
