import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  /** Requests sent and thrown away first (JIT, pools, connections). */
  warmup: number;
  /** Requests measured. */
  requests: number;
  /** Loops sending requests side by side, each on its own keep-alive connection. */
  concurrency: number;
};

/** One batch as measured: every latency, the wall time of the batch, the size of a response body. */
export type Sample = { latencies: Float64Array; wallMs: number; bodyBytes: number };

export type LoadResult = {
  requests: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  /** Answered requests per second over the measured batches. */
  perSecond: number;
  /** Size of one response body, to show both sides answered the same. */
  bodyBytes: number;
};

/** Real HTTP over loopback from a worker thread (see http-client.worker.mjs), a bounded number of requests. */
export const sample = (opts: LoadOptions) =>
  new Promise<Sample>((resolve, reject) => {
    const worker = new Worker(new URL('./http-client.worker.mjs', import.meta.url), {
      workerData: { headers: {}, ...opts },
    });
    worker.once('error', reject);
    worker.once(
      'message',
      (m: { error?: string; latencies?: Float64Array; wallMs?: number; bytes?: number }) => {
        void worker.terminate();
        if (m.error || !m.latencies || m.wallMs === undefined) {
          reject(new Error(m.error ?? 'the load worker answered nothing'));
          return;
        }
        resolve({ latencies: m.latencies, wallMs: m.wallMs, bodyBytes: m.bytes ?? 0 });
      },
    );
  });

const percentile = (sorted: Float64Array, p: number) => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
};

/** The middle of `values` (the mean of the two middle ones for an even count), e.g. of a few timed calls. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Several batches of one side as one result. */
export const summarize = (samples: Sample[]): LoadResult => {
  const all = new Float64Array(samples.reduce((n, s) => n + s.latencies.length, 0));
  let at = 0;
  for (const s of samples) {
    all.set(s.latencies, at);
    at += s.latencies.length;
  }
  all.sort();
  const wallMs = samples.reduce((n, s) => n + s.wallMs, 0);
  return {
    requests: all.length,
    medianMs: percentile(all, 50),
    p95Ms: percentile(all, 95),
    p99Ms: percentile(all, 99),
    perSecond: (all.length / wallMs) * 1000,
    bodyBytes: samples[0]?.bodyBytes ?? 0,
  };
};

/**
 * The in-process counterpart of `sample`: `once` (e.g. a list's bare SQL through the pool) run by
 * `concurrency` loops at once, `warmup` times and then `requests` times measured.
 */
export const sampleInProcess = async (
  once: () => Promise<unknown>,
  opts: Pick<LoadOptions, 'warmup' | 'requests' | 'concurrency'>,
): Promise<Sample> => {
  const phase = async (n: number) => {
    const latencies = new Float64Array(n);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        for (let i = next++; i < n; i = next++) {
          const t = performance.now();
          await once();
          latencies[i] = performance.now() - t;
        }
      }),
    );
    return { latencies, wallMs: performance.now() - started, bodyBytes: 0 };
  };
  await phase(opts.warmup);
  return phase(opts.requests);
};
