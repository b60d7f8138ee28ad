/// <reference path="../apps/server/test/s3rver.d.ts" />
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import {
  type ClusterState,
  findHaproxy,
  findNginx,
  freePort,
  isRunning,
  readState,
  renderHaproxy,
  renderNginx,
  requestsPerSlot,
  startHaproxy,
  startInstance,
  startNginx,
  stopEmbeddedPostgres,
  stopGroup,
  stopInstance,
  stopLeftovers,
  writeState,
} from './cluster';
import { startMailSink } from './mail-sink';

/**
 * The browser tests run against Parley as it is deployed when one process is not enough (e2e/cluster.ts):
 * E2E_INSTANCES (default 3) identical server processes (as `npm start` runs them, without the build
 * step: `npm test` builds the console first) on one PostgreSQL (the embedded one, shared through one
 * DATA_DIR, or E2E_DATABASE_URL), behind nginx with deploy/nginx/parley.conf and HAProxy with
 * deploy/haproxy/parley.cfg (which polls readiness), mail through a real SMTP server that files each
 * message in the run's folder, uploads in an S3-compatible store (s3rver). Tests read where it runs
 * from E2E_BASE_URL (nginx), E2E_DATA_DIR and E2E_MAIL_DIR, the rest from cluster.json. Each instance's
 * output goes to instance-<n>.log, nginx's to nginx/, HAProxy's to haproxy/, in the run's folder
 * (E2E_RUN_DIR, set by playwright.config.ts: .tmp/e2e/run-<pid>); a watchdog (e2e/watchdog.ts) cleans
 * up should the runner die without its teardown.
 * The returned function is the global teardown: SIGTERM to every instance (the last one to leave
 * stops the embedded PostgreSQL), then the balancers, the mail and file servers, and the DATA_DIR.
 */
const root = path.resolve(import.meta.dirname, '..');
const runDir = process.env.E2E_RUN_DIR ?? path.join(root, '.tmp', 'e2e', `run-${process.pid}`);

/**
 * Folders of runs whose process has ended: a run's files stay for a look until the next run starts.
 * A run that was killed (Ctrl-C twice, a timeout) never ran its teardown: its nginx, instances and
 * embedded PostgreSQL are stopped here, by what its cluster.json lists, when they are still its own.
 */
