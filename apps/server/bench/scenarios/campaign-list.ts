import { performance } from 'node:perf_hooks';
import { type LoadResult, type Sample, sample, summarize } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Scenario } from '../types.js';

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

/** The list's two statements (as the repository sends them), timed in-process, `concurrency` loops at once. */
const bareSql = async (
  ctx: BenchContext,
  offset: number,
  concurrency: number,
  requests: number,
): Promise<Sample> => {
  const states = ['draft', 'running', 'ended'];
  const once = async () => {
    await Promise.all([
      ctx.rt.pool.query(
        `select * from campaigns where manufacturer_id = $1 and state = any($2::text[])
         order by created_at desc, id desc limit 20 offset $3`,
        [ctx.owner.manufacturerId, states, offset],
      ),
      ctx.rt.pool.query(
        'select count(*) from campaigns where manufacturer_id = $1 and state = any($2::text[])',
        [ctx.owner.manufacturerId, states],
      ),
    ]);
  };
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
    try {
      const requests = Math.max(200, Math.floor(ctx.load.requests / 2));
      const rows: string[][] = [];
      const summaries: string[] = [];
      const pages = [
        { label: 'first page', query: 'page=1&limit=20', offset: 0 },
        { label: 'page 300', query: 'page=300&limit=20', offset: 5980 },
      ];
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
          const sql: LoadResult = summarize([await bareSql(ctx, p.offset, concurrency, requests)]);
          const ratio = `${(api.medianMs / sql.medianMs).toFixed(2)}x`;
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
            [String(concurrency), 'ratio API / SQL', ratio, '', ''],
          );
          summaries.push(`${p.label} c${concurrency}: ${ms(api.medianMs)} (${ratio} of bare SQL)`);
        }
      }
      return {
        report: [
          `GET /api/v2/campaign/all: ${OWN} campaigns of the owner's manufacturer, ${OTHERS} other manufacturers`,
          `with ${PER_OTHER} each (seeded in ${(seedMs / 1000).toFixed(1)} s); ${requests} requests per row; the bare`,
          'SQL is the page and its count sent side by side through the same pool, without HTTP.',
          '',
          formatTable(['conc', 'what', 'median', 'p95', 'req/s'], rows, 2),
        ].join('\n'),
        summary: `campaign list median: ${summaries.join('; ')}`,
      };
    } finally {
      await ctx.rt.pool.query(`delete from manufacturers where name like 'Bench neighbour %'`);
      await ctx.rt.pool.query('delete from campaigns where manufacturer_id = $1', [ctx.owner.manufacturerId]);
    }
  },
};
