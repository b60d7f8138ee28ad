import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Parley as an operator runs it on one host when one process is not enough (docs/operations.md,
 * "Several instances behind a load balancer"): identical instances on one PostgreSQL behind nginx
 * with the site file deploy/nginx/parley.conf and HAProxy with deploy/haproxy/parley.cfg, mail through
 * one SMTP server, uploads in one S3-compatible store. The browser tests run against it (global-setup.ts); the scale-out tests
 * (e2e/scale-out) kill, drain and replace instances through the functions here.
 *
 * The global setup writes the cluster's state to `cluster.json` in the run's folder; the test
 * workers (other processes) read it, start and stop instances and write it back, and the global
 * teardown stops whatever it lists.
 */

export const root = path.resolve(import.meta.dirname, '..');

export type Instance = {
  slot: number;
  port: number;
  pid: number;
  /** The folder it runs from: the checkout, or a newer build made by the rolling-restart test. */
  cwd: string;
  startedAt: string;
};

export type ClusterState = {
  runDir: string;
  dataDir: string;
  mailDir: string;
  baseUrl: string;
  accessLog: string;
  nginxPid: number;
  /** HAProxy with deploy/haproxy/parley.cfg in front of the same instances: it polls readiness. */
  haproxyUrl: string;
  haproxyPid: number;
  haproxyLog: string;
  /** The environment every instance shares (database, mail, storage, web build, proxy trust). */
  env: Record<string, string>;
  slots: { slot: number; port: number }[];
  instances: Instance[];
};

const stateFile = (runDir: string) => path.join(runDir, 'cluster.json');

export const readState = (runDir = process.env.E2E_RUN_DIR ?? ''): ClusterState =>
  JSON.parse(readFileSync(stateFile(runDir), 'utf8')) as ClusterState;

export const writeState = (state: ClusterState) => {
  const file = stateFile(state.runDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

/**
 * Whether `pid` runs: a process that has exited but was not reaped (a zombie: one a test worker
 * started, then the worker ended) counts as gone.
 */
export const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const waitUntil = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`);
    await sleep(200);
  }
};

/** The readiness answer at `base` (docs/operations.md): its status code, or 0 when nothing answers. */
const readinessAt = async (base: string) => {
  try {
    const res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

/** The readiness answer of the instance on `port`. */
export const readiness = (port: number) => readinessAt(`http://127.0.0.1:${port}`);

const logTail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * Starts the instance of `slot` (its port from the state) from `cwd` (default: this checkout), in a
 * process group of its own, with its output appended to `instance-<slot>.log`; resolves once it is
 * ready (GET /api/health/ready answers 200) and records it in the state.
 */
export const startInstance = async (
  state: ClusterState,
  slot: number,
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Instance> => {
  const s = state.slots.find((x) => x.slot === slot);
  if (!s) throw new Error(`no slot ${slot}`);
  const cwd = opts.cwd ?? root;
  const logFile = path.join(state.runDir, `instance-${slot}.log`);
  appendFileSync(logFile, `\n---- start in ${cwd} at ${new Date().toISOString()}\n`);
  const out = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...state.env, ...opts.env, PORT: String(s.port) },
  });
  child.unref();
  const pid = child.pid ?? 0;
  const instance: Instance = { slot, port: s.port, pid, cwd, startedAt: new Date().toISOString() };
  // Listed at once, so a teardown stops it even when it never gets ready.
  const recorded = readState(state.runDir);
  recorded.instances = [...recorded.instances.filter((i) => i.slot !== slot), instance];
  writeState(recorded);
  state.instances = recorded.instances;
  const fail = (message: string) => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    return new Error(`${message}. ${logFile}:\n${logTail(logFile)}`);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!isRunning(pid)) throw fail(`instance ${slot} exited before it was ready`);
    if ((await readiness(s.port)) === 200) break;
    if (Date.now() > deadline) throw fail(`instance ${slot} not ready within 120s`);
    await sleep(250);
  }
  return instance;
};

