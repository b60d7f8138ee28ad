import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import type { Pool } from 'pg';
import type { Db } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import type { BenchContext, Figure } from '../types.js';
import { type LoadResult, type Sample, sample, sampleInProcess, summarize } from './load.js';
import { formatTable, ms } from './table.js';

/** One statement as Drizzle hands it to pg: what the bare SQL side sends again. */
export type Statement = { text: string; values: unknown[] };

/**
 * The statements `run` sends (e.g. a list's page and its count, as a query in src/queries builds them),
 * as Drizzle hands them to pg: read off a Drizzle logger on the same pool while `run` runs once.
 */
export const statementsOf = async <T>(pool: Pool, run: (db: Db) => Promise<T>) => {
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, values) => statements.push({ text, values }) },
  });
  const result = await run(db);
  return { statements, result };
};

/** One row of the comparison: a request to the API and the same work as bare SQL. */
export type BareSqlPair = {
  /** Names the row in the table, the progress, the figures and the summary, e.g. `search "nordwind"`. */
  label: string;
  /** The API's path with its query, e.g. `/api/v2/contact/all?search=nordwind`, sent with the owner's token. */
  path: string;
  /** The route's statements sent once without HTTP or Drizzle (side by side through the pool). */
  bare: () => Promise<unknown>;
  /**
   * For information, a third side in the same rounds: the full URL of a bare Fastify (no plugins) answering
   * the same statements over HTTP, the floor of any HTTP API on this machine (a row and a ratio, no figure).
   */
  floorUrl?: string;
};

/**
 * A paged list route's row of the comparison: the page and count statements `run` sends (the list's
 * query in src/queries, as the service calls it), checked against one call of the route at `path`,
 * which must report the same total. Answers the pair and a line for the report (`noun`: what matches).
 */
export const listPair = async (
  ctx: BenchContext,
  o: {
    label: string;
    path: string;
    noun: string;
    run: (db: Db) => Promise<{ total: number }>;
    /**
     * The list prepares its statements (src/lib/prepared.ts): the bare SQL sends them as named statements too,
     * parsed once per connection as the API's are, so the comparison is of the same work.
     */
    prepared?: boolean;
  },
): Promise<{ pair: BareSqlPair; line: string }> => {
  const { statements, result } = await statementsOf(ctx.rt.pool, o.run);
  const [page, count] = statements;
  if (statements.length !== 2 || !page || !count)
    throw new Error(`${o.label}: the list sent ${statements.length} statements, not the page and its count`);
  const answer = await fetch(`${ctx.baseUrl}${o.path}`, { headers: { 'x-auth-token': ctx.owner.idToken } });
  const body = (await answer.json()) as { total?: number; documents?: unknown[] };
  if (answer.status !== 200 || body.total !== result.total)
    throw new Error(
      `the API answered ${answer.status} with total ${body.total}, the bare SQL ${result.total}`,
    );
  const named = (st: Statement, part: string) =>
    o.prepared ? { name: `bare_${part}_${createHash('sha1').update(st.text).digest('hex')}`, ...st } : st;
  const [bareP, bareC] = [named(page, 'page'), named(count, 'count')];
  return {
    pair: {
      label: o.label,
      path: o.path,
      bare: () => Promise.all([ctx.rt.pool.query(bareP), ctx.rt.pool.query(bareC)]),
    },
    line: `${o.label}: ${result.total} ${o.noun} match, ${body.documents?.length} on the page`,
  };
};

/**
 * A bare Fastify (no plugins: no auth, validation, logs or hooks) on another port answering each pair's
 * statements (its rows and count as JSON) at `/list?pair=<label>`: the pairs answered carry its URL as
 * their `floorUrl`, so compareToBareSql measures it in the same rounds. Close it when done.
 */
