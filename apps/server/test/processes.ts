import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';
import { startSmtpServer } from './smtp.js';

/** The repository's root, where `npm start` runs. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The real server (as `npm start` runs it) as a child process on 127.0.0.1, in a process group of
 * its own so a test can SIGKILL it (`killGroup`). `dirs` and `children` collect what the test's
 * afterAll removes and kills. Its DATA_DIR is a new temporary folder unless `dataDir` names one.
 * Resolves once the server answers, with the child's `port` and `dataDir`.
 */
export const startServerProcess = async (o: {
  env: Record<string, string>;
  children: ChildProcess[];
  dirs: string[];
  dataDir?: string;
}) => {
  const port = await freePort();
  const dataDir = o.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'parley-crash-')));
  o.dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://parley.test',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DEMO_SEED: 'false',
      JOBS: 'true',
      ...o.env,
    },
  });
  o.children.push(child);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = `${stderr}${c.toString()}`.slice(-4000);
  });
  child.once('exit', (code, signal) => {
    if (code !== null && code !== 0)
      process.stderr.write(`server process exited ${code} (${signal}): ${stderr}\n`);
  });
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/api/config`).then(
        (r) => r.ok,
        () => false,
      ),
    90_000,
    'the server to answer',
  );
  return Object.assign(child, { port, dataDir });
};

/** Kills a server process started by `startServerProcess` and its group at once, and waits for it. */
export const killGroup = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-(child.pid ?? 0), 'SIGKILL');
  await exited;
};

/**
 * The crash tests' set-up: a test app on its own database that only queues (`appEnv`, JOBS=false),
 * a real SMTP server, and `startServer(env)` for server processes on that database and SMTP server
 * that do the work; all of it stopped and removed after the file.
 */
export const useServerProcesses = (appEnv: Record<string, string> = {}) => {
  let ctx: TestContext | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ JOBS: 'false', ...appEnv });
  });
  afterAll(async () => {
    for (const c of children) await killGroup(c);
    await ctx?.close();
    await smtp?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const made = () => {
    if (!ctx || !smtp) throw new Error('made in beforeAll: use it in a test');
    return { ctx, smtp };
  };
  return {
    get ctx() {
      return made().ctx;
    },
    get smtp() {
      return made().smtp;
    },
    startServer: (env: Record<string, string> = {}) =>
      startServerProcess({
        env: { DATABASE_URL: made().ctx.rt.config.databaseUrl ?? '', SMTP_URL: made().smtp.url, ...env },
        children,
        dirs,
      }),
  };
};

export type ProgramResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a program in the repository's root to its end (SIGKILL and a rejection after `timeoutMs`),
 * with `env` as its whole environment, and resolves with its exit code and output.
 */
export const runProgram = (command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000) =>
  new Promise<ProgramResult>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not exit within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