/**
 * Stops the instance of `slot`: SIGTERM lets it drain (docs/operations.md, "Graceful shutdown"),
 * SIGKILL is a crash. Resolves once the process is gone, with how long that took.
 */
export const stopInstance = async (state: ClusterState, slot: number, signal: 'SIGTERM' | 'SIGKILL') => {
  const fresh = readState(state.runDir);
  const instance = fresh.instances.find((i) => i.slot === slot);
  if (!instance) throw new Error(`no instance in slot ${slot}`);
  const started = Date.now();
  try {
    // Its group: `node --import tsx` is one process, but a crash takes anything it started with it.
    process.kill(signal === 'SIGKILL' ? -instance.pid : instance.pid, signal);
  } catch {
    /* gone already */
  }
  await waitUntil(() => !isRunning(instance.pid), 60_000, `instance ${slot} to exit after ${signal}`);
  // Read again: other instances may have been started or stopped meanwhile.
  const now = readState(state.runDir);
  now.instances = now.instances.filter((i) => i.pid !== instance.pid);
  writeState(now);
  state.instances = now.instances;
  return { ms: Date.now() - started, pid: instance.pid };
};

/** Which instance (by slot) answered each request nginx logged, from its access log. */
export const requestsPerSlot = (state: ClusterState, opts: { fromLine?: number } = {}) => {
  const lines = readFileSync(state.accessLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(opts.fromLine ?? 0);
  const bySlot: Record<string, number> = {};
  let failed = 0;
  let passedOn = 0;
  for (const line of lines) {
    const upstreams = /upstream=(\S+(?:, \S+)*) upstream_status=/.exec(line)?.[1]?.split(', ') ?? [];
    const status = Number(/" (\d{3}) /.exec(line)?.[1]);
    if (upstreams.length > 1) passedOn++;
    if (status >= 500) failed++;
    const last = upstreams.at(-1) ?? '-';
    const port = Number(last.split(':').at(-1));
    const slot = state.slots.find((s) => s.port === port)?.slot;
    const key = slot === undefined ? 'none' : `instance ${slot}`;
    bySlot[key] = (bySlot[key] ?? 0) + 1;
  }
  return { total: lines.length, bySlot, failed, passedOn };
};

/**
 * How often nginx took an instance out ("upstream server temporarily disabled": a refused or broken
 * connection): how the balancer sees an instance leave, since nginx without the commercial
 * health_check does not poll readiness.
 */
export const instancesTakenOut = (state: ClusterState) => {
  const file = path.join(state.runDir, 'nginx', 'error.log');
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('upstream server temporarily disabled')).length;
};

export const accessLogLines = (state: ClusterState) =>
  existsSync(state.accessLog) ? readFileSync(state.accessLog, 'utf8').split('\n').filter(Boolean).length : 0;

/** The scale-out tests' figures, collected in the run's folder and printed by the global teardown. */
export const recordFigures = (state: ClusterState, name: string, figures: unknown) => {
  const file = path.join(state.runDir, 'scale-out-figures.json');
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  all[name] = figures;
  writeFileSync(file, JSON.stringify(all, null, 2));
};

/** nginx, or the reason the browser tests cannot run behind it. */
export const findNginx = () => {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  return undefined;
};

/**
 * The site file deploy/nginx/parley.conf as the tests run it: its instances' ports, a loopback
 * listen port and the access log in the run's folder; everything else as an operator installs it,
 * inside a minimal nginx.conf of the run's own (pid, temp folders, error log).
 */
export const renderNginx = (o: {
  runDir: string;
  port: number;
  instancePorts: number[];
  accessLog: string;
}) => {
  const site = readFileSync(path.join(root, 'deploy', 'nginx', 'parley.conf'), 'utf8');
  const servers = o.instancePorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  let rendered = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${o.port};`)
    .replace(/\s*listen \[::\]:80;/, '')
    .replace(/access_log \S+ parley_upstream;/, `access_log ${o.accessLog} parley_upstream;`);
  for (const must of [`server 127.0.0.1:${o.instancePorts[0]}`, `listen 127.0.0.1:${o.port}`, o.accessLog]) {
    if (!rendered.includes(must))
      throw new Error(`deploy/nginx/parley.conf changed shape: could not set ${must}`);
  }
  const dir = path.join(o.runDir, 'nginx');
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  writeFileSync(path.join(dir, 'parley.conf'), rendered);
  rendered = [
    // As root the workers would run as nobody, who cannot enter a checkout only root may enter.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${dir}/temp/body;`,
    `  proxy_temp_path ${dir}/temp/proxy;`,
    `  fastcgi_temp_path ${dir}/temp/fastcgi;`,
    `  uwsgi_temp_path ${dir}/temp/uwsgi;`,
    `  scgi_temp_path ${dir}/temp/scgi;`,
    `  include ${dir}/parley.conf;`,
    '}',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'nginx.conf'), rendered);
  return { dir, conf: path.join(dir, 'nginx.conf') };
};

