import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TokenResponse } from '@parley/contract';
import type { BenchContext, Figure } from '../types.js';
import { sample, summarize } from './load.js';
import { formatTable, ms } from './table.js';

/**
 * Measuring routes at growing sizes of one tenant's data (ticket-scale, posts-scale): each row at each size
 * at concurrency 1, and the figures that say whether a page costs the same at any size.
 */

/** Measuring stops after about this long per row (at least MIN_REQUESTS, at most MAX_REQUESTS requests). */
export const BUDGET_MS = 3000;
const MIN_REQUESTS = 5;
const MAX_REQUESTS = 150;

/** BENCH_SCALE_SIZES (e.g. `10000,100000`), else `fallback`. */
export const scaleSizes = (fallback: number[]) =>
  (process.env.BENCH_SCALE_SIZES?.split(',') ?? fallback.map(String)).map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_SCALE_SIZES: "${s}" is not a whole number`);
    return n;
  });

/**
 * The owner a scenario measures as: a second owner of the benchmark's manufacturer with a password of its
 * own, so it signs in again when its id token (an hour) is half gone: these scenarios run for longer.
 */
export const measuringOwner = async (ctx: BenchContext) => {
  const email = `bench-scale-${randomBytes(4).toString('hex')}@parley.localhost`;
  const password = randomBytes(12).toString('base64url');
  const { ownerId } = await ctx.rt.services.owner.createOwner({
    email,
    password,
    name: 'Bench Scale Owner',
    connect: true,
    manufacturerId: ctx.owner.manufacturerId,
  });
  let token = '';
  let signedInAt = 0;
  const idToken = async () => {
    if (!token || performance.now() - signedInAt > 30 * 60_000) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/identity/sign-in',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      token = (res.json() as TokenResponse).idToken;
      signedInAt = performance.now();
    }
    return token;
  };
  const remove = () => ctx.rt.pool.query('delete from owners where id = $1', [ownerId]);
  return { ownerId, idToken, remove };
};

export type Measured =
  | { medianMs: number; p99Ms: number; total: number; atLeast: boolean; requests: number }
  | { error: string };

/** One row at concurrency 1: two probes for its cost, then as many requests as BUDGET_MS allows. */
export const measureRow = async (ctx: BenchContext, path: string, token: string): Promise<Measured> => {
  const url = `${ctx.baseUrl}${path}`;
  const headers = { 'x-auth-token': token };
  try {
    const started = performance.now();
    let total = -1;
    let atLeast = false;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as {
        total?: number;
        totalAtLeast?: boolean;
        tickets?: number;
        answers?: number;
      };
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      total = body.total ?? body.tickets ?? body.answers ?? -1;
      atLeast = body.totalAtLeast === true;
    }
    const probe = (performance.now() - started) / 2;
    const requests = Math.max(MIN_REQUESTS, Math.min(MAX_REQUESTS, Math.round(BUDGET_MS / probe)));
    const r = summarize([await sample({ url, headers, warmup: 1, requests, concurrency: 1 })]);
    return { medianMs: r.medianMs, p99Ms: r.p99Ms, total, atLeast, requests: r.requests };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
};

/** A measured row as a progress line. */
export const describeMeasured = (m: Measured) =>
  'error' in m
    ? m.error
    : `median ${ms(m.medianMs)}, p99 ${ms(m.p99Ms)}, total ${m.total}${m.atLeast ? '+' : ''} (${m.requests} requests)`;

export type SizeRow = { label: string; kind: 'list' | 'results' };

/**
 * The table of every row at every size, the errors, and the figures: a list's median at the last size at
 * most `listRatio` times its median at the first; a result's median at the last size under `resultsMs`
 * and growing at most linearly with the size.
 */
export const sizeReport = (o: {
  name: string;
  sizes: number[];
  rows: SizeRow[];
  measured: Map<number, Map<string, Measured>>;
  listRatio: number;
  resultsMs: number;
}) => {
  const { sizes, rows, measured } = o;
  const first = sizes[0] as number;
  const last = sizes[sizes.length - 1] as number;
  const ok = (x: Measured | undefined) => (x && !('error' in x) ? x : undefined);
  const table = rows.map((r) => {
    const cells = sizes.map((s) => measured.get(s)?.get(r.label));
    const ratio = (ok(cells.at(-1))?.medianMs ?? Number.NaN) / (ok(cells[0])?.medianMs ?? Number.NaN);
    return [
      r.label,
      ...cells.flatMap((x) => {
        const m = ok(x);
        return m ? [ms(m.medianMs), ms(m.p99Ms), `${m.total}${m.atLeast ? '+' : ''}`] : ['error', '', ''];
      }),
      `${ratio.toFixed(2)}x`,
    ];
  });
  const errors = sizes.flatMap((s) =>
    rows.flatMap((r) => {
      const x = measured.get(s)?.get(r.label);
      return x && 'error' in x ? [`${s}, ${r.label}: ${x.error}`] : [];
    }),
  );
  const figures: Figure[] = [];
  for (const r of sizes.length > 1 ? rows : []) {
    const a = ok(measured.get(first)?.get(r.label));
    const b = ok(measured.get(last)?.get(r.label));
    if (!a || !b) {
      figures.push({ label: `${o.name} ${r.label}`, measured: 'error', target: 'measured', met: false });
      continue;
    }
    const ratio = b.medianMs / a.medianMs;
    if (r.kind === 'list') {
      figures.push({
        label: `${o.name} ${r.label}, median at ${last} / at ${first}`,
        measured: `${ratio.toFixed(2)}x`,
        target: `<= ${o.listRatio.toFixed(2)}x`,
        met: ratio <= o.listRatio,
      });
      continue;
    }
    const linear = last / first;
    figures.push(
      {
        label: `${o.name} ${r.label}, median at ${last}`,
        measured: ms(b.medianMs),
        target: `< ${o.resultsMs} ms`,
        met: b.medianMs < o.resultsMs,
      },
      {
        label: `${o.name} ${r.label}, median at ${last} / at ${first}`,
        measured: `${ratio.toFixed(2)}x`,
        target: `<= ${linear.toFixed(0)}x (linear)`,
        met: ratio <= linear,
      },
    );
  }
  const header = [
    'what',
    ...sizes.flatMap((s) => [`median ${s}`, `p99 ${s}`, `total ${s}`]),
    `${last}/${first}`,
  ];
  return { table: formatTable(header, table, 1), errors, figures };
};
