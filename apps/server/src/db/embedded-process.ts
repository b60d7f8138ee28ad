import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * The embedded PostgreSQL's processes (db/embedded.ts): whether a postmaster runs on a cluster, which one,
 * and waiting for it to stop; read from postmaster.pid and the process table.
 */
/** The platform's suffix of executables. */
export const exe = process.platform === 'win32' ? '.exe' : '';

export const freePort = () =>
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const realOrResolved = (p: string) => realpath(p).catch(() => path.resolve(p));

/** postmaster.pid: line 1 pid, line 2 data directory, line 4 port (PostgreSQL's documented layout). */
export const readPidFile = async (dbDir: string) => {
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
export const isOurPostmaster = async (pid: number, dbDir: string) => {
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
export const runningPostmaster = async (dbDir: string) => {
  const found = await readPidFile(dbDir);
  return found && (await isOurPostmaster(found.pid, dbDir)) ? found : undefined;
};

/**
 * PostgreSQL removes postmaster.pid as the last step of its shutdown. Waiting for the
 * file rather than the pid also works when the postmaster lingers as a zombie (an
 * orphan in a container whose init does not reap).
 */
export const waitForShutdown = async (dbDir: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while ((await runningPostmaster(dbDir)) && existsSync(path.join(dbDir, 'postmaster.pid'))) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL in ${dbDir} did not stop within ${timeoutMs} ms`);
    await sleep(100);
  }
};