/**
 * Stops a balancer started here, with its process group (an nginx worker outlives a killed master
 * and keeps the port): a graceful quit (SIGQUIT for nginx, SIGUSR1 for HAProxy), then SIGKILL after 5 s.
 */
export const stopGroup = async (pid: number, quit: NodeJS.Signals = 'SIGQUIT') => {
  if (pid <= 0) return;
  for (const signal of [quit, 'SIGKILL'] as const) {
    try {
      process.kill(-pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      try {
        process.kill(-pid, 0);
      } catch {
        return;
      }
      await sleep(100);
    }
  }
};

/** Starts nginx in the foreground of a process of its own; resolves once it answers on `port`. */
export const startNginx = async (
  nginx: string,
  conf: { dir: string; conf: string },
  port: number,
  spawned: (pid: number) => void,
) => {
  const check = spawnSync(nginx, ['-t', '-p', conf.dir, '-c', conf.conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused ${conf.conf}:\n${check.stderr}`);
  const child = spawn(nginx, ['-p', conf.dir, '-c', conf.conf, '-g', 'daemon off;'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  spawned(child.pid ?? 0);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = `${stderr}${c}`.slice(-2000);
  });
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
        return fetch(`http://127.0.0.1:${port}/api/health/live`).then(
          () => true,
          () => false,
        );
      },
      20_000,
      'nginx to answer',
    );
  } catch (err) {
    await stopGroup(child.pid ?? 0);
    throw err;
  }
  return child;
};

/**
 * The cluster's database, for what a test checks there: DATABASE_URL, or the embedded PostgreSQL the
 * instances share (its port in postmaster.pid, line 4; its password in DATA_DIR/secrets).
 */
