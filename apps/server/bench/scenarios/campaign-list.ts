import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { type LoadResult, type Sample, sample, summarize } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * GET /api/v2/campaign/all for a manufacturer with 10,000 campaigns, among 100 other manufacturers
 * with 500 campaigns each (seeded here by SQL, never in CI), against the bare SQL the list runs
 * (the page and its count, side by side) sent straight through the same pool.
 */
const OWN = 10_000;
const OTHERS = 100;
const PER_OTHER = 500;

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  await ctx.rt.pool.query(
    `insert into campaigns (manufacturer_id, title, description, state, has_started, ticket_count, question_count,
                            end_condition, created_at, updated_at)
     select $1, 'Survey ' || g, 'Seeded for the benchmark',
            (array['draft','running','ended','archived'])[1 + g % 4], g % 4 > 0, g % 97, 1 + g % 9,
            case when g % 10 = 0 then jsonb_build_object('type', 'participationTarget', 'target', 100)
                 else '{"type":"never"}'::jsonb end,
            now() - g * interval '1 minute', now() - g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [ctx.owner.manufacturerId, OWN],
  );
  await ctx.rt.pool.query(
    `with makers as (
       insert into manufacturers (name) select 'Bench neighbour ' || g from generate_series(1, $1::int) g returning id)
     insert into campaigns (manufacturer_id, title, state, created_at, updated_at)
     select m.id, 'Neighbour survey ' || g, (array['draft','running','ended','archived'])[1 + g % 4],
            now() - g * interval '1 minute', now() - g * interval '1 minute'
     from makers m cross join generate_series(1, $2::int) g`,
    [OTHERS, PER_OTHER],
  );
  await ctx.rt.pool.query('analyze campaigns');
  return performance.now() - started;
};

/** The list's two statements, as the repository sends them, side by side through the same pool. */
/** Where a page starts: at an offset, or after a row (keyset paging: that row's created_at as text, and id). */
type Start = { offset: number } | { after: { key: string; id: string } };

const listSql = async (ctx: BenchContext, start: Start) => {
  const states = ['draft', 'running', 'ended'];
  const page =
    'offset' in start
      ? ctx.rt.pool.query(
          `select * from campaigns where manufacturer_id = $1 and state = any($2::text[])
           order by created_at desc, id desc limit 20 offset $3`,
          [ctx.owner.manufacturerId, states, start.offset],
        )
      : ctx.rt.pool.query(
          `select * from campaigns where manufacturer_id = $1 and state = any($2::text[])
             and (created_at, id) < ($3::timestamptz, $4::uuid)
           order by created_at desc, id desc limit 20`,
          [ctx.owner.manufacturerId, states, start.after.key, start.after.id],
        );
  const [rows, count] = await Promise.all([
    page,
    ctx.rt.pool.query<{ count: string }>(
      'select count(*) from campaigns where manufacturer_id = $1 and state = any($2::text[])',
      [ctx.owner.manufacturerId, states],
    ),
  ]);
  return { items: rows.rows, total: Number(count.rows[0]?.count ?? 0) };
};

/** The list's two statements, timed in-process, `concurrency` loops at once. */
const bareSql = async (
  ctx: BenchContext,
  start: Start,
  concurrency: number,
  requests: number,
): Promise<Sample> => {
  const once = () => listSql(ctx, start);
  for (let i = 0; i < 50; i++) await once();
  const latencies = new Float64Array(requests);
  let next = 0;
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const t = performance.now();
        await once();
        latencies[i] = performance.now() - t;
      }
    }),
  );
  return { latencies, wallMs: performance.now() - wallStart, bodyBytes: 0 };
};

export const campaignList: Scenario = {
  name: 'campaign-list',
  run: async (ctx) => {
    ctx.progress(`campaign list: seeding ${OWN} campaigns and ${OTHERS} neighbours with ${PER_OTHER} each`);
    const seedMs = await seed(ctx);
    // The floor any HTTP API has: a bare Fastify with no plugins answering the same SQL's rows as JSON.
    const bare = Fastify({ logger: false });
    const starts = new Map<string, Start>();
    bare.get<{ Querystring: { start: string } }>('/list', (req) => {
      const start = starts.get(req.query.start);
      if (!start) throw new Error(`no start ${req.query.start}`);
      return listSql(ctx, start);
    });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    try {
      const figures: Figure[] = [];
      const requests = Math.max(200, Math.floor(ctx.load.requests / 2));
      const rows: string[][] = [];
      const summaries: string[] = [];
      // The cursor the API answers with page 299, for page 300 by keyset; its key and id for the bare side.
      const before = await fetch(`${ctx.baseUrl}/api/v2/campaign/all?page=299&limit=20`, {
        headers: { 'x-auth-token': ctx.owner.idToken },
      });
      const cursor = ((await before.json()) as { next?: string }).next;
      if (!cursor) throw new Error('the campaign list answered page 299 without a next cursor');
      const [, key = '', id = ''] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[];
      const pages: { label: string; query: string; start: Start; target: number }[] = [
        { label: 'first page', query: 'page=1&limit=20', start: { offset: 0 }, target: 1.5 },
        { label: 'page 300', query: 'page=300&limit=20', start: { offset: 5980 }, target: 1.2 },
        {
          label: 'page 300 by cursor',
          query: `limit=20&after=${cursor}`,
          start: { after: { key, id } },
          target: 1.2,
        },
      ];
      for (const p of pages) starts.set(p.label, p.start);
      for (const concurrency of ctx.load.concurrencies) {
        for (const p of pages) {
          ctx.progress(`campaign list: ${p.label}, concurrency ${concurrency}`);
          const api: LoadResult = summarize([
            await sample({
              url: `${ctx.baseUrl}/api/v2/campaign/all?${p.query}`,
              headers: { 'x-auth-token': ctx.owner.idToken },
              concurrency,
              requests,
              warmup: ctx.load.warmup,
            }),
          ]);
          const http: LoadResult = summarize([
            await sample({
              url: `${bareUrl}/list?start=${encodeURIComponent(p.label)}`,
              headers: {},
              concurrency,
              requests,
              warmup: ctx.load.warmup,
            }),
          ]);
          const sql: LoadResult = summarize([await bareSql(ctx, p.start, concurrency, requests)]);
          const ratio = `${(api.medianMs / sql.medianMs).toFixed(2)}x`;
          const httpRatio = `${(api.medianMs / http.medianMs).toFixed(2)}x`;
          figures.push({
            label: `campaign list ${p.label} / bare SQL, concurrency ${concurrency}`,
            measured: ratio,
            target: `<= ${p.target.toFixed(2)}x`,
            met: api.medianMs / sql.medianMs <= p.target,
          });
          rows.push(
            [
              String(concurrency),
              `API ${p.label}`,
              ms(api.medianMs),
              ms(api.p95Ms),
              api.perSecond.toFixed(0),
            ],
            [
              String(concurrency),
              `bare SQL ${p.label}`,
              ms(sql.medianMs),
              ms(sql.p95Ms),
              sql.perSecond.toFixed(0),
            ],
            [
              String(concurrency),
              `bare Fastify ${p.label}`,
              ms(http.medianMs),
              ms(http.p95Ms),
              http.perSecond.toFixed(0),
            ],
            [String(concurrency), 'ratio API / SQL', ratio, '', ''],
            [String(concurrency), 'ratio API / bare Fastify', httpRatio, '', ''],
          );
          summaries.push(
            `${p.label} c${concurrency}: ${ms(api.medianMs)} (${ratio} of bare SQL, ${httpRatio} of bare Fastify)`,
          );
        }
      }
      return {
        report: [
          `GET /api/v2/campaign/all: ${OWN} campaigns of the owner's manufacturer, ${OTHERS} other manufacturers`,
          `with ${PER_OTHER} each (seeded in ${(seedMs / 1000).toFixed(1)} s); ${requests} requests per row; the bare`,
          'SQL is the page and its count sent side by side through the same pool, without HTTP; bare Fastify',
          'answers the same SQL over HTTP with no plugins (no auth, no validation, no logs).',
          '',
          formatTable(['conc', 'what', 'median', 'p95', 'req/s'], rows, 2),
        ].join('\n'),
        summary: `campaign list median: ${summaries.join('; ')}`,
        figures,
      };
    } finally {
      await bare.close();
      await ctx.rt.pool.query(`delete from manufacturers where name like 'Bench neighbour %'`);
      await ctx.rt.pool.query('delete from campaigns where manufacturer_id = $1', [ctx.owner.manufacturerId]);
    }
  },
};
