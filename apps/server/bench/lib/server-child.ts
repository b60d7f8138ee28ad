import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../types.js';

/**
 * The server as production runs it (`node --import tsx apps/server/src/main.ts`, the systemd unit's and
 * the Dockerfile's command) in a process of its own, on the benchmark's database, so a figure of "the
 * process's memory" is the server's alone: not the benchmark's seeding, its client, its files or the
 * garbage they leave. Linux only (it reads /proc).
 *
 * Memory is read from /proc/<pid>/status: VmRSS (resident now) sampled every `sampleMs`, and VmHWM, the
 * kernel's own high-water mark of the resident set, which no sampling can miss. `resetPeak` starts a
 * new high-water mark (`5` into /proc/<pid>/clear_refs), so a warm-up before it does not count.
 */
export type ServerChild = {
  baseUrl: string;
  pid: number;
  /** Resident set now and the high-water mark since the start or the last `resetPeak`, in bytes. */
  memory: () => Promise<{ rss: number; peak: number }>;
  resetPeak: () => Promise<void>;
  /** The child's own process.memoryUsage() after a full collection in it (bench/lib/server-child-probe.mjs). */
  collected: () => Promise<NodeJS.MemoryUsage>;
  /** Samples VmRSS every `sampleMs` until `stop`; answers the first, highest and last sample and the HWM. */
  watch: (sampleMs: number) => { stop: () => Promise<ChildMemory> };
  /** The file the server logs into (removed at `stop`). */
  logFile: string;
  /** The last lines the server logged (for a failure's message). */
  logTail: () => Promise<string>;
  stop: () => Promise<void>;
};

export type ChildMemory = { before: number; peak: number; after: number; hwm: number; samples: number };

const freePort = async () => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
};

const statusOf = async (pid: number) => {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
};

/**
 * Starts the server in a child process on the benchmark's database (`ctx.rt.url`), listening on a free
 * loopback port, and waits until it answers ready. `env` adds to or overrides its environment (JOBS=true
 * to work jobs; it defaults to false). The child's DATA_DIR is a temporary directory it removes at `stop`.
 * BENCH_SERVER_MAIN names another main.ts to run (another checkout's, for a before/after comparison);
 * BENCH_CHILD_NODE_ARGS adds options to the child's node command line (e.g. `--trace-gc`, written to its log).
 */
export const startServerChild = async (
  ctx: BenchContext,
  env: Record<string, string> = {},
): Promise<ServerChild> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-child-'));
  const logFile = path.join(dataDir, 'server.log');
  const probeFile = path.join(dataDir, 'probe.json');
  await writeFile(logFile, '');
  const port = await freePort();
  const main = process.env.BENCH_SERVER_MAIN || path.join(ctx.repoRoot, 'apps/server/src/main.ts');
  const out = openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    const probe = new URL('./server-child-probe.mjs', import.meta.url).href;
    const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', '--import', probe, main], {
      cwd: ctx.repoRoot,
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        DATABASE_URL: ctx.rt.url,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        // The benchmark's runtime signs the owner in: the child must accept its tokens.
        PUBLIC_URL: ctx.rt.config.publicUrl,
        IDENTITY_ISSUER: ctx.rt.config.identity.issuer,
        IDENTITY_AUDIENCE: ctx.rt.config.identity.audience,
        DEMO_SEED: 'false',
        JOBS: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        PARLEY_BENCH_PROBE_FILE: probeFile,
        ...(process.env.BENCH_CHILD_NODE_OPTIONS
          ? { NODE_OPTIONS: process.env.BENCH_CHILD_NODE_OPTIONS }
          : {}),
        ...env,
      },
    });
  } finally {
    closeSync(out);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server child did not start');
  const exited = once(child, 'exit');
  const logTail = async () =>
    (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = await logTail();
      await stop();
      throw new Error(`the server child exited while starting:\n${tail}`);
    }
    const ok = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 120_000) {
      const tail = await logTail();
      await stop();
      throw new Error(`the server child was not ready after 120 s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const memory = () => statusOf(pid);
  let probes = 0;
  const collected = async () => {
    probes++;
    process.kill(pid, 'SIGUSR2');
    const asked = Date.now();
    for (;;) {
      // A file read while the child writes it may be cut short: read it again.
      const got = await readFile(probeFile, 'utf8')
        .then((raw) => JSON.parse(raw) as { seq: number; usage: NodeJS.MemoryUsage })
        .catch(() => undefined);
      if (got && got.seq >= probes) return got.usage;
      if (Date.now() - asked > 30_000) throw new Error('the server child did not answer its memory probe');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    baseUrl,
    pid,
    memory,
    resetPeak: () => writeFile(`/proc/${pid}/clear_refs`, '5'),
    collected,
    watch: (sampleMs) => {
      let first: number | undefined;
      let peak = 0;
      let last = 0;
      let samples = 0;
      const take = async () => {
        const { rss } = await memory();
        first ??= rss;
        peak = Math.max(peak, rss);
        last = rss;
        samples++;
      };
      let pending = take();
      const timer = setInterval(() => {
        pending = pending.then(take, take);
      }, sampleMs);
      return {
        stop: async () => {
          clearInterval(timer);
          await pending.catch(() => undefined);
          await take();
          const { peak: hwm } = await memory();
          return { before: first ?? last, peak: Math.max(peak, hwm), after: last, hwm, samples };
        },
      };
    },
    logFile,
    logTail,
    stop,
  };
};