export const withFloor = async (pairs: BareSqlPair[]) => {
  const app = Fastify({ logger: false });
  const byLabel = new Map(pairs.map((p) => [p.label, p.bare]));
  app.get<{ Querystring: { pair: string } }>('/list', async (req) => {
    const once = byLabel.get(req.query.pair);
    if (!once) throw new Error(`no pair ${req.query.pair}`);
    const [rows, count] = (await once()) as { rows: unknown[] }[];
    return { documents: rows?.rows, total: count?.rows };
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    pairs: pairs.map((p) => ({ ...p, floorUrl: `${url}/list?pair=${encodeURIComponent(p.label)}` })),
    close: () => app.close(),
  };
};

export type CompareToBareSql = {
  /** Starts progress lines and figure labels, e.g. `contact list`. */
  name: string;
  pairs: BareSqlPair[];
  /** Requests measured per side and row, over all rounds (rounded up to a whole number per round). */
  requests: number;
  /** Requests thrown away per side before the first round; later rounds warm up with `concurrency`. */
  warmup: number;
  rounds: number;
  /** Absent: the rows are only reported (no figures), e.g. a call measured for information. */
  targets?:
    | {
        /** Least throughput (req/s) of the API over the bare SQL's, at every concurrency. */
        throughput: number;
        /** Most p99 of the API at concurrency 8. */
        p99Ms: number;
      }
    | {
        /** Least throughput (req/s) of the API over the bare SQL's, at every concurrency. */
        throughput: number;
        /**
         * Most p99 of the API at concurrency 8 over the bare SQL's p99 in the same run (an absolute p99 is
         * not stable on a shared machine: it is reported beside the ratio, not targeted).
         */
        p99Ratio: number;
      }
    | {
        /** Most median and p99 of the API over the bare SQL's, at every concurrency (results). */
        latencyRatio: number;
      };
};

/**
 * Each pair at each of the configured concurrencies: the API over real HTTP (`sample`) against its bare
 * SQL in-process (`sampleInProcess`), in `rounds` rounds in which the two sides take turns (so a
 * machine getting busier or quieter weighs on both alike), as in owner-me-small. Answers the table's
 * rows (median, p95, p99, req/s of each side and their ratio), the figures (throughput ratio at every
 * concurrency, p99 at 8; none without `targets`) and one summary part per row.
 */
export const compareToBareSql = async (ctx: BenchContext, o: CompareToBareSql) => {
  const figures: Figure[] = [];
  const rows: string[][] = [];
  const summaries: string[] = [];
  const perRound = Math.ceil(o.requests / o.rounds);
  for (const concurrency of ctx.load.concurrencies) {
    for (const pair of o.pairs) {
      const samples: Record<'api' | 'sql' | 'floor', Sample[]> = { api: [], sql: [], floor: [] };
      const sides = pair.floorUrl ? (['api', 'sql', 'floor'] as const) : (['api', 'sql'] as const);
      for (let round = 0; round < o.rounds; round++) {
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          ctx.progress(`${o.name}: ${pair.label}, concurrency ${concurrency}, round ${round + 1}, ${side}`);
          const load = { concurrency, requests: perRound, warmup: round === 0 ? o.warmup : concurrency };
          samples[side].push(
            side === 'api'
              ? await sample({
                  url: `${ctx.baseUrl}${pair.path}`,
                  headers: { 'x-auth-token': ctx.owner.idToken },
                  ...load,
                })
              : side === 'floor'
                ? await sample({ url: pair.floorUrl as string, headers: {}, ...load })
                : await sampleInProcess(pair.bare, load),
          );
        }
      }
      const api: LoadResult = summarize(samples.api);
      const sql: LoadResult = summarize(samples.sql);
      const throughput = api.perSecond / sql.perSecond;
      const median = api.medianMs / sql.medianMs;
      const p99 = api.p99Ms / sql.p99Ms;
      if (o.targets && 'latencyRatio' in o.targets) {
        for (const [what, ratio] of [
          ['median', median],
          ['p99', p99],
        ] as const) {
          figures.push({
            label: `${o.name} ${pair.label} ${what} / bare SQL, concurrency ${concurrency}`,
            measured: `${ratio.toFixed(2)}x`,
            target: `<= ${o.targets.latencyRatio.toFixed(2)}x`,
            met: ratio <= o.targets.latencyRatio,
          });
        }
      } else if (o.targets) {
        figures.push({
          label: `${o.name} ${pair.label} throughput / bare SQL, concurrency ${concurrency}`,
          measured: `${throughput.toFixed(2)}x`,
          target: `>= ${o.targets.throughput.toFixed(2)}x`,
          met: throughput >= o.targets.throughput,
        });
      }
      if (o.targets && 'p99Ms' in o.targets && concurrency === 8) {
        figures.push({
          label: `${o.name} ${pair.label} p99, concurrency 8`,
          measured: ms(api.p99Ms),
          target: `< ${o.targets.p99Ms} ms`,
          met: api.p99Ms < o.targets.p99Ms,
        });
      }
      if (o.targets && 'p99Ratio' in o.targets && concurrency === 8) {
        figures.push({
          label: `${o.name} ${pair.label} p99 / bare SQL, concurrency 8`,
          measured: `${p99.toFixed(2)}x (${ms(api.p99Ms)} / ${ms(sql.p99Ms)})`,
          target: `<= ${o.targets.p99Ratio.toFixed(2)}x`,
          met: p99 <= o.targets.p99Ratio,
        });
      }
      const row = (what: string, x: LoadResult) => [
        String(concurrency),
        what,
        ms(x.medianMs),
        ms(x.p95Ms),
        ms(x.p99Ms),
        x.perSecond.toFixed(1),
      ];
      rows.push(row(`API ${pair.label}`, api), row(`bare SQL ${pair.label}`, sql), [
        String(concurrency),
        'ratio API / SQL',
        `${median.toFixed(2)}x`,
        `${(api.p95Ms / sql.p95Ms).toFixed(2)}x`,
        `${p99.toFixed(2)}x`,
        `${throughput.toFixed(2)}x`,
      ]);
      if (samples.floor.length) {
        const floor = summarize(samples.floor);
        rows.push(row(`bare Fastify ${pair.label}`, floor), [
          String(concurrency),
          'ratio API / bare Fastify',
          `${(api.medianMs / floor.medianMs).toFixed(2)}x`,
          `${(api.p95Ms / floor.p95Ms).toFixed(2)}x`,
          `${(api.p99Ms / floor.p99Ms).toFixed(2)}x`,
          `${(api.perSecond / floor.perSecond).toFixed(2)}x`,
        ]);
      }
      summaries.push(
        o.targets && 'latencyRatio' in o.targets
          ? `${pair.label} c${concurrency}: median ${ms(api.medianMs)} (${median.toFixed(2)}x the bare SQL), p99 ${ms(api.p99Ms)} (${p99.toFixed(2)}x)`
          : `${pair.label} c${concurrency}: ${api.perSecond.toFixed(1)} req/s, ${throughput.toFixed(2)}x the bare SQL's throughput (median ${ms(api.medianMs)}, p99 ${ms(api.p99Ms)})`,
      );
    }
  }
  return {
    /** The table of `rows`, as the scenario's report prints it. */
    table: formatTable(['conc', 'what', 'median', 'p95', 'p99', 'req/s'], rows, 2),
    rows,
    figures,
    summaries,
    /** Requests measured per side and row. */
    requestsPerRow: perRound * o.rounds,
  };
};