const removeOldRuns = async () => {
  const parent = path.dirname(runDir);
  const runs = readdirSync(parent)
    .map((name) => ({ name, pid: Number(/^run-(\d+)$/.exec(name)?.[1]) }))
    .filter((r) => r.pid > 0 && r.pid !== process.pid && !isRunning(r.pid))
    .map((r) => path.join(parent, r.name));
  for (const dir of runs) {
    await stopLeftovers(dir);
    rmSync(dir, { recursive: true, force: true });
  }
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
  await removeOldRuns();
  const nginx = findNginx();
  if (!nginx) {
    throw new Error(
      'nginx is needed: the browser tests run behind it, as Parley is deployed. Install it (Debian/Ubuntu, as root: ' +
        '`apt-get install -y nginx-light`); `npm test` does that by itself when it runs as root.',
    );
  }
  const haproxy = findHaproxy();
  if (!haproxy) {
    throw new Error(
      'HAProxy is needed: the scale-out tests also run behind it, the balancer that polls readiness. Install it ' +
        '(Debian/Ubuntu, as root: `apt-get install -y haproxy`); `npm test` does that by itself when it runs as root.',
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  // As root, the embedded PostgreSQL runs as the `postgres` user, which must reach its folder.
  chmodSync(dataDir, 0o755);
  const webDist = copyConsole();
  const mailDir = path.join(runDir, 'mail');
  const mail = await startMailSink(mailDir, { delayMs: 15 });
  const s3Dir = path.join(runDir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'parley-e2e' }],
  });
  const s3Address = await s3.run();

  const count = Number(process.env.E2E_INSTANCES ?? 3);
  const nginxPort = await freePort();
  const haproxyPort = await freePort();
  const slots: ClusterState['slots'] = [];
  for (let slot = 1; slot <= count; slot++) slots.push({ slot, port: await freePort() });
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    NODE_ENV: 'production',
    // Production turns the API docs off; the browser tests check that they load (under their own CSP).
    API_DOCS: 'true',
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    WEB_DIST: webDist,
    // Exactly the proxy in front: nginx, on loopback. It appends the address it was reached from to
    // X-Forwarded-For; the browsers reach it over loopback too, so a test may send X-Forwarded-For to
    // stand for a visitor elsewhere (what counts once per client network, such as a visitor's report).
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Parley <no-reply@parley.test>',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: 'parley-e2e',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    // A draining instance answers its readiness with 503 this long before it closes its socket: the
    // value deploy/haproxy/parley.cfg asks for (its checks come every second).
    SHUTDOWN_DELAY_SECONDS: '3',
    // The scale-out tests mail 1,000 invitations; the pace would otherwise take minutes.
    INVITATION_MAILS_PER_MINUTE: '30000',
  };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  const accessLog = path.join(runDir, 'nginx', 'access.log');
  const state: ClusterState = {
    runDir,
    dataDir,
    mailDir,
    baseUrl,
    accessLog,
    nginxPid: 0,
    haproxyUrl: `http://127.0.0.1:${haproxyPort}`,
    haproxyPid: 0,
    haproxyLog: path.join(runDir, 'haproxy', 'haproxy.log'),
    env,
    slots,
    instances: [],
  };
  writeState(state);
  // Stops what is left of the cluster once this runner is gone, even when it never runs the teardown.
  const watchdogLog = openSync(path.join(runDir, 'watchdog.log'), 'a');
  spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'e2e', 'watchdog.ts'), runDir, String(process.pid)],
    { cwd: root, detached: true, stdio: ['ignore', watchdogLog, watchdogLog] },
  ).unref();
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;

  let nginxProcess: ChildProcess | undefined;
  let haproxyProcess: ChildProcess | undefined;
  const teardown = async () => {
    const now = readState(runDir);
    await Promise.all(
      now.instances.map((i) =>
        stopInstance(now, i.slot, 'SIGTERM').catch(() => stopInstance(now, i.slot, 'SIGKILL')),
      ),
    );
    if (existsSync(accessLog)) {
      const served = requestsPerSlot(now);
      writeFileSync(path.join(runDir, 'requests-per-instance.json'), JSON.stringify(served, null, 2));
      process.stdout.write(
        `\nnginx passed ${served.total} requests on: ${JSON.stringify(served.bySlot)} (5xx: ${served.failed}, passed to another instance: ${served.passedOn})\n`,
      );
    }
    const figures = path.join(runDir, 'scale-out-figures.json');
    if (existsSync(figures))
      process.stdout.write(`scale-out figures (${figures}):\n${readFileSync(figures, 'utf8')}\n`);
    if (nginxProcess) await stopGroup(nginxProcess.pid ?? 0);
    if (haproxyProcess) await stopGroup(haproxyProcess.pid ?? 0, 'SIGUSR1');
    await mail.close();
    await s3.close().catch(() => {});
    // The last instance to leave stops the embedded PostgreSQL; one killed last leaves it running.
    await stopEmbeddedPostgres(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // The first instance makes the database (and runs the migrations); the others attach to it.
    const [first, ...others] = slots;
    if (first) await startInstance(state, first.slot);
    await Promise.all(others.map((s) => startInstance(state, s.slot)));
    const conf = renderNginx({ runDir, port: nginxPort, instancePorts: slots.map((s) => s.port), accessLog });
    // Each pid is recorded as soon as it runs, for the watchdog should this setup be cut short.
    const record = (key: 'nginxPid' | 'haproxyPid') => (pid: number) => {
      const now = readState(runDir);
      now[key] = pid;
      writeState(now);
    };
    nginxProcess = await startNginx(nginx, conf, nginxPort, record('nginxPid'));
    const proxy = renderHaproxy({ runDir, port: haproxyPort, instancePorts: slots.map((s) => s.port) });
    haproxyProcess = await startHaproxy(haproxy, proxy, haproxyPort, slots.length, record('haproxyPid'));
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