export const databaseUrl = (state: ClusterState) => {
  if (state.env.DATABASE_URL) return state.env.DATABASE_URL;
  const port = readFileSync(path.join(state.dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const password = readFileSync(path.join(state.dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  return `postgres://parley:${encodeURIComponent(password)}@127.0.0.1:${port}/parley`;
};

/**
 * A newer build of the server, as a rolling upgrade brings it: this checkout's server copied into
 * `<runDir>/next` (inside the checkout, so it finds the same node_modules), with one more migration.
 * The migration only adds (a nullable column, a table): older instances keep working while it runs
 * and after, as docs/operations.md asks of every migration.
 */
export const makeNewerBuild = (runDir: string) => {
  const dir = path.join(runDir, 'next');
  const server = path.join(dir, 'apps', 'server');
  const from = path.join(root, 'apps', 'server');
  mkdirSync(server, { recursive: true });
  for (const part of ['src', 'drizzle'])
    cpSync(path.join(from, part), path.join(server, part), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json'])
    cpSync(path.join(from, file), path.join(server, file));
  cpSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  // Packages the server workspace keeps for itself (npm nests a version the root does not have).
  if (existsSync(path.join(from, 'node_modules')) && !existsSync(path.join(server, 'node_modules')))
    symlinkSync(path.join(from, 'node_modules'), path.join(server, 'node_modules'));
  const journalFile = path.join(server, 'drizzle', 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations');
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_rolling-upgrade-check`;
  const when = Math.max(Date.now(), last.when + 1);
  writeFileSync(
    path.join(server, 'drizzle', `${tag}.sql`),
    [
      'ALTER TABLE "campaigns" ADD COLUMN "upgrade_check_note" text;',
      '--> statement-breakpoint',
      'CREATE TABLE "upgrade_check_marks" ("id" serial PRIMARY KEY, "at" timestamp with time zone DEFAULT now() NOT NULL);',
      '',
    ].join('\n'),
  );
  journal.entries.push({ ...last, idx, when, tag });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return { cwd: dir, tag, when };
};

export type LoadCall = { name: string; expect: number; call: () => Promise<Response> };

/**
 * Requests through the balancer while instances come and go: `workers` loops, each sending the calls
 * in turn until `stop`. Counts each call's answers; any other status or a failed connection is a
 * refused request, kept with what it was.
 */
export const startLoad = (calls: LoadCall[], workers = 4) => {
  let running = true;
  const counts: Record<string, number> = {};
  const refused: string[] = [];
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const c = calls[i % calls.length] as LoadCall;
      try {
        const res = await c.call();
        const body = await res.text();
        if (res.status === c.expect) counts[c.name] = (counts[c.name] ?? 0) + 1;
        else refused.push(`${c.name}: ${res.status} ${body.slice(0, 200)}`);
      } catch (err) {
        refused.push(`${c.name}: ${(err as Error).message}`);
      }
    }
  };
  const loops = Array.from({ length: workers }, (_, w) => loop(w));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return { counts, refused, total: Object.values(counts).reduce((a, b) => a + b, 0) + refused.length };
    },
  };
};

/**
 * Stops the embedded PostgreSQL on `dataDir` if it still runs (its last user was killed, so nobody
 * stopped it): a fast shutdown, waited for up to 20 s.
 */
export const stopEmbeddedPostgres = async (dataDir: string) => {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  // postmaster.pid: line 1 the pid, line 2 the data directory, which the postmaster's command line names
  // (a pid file a crash left behind may name a pid that is something else by now).
  const [pidLine = '', dir = ''] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!(pid > 0) || !isRunning(pid)) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!dir || !cmdline.includes(dir)) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  await waitUntil(() => !isRunning(pid), 20_000, 'the embedded PostgreSQL to stop').catch(() => {
    process.kill(pid, 'SIGKILL');
  });
};

/** Whether `pid` is a process of the test cluster: nginx of `runDir`, or an instance on `dataDir`. */
export const belongsToRun = (pid: number, runDir: string, dataDir: string) => {
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '';
    }
  };
  return (
    pid > 0 &&
    (read('cmdline').includes(`${runDir}/`) || read('environ').split('\0').includes(`DATA_DIR=${dataDir}`))
  );
};

/**
 * deploy/haproxy/parley.cfg as the tests run it: its instances' ports and a loopback listen port,
 * everything else (the readiness checks, their timing, the retries) as an operator installs it.
 */
export const renderHaproxy = (o: { runDir: string; port: number; instancePorts: number[] }) => {
  const cfg = readFileSync(path.join(root, 'deploy', 'haproxy', 'parley.cfg'), 'utf8');
  const servers = o.instancePorts.map((p, i) => `    server parley${i + 1} 127.0.0.1:${p} check`).join('\n');
  const rendered = cfg
    .replace(/( {4}server parley\d+ 127\.0\.0\.1:\d+ check\n)+/, `${servers}\n`)
    .replace(/bind \[::\]:80 v4v6\n/, `bind 127.0.0.1:${o.port}\n`)
    // The tests' HAProxy runs as whoever runs them; switching to the haproxy user needs root.
    .replace(/ {4}(user|group) haproxy\n/g, '');
  for (const must of [`server parley1 127.0.0.1:${o.instancePorts[0]} check`, `bind 127.0.0.1:${o.port}`]) {
    if (!rendered.includes(must))
      throw new Error(`deploy/haproxy/parley.cfg changed shape: could not set ${must}`);
  }
  const dir = path.join(o.runDir, 'haproxy');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'haproxy.cfg'), rendered);
  return { dir, cfg: path.join(dir, 'haproxy.cfg'), log: path.join(dir, 'haproxy.log') };
};

export const findHaproxy = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));

/**
 * Starts HAProxy in the foreground of a process group of its own, its log (requests and the checks'
 * verdicts) in haproxy.log; resolves once it passes readiness probes on to the instances, once per
 * instance in a row, and its own first round of checks has come.
 */
export const startHaproxy = async (
  haproxy: string,
  conf: { cfg: string; log: string },
  port: number,
  count: number,
  spawned: (pid: number) => void,
) => {
  const check = spawnSync(haproxy, ['-c', '-f', conf.cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused ${conf.cfg}:\n${check.stdout}${check.stderr}`);
  const out = openSync(conf.log, 'a');
  const child = spawn(haproxy, ['-db', '-f', conf.cfg], { detached: true, stdio: ['ignore', out, out] });
  spawned(child.pid ?? 0);
  let inARow = 0;
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited: ${logTail(conf.log)}`);
        inARow = (await readinessAt(`http://127.0.0.1:${port}`)) === 200 ? inARow + 1 : 0;
        return inARow >= count;
      },
      30_000,
      'HAProxy to pass requests on',
    );
    await sleep(1_500);
  } catch (err) {
    await stopGroup(child.pid ?? 0, 'SIGUSR1');
    throw err;
  }
  return child;
};

export type Verdict = { server: number; verdict: 'DOWN' | 'UP'; text: string };
const verdictLogs = new Map<string, { offset: number; rest: string; verdicts: Verdict[] }>();

/**
 * HAProxy's verdicts on the instances from its log, oldest first: which server (`parley<N>`, N the
 * slot) it took out (DOWN, with the reason) or let in (UP). It starts with every server in and logs
 * only changes. The log has a line per request too, so each call reads only what was added since.
 */
export const haproxyVerdicts = (logFile: string): Verdict[] => {
  const seen = verdictLogs.get(logFile) ?? { offset: 0, rest: '', verdicts: [] };
  verdictLogs.set(logFile, seen);
  if (!existsSync(logFile)) return seen.verdicts;
  const fd = openSync(logFile, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, seen.offset);
      if (n === 0) break;
      seen.offset += n;
      const lines = `${seen.rest}${buffer.subarray(0, n).toString('utf8')}`.split('\n');
      seen.rest = lines.pop() ?? '';
      for (const text of lines) {
        // Each verdict is printed twice (a "[WARNING] (pid) : Server …" line and the log's own): the log's.
        const m = /^Server parley\/parley(\d+) is (DOWN|UP)/.exec(text);
        if (m) seen.verdicts.push({ server: Number(m[1]), verdict: m[2] as 'DOWN' | 'UP', text });
      }
    }
  } finally {
    closeSync(fd);
  }
  return seen.verdicts;
};

/**
 * Stops what a run's cluster.json lists and is still that run's own (its balancers, its instances,
 * its embedded PostgreSQL) and removes its temporary DATA_DIR: for a run whose runner died without
 * its teardown (the watchdog, and the next run's global setup).
 */
export const stopLeftovers = async (runDir: string) => {
  if (!existsSync(path.join(runDir, 'cluster.json'))) return;
  const state = readState(runDir);
  if (belongsToRun(state.nginxPid, runDir, state.dataDir)) await stopGroup(state.nginxPid);
  if (belongsToRun(state.haproxyPid, runDir, state.dataDir)) await stopGroup(state.haproxyPid, 'SIGUSR1');
  for (const { pid } of state.instances) {
    if (!belongsToRun(pid, runDir, state.dataDir)) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  await stopEmbeddedPostgres(state.dataDir);
  if (state.dataDir.startsWith(os.tmpdir())) rmSync(state.dataDir, { recursive: true, force: true });
};
