import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type EmbeddedDatabase,
  isAlive,
  removeEmbeddedDatabase,
  startEmbeddedDatabase,
} from '../src/db/embedded.js';
import { queryOnce } from './db-url.js';

/**
 * Restarts of the embedded PostgreSQL after crashes, with real processes: a Node process
 * that started the database is killed with SIGKILL (alone, or with PostgreSQL), and a
 * postmaster.pid is left naming a process id that another process has now.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const log = pino({ level: 'silent' });

const pidFile = (dataDir: string) => path.join(dataDir, 'postgres', 'postmaster.pid');
const readPidFile = async (dataDir: string) => {
  const lines = (await readFile(pidFile(dataDir), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), lines };
};

/** A Node process that starts the embedded database of `dataDir` and stays up; resolves once it has. */
const startChild = (dataDir: string) =>
  new Promise<{ child: ChildProcess; url: string; owned: boolean }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'embedded-child.ts'), dataDir],
      {
        cwd: path.resolve(here, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...JSON.parse(line) });
    });
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}): ${err}`)));
  });

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const waitUntil = async (what: string, ok: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A port nothing listens on (as after PostgreSQL was killed). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 1));
    });
  });

describe('the embedded PostgreSQL after a crash', { timeout: 120_000 }, () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  let db: EmbeddedDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'parley-restart-'));
    // Run as root, PostgreSQL runs as `postgres`; this DATA_DIR is about restarts, not about that.
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    await db?.stop().catch(() => {});
    for (const c of children) c.kill('SIGKILL');
    await removeEmbeddedDatabase(dataDir).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adopts the PostgreSQL a killed Node process left running', async () => {
    const first = await startChild(dataDir);
    children.push(first.child);
    expect(first.owned).toBe(true);
    const before = await readPidFile(dataDir);
    await killed(first.child);
    expect(isAlive(before.pid)).toBe(true);

    const t0 = Date.now();
    db = await startEmbeddedDatabase(dataDir, log);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(db.owned).toBe(false);
    expect(new URL(db.url).port).toBe(String(before.port));
    expect(await queryOnce(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);

    // The last one out stops it, though another process started it.
    await db.stop();
    db = undefined;
    await waitUntil('postmaster.pid is gone', () => !existsSync(pidFile(dataDir)));
  });

  it('starts afresh after Node and PostgreSQL were both killed', async () => {
    const first = await startChild(dataDir);
    children.push(first.child);
    const before = await readPidFile(dataDir);
    await killed(first.child);
    process.kill(before.pid, 'SIGKILL');
    // Its postmaster.pid stays behind, naming a dead process (or a zombie nobody reaps).
    expect((await readPidFile(dataDir)).pid).toBe(before.pid);

    const t0 = Date.now();
    db = await startEmbeddedDatabase(dataDir, log);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(db.owned).toBe(true);
    expect(await queryOnce(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await db.stop();
    db = undefined;
  });

  it('starts at once when postmaster.pid names a process id another process now has', async () => {
    // A container restart reuses process ids: the crashed postmaster's id is some other program's.
    const stranger = spawn('sleep', ['120'], { stdio: 'ignore' });
    children.push(stranger);
    const pid = stranger.pid ?? 0;
    const dbDir = path.join(dataDir, 'postgres');
    const port = await closedPort();
    await writeFile(
      pidFile(dataDir),
      `${pid}\n${dbDir}\n${Math.floor(Date.now() / 1000)}\n${port}\n\n127.0.0.1\n  1234567  0\nready   \n`,
    );

    const t0 = Date.now();
    db = await startEmbeddedDatabase(dataDir, log);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(db.owned).toBe(true);
    expect(await queryOnce(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect((await readPidFile(dataDir)).pid).not.toBe(pid);
    await db.stop();
    db = undefined;
    // The stranger was neither signalled nor waited for.
    expect(isAlive(pid)).toBe(true);
    expect(stranger.exitCode).toBeNull();
  });

  it('starts its own when postmaster.pid names a live PostgreSQL of another cluster, and leaves that one alone', async () => {
    // The test run's own cluster stands in for the other PostgreSQL that got the id (and port).
    const adminUrl = inject('adminUrl');
    const [{ data_directory: otherDir }] = (await queryOnce(adminUrl, 'show data_directory')) as [
      { data_directory: string },
    ];
    const other = (await readFile(path.join(otherDir, 'postmaster.pid'), 'utf8')).split('\n');
    const otherPid = Number(other[0]);
    const otherPort = Number(other[3]);
    expect(new URL(adminUrl).port).toBe(String(otherPort));
    const dbDir = path.join(dataDir, 'postgres');
    await writeFile(pidFile(dataDir), [other[0], dbDir, ...other.slice(2)].join('\n'));

    const t0 = Date.now();
    db = await startEmbeddedDatabase(dataDir, log);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(db.owned).toBe(true);
    expect(new URL(db.url).port).not.toBe(String(otherPort));
    const [{ data_directory: ours }] = (await queryOnce(db.url, 'show data_directory')) as [
      { data_directory: string },
    ];
    expect(ours).toBe(dbDir);
    await db.stop();
    db = undefined;
    expect(isAlive(otherPid)).toBe(true);
    expect(await queryOnce(adminUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
