import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the real server (as `npm start` does, without the build step: `npm test` builds the
 * console first) on 127.0.0.1 and a free port, on a fresh DATA_DIR with its own embedded
 * PostgreSQL (or E2E_DATABASE_URL), without the demo owner. Tests read where it runs from
 * E2E_BASE_URL and E2E_DATA_DIR. Its output goes to server.log in the run's folder
 * (E2E_RUN_DIR, set by playwright.config.ts: .tmp/e2e/run-<pid>).
 * The returned function is the global teardown: SIGTERM (graceful shutdown stops the
 * embedded PostgreSQL), then the temporary DATA_DIR is removed.
 */
const root = path.resolve(import.meta.dirname, '..');
const runDir = process.env.E2E_RUN_DIR ?? path.join(root, '.tmp', 'e2e', `run-${process.pid}`);
const logFile = path.join(runDir, 'server.log');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Folders of runs whose process has ended: a run's files stay for a look until the next run starts. */
const removeOldRuns = () => {
  const parent = path.dirname(runDir);
  const runs = readdirSync(parent)
    .map((name) => ({ name, pid: Number(/^run-(\d+)$/.exec(name)?.[1]) }))
    .filter((r) => r.pid > 0 && r.pid !== process.pid && !isAlive(r.pid))
    .map((r) => path.join(parent, r.name));
  for (const dir of runs) rmSync(dir, { recursive: true, force: true });
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

const logTail = () => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const waitUntilUp = async (child: ChildProcess, baseUrl: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering. ${logFile}:\n${logTail()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/identity/jwks.json`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within ${timeoutMs / 1000}s. ${logFile}:\n${logTail()}`);
};

/**
 * The server serves a private copy of the built console, so a build running meanwhile in the
 * same checkout (a colleague's `npm start`, another test run) cannot change it under the tests.
 */
const copyConsole = () => {
  const built = path.join(root, 'apps', 'web', 'dist');
  const copy = path.join(runDir, 'web');
  if (!existsSync(path.join(built, 'index.html'))) {
    throw new Error('The console is not built: run `npm run build` first (`npm test` does).');
  }
  cpSync(built, copy, { recursive: true });
  const html = readFileSync(path.join(copy, 'index.html'), 'utf8');
  const missing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((asset) => !existsSync(path.join(copy, asset)));
  if (missing.length) {
    throw new Error(
      `apps/web/dist is incomplete (${missing.join(', ')}): was it being rebuilt? Build again.`,
    );
  }
  return copy;
};

export default async function globalSetup() {
  mkdirSync(runDir, { recursive: true });
  removeOldRuns();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  // As root, the embedded PostgreSQL runs as the `postgres` user, which must reach its folder.
  chmodSync(dataDir, 0o755);
  const webDist = copyConsole();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // Production turns the API docs off; the browser tests check that they load (under their own CSP).
    API_DOCS: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: webDist,
    // The browsers reach the server directly over loopback: believing loopback about the client lets a
    // test send X-Forwarded-For to stand for a visitor elsewhere (what counts once per client network,
    // such as a visitor's report of a post). Requests without the header keep their own address.
    TRUST_PROXY: 'loopback',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  const teardown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const killer = setTimeout(() => server.kill('SIGKILL'), 25_000);
      await exited(server);
      clearTimeout(killer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(server, baseUrl, 120_000);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
