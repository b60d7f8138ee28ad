import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = ReturnType<typeof createDb>['db'];
/** A transaction handle; repositories take `Db | Tx` so services decide the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const createDb = (url: string, poolSize = 10) => {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (e.g. the database restarting) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool };
};
