import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { removeEmbeddedDatabase } from '../src/db/embedded.js';
import { withDatabase } from './db-url.js';

/**
 * The real server process, as `npm start` runs it (`node --import tsx apps/server/src/main.ts`),
 * on a temporary DATA_DIR and a free port: what it prints at start, and how it stops on Ctrl-C.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/**
 * Starts the server, waits until it answers, then sends SIGINT to its whole process group, as
 * Ctrl-C in a terminal does (the server is the leader of a group of its own here).
 */
const runServer = async (env: Record<string, string>): Promise<Run> => {
  const port = await freePort();
  const { DATABASE_URL: _d, DATA_DIR: _dd, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      JOBS: 'true',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<Run>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) return exited;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer: ${stdout}${stderr}`);
    }
    const up = await fetch(`http://127.0.0.1:${port}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // Let the job queue's workers poll once, so they hold connections when the stop comes.
  await new Promise((r) => setTimeout(r, 2_500));
  process.kill(-(child.pid ?? 0), 'SIGINT');
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const run = await exited;
  clearTimeout(killer);
  return run;
};

const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

const demoBanner = /Parley demo account[\s\S]*password: \S+/;

describe('the server process', { timeout: 240_000 }, () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'parley-process-'));
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    await removeEmbeddedDatabase(dataDir).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops on Ctrl-C with exit code 0 and no error logged; prints the demo password on the first start only', async () => {
    const first = await runServer({ DATA_DIR: dataDir });
    expect(first.stdout).toMatch(demoBanner);
    // The demo manufacturer's contact-request form, to try at once.
    expect(first.stdout).toMatch(/contact-request form: http:\/\/\S+\/p\/r\/[0-9a-f-]{36}\n/);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const lines = logLines(first.stdout);
    expect(lines.map((l) => l.msg)).toContain('embedded PostgreSQL stopped');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);

    // Second start of the same database: no password, and again a quiet stop.
    const second = await runServer({ DATA_DIR: dataDir });
    expect(second.stdout).toContain('Parley is running at');
    expect(second.stdout).not.toMatch(demoBanner);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(logLines(second.stdout).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('makes no demo owner later on a database whose first start had DEMO_SEED=false', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-process-'));
    await chmod(dir, 0o755);
    try {
      const first = await runServer({ DATA_DIR: dir, DEMO_SEED: 'false' });
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).not.toMatch(demoBanner);
      // The database is still without owners, but this is not its first start any more.
      const later = await runServer({ DATA_DIR: dir, DEMO_SEED: 'true' });
      expect(later.code, later.stdout + later.stderr).toBe(0);
      expect(later.stdout).toContain('Parley is running at');
      expect(later.stdout).not.toMatch(demoBanner);
    } finally {
      await removeEmbeddedDatabase(dir).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('in production on an external, empty database: no demo owner and no password printed', async () => {
    const adminUrl = inject('adminUrl');
    const name = `parley_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-process-'));
    try {
      const run = await runServer({
        NODE_ENV: 'production',
        DATA_DIR: dir,
        DATABASE_URL: withDatabase(adminUrl, name),
        DEMO_SEED: 'true',
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('Parley is running at');
      expect(run.stdout).not.toMatch(demoBanner);
      expect(run.stdout).not.toContain('demo@parley.localhost');
      const db = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
      db.on('error', () => {});
      await db.connect();
      try {
        const { rows } = await db.query('select count(*)::int as n from owners');
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        await db.end();
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
