import { performance } from 'node:perf_hooks';
import type { Cursor } from '../../src/lib/paging.js';
import { listCampaigns, visibleStates } from '../../src/modules/campaigns/campaigns.repository.js';
import { type BareSqlPair, compareToBareSql, listPair, withFloor } from '../lib/compare.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * GET /api/v2/campaign/all for a manufacturer with 10,000 campaigns, among 100 other manufacturers
 * with 500 campaigns each (seeded here by SQL, never in CI): the first page, page 300 by number and
 * page 300 by cursor, each against the list's own two statements (the page and its count, as
 * campaigns.repository.ts prepares them) sent side by side through the same pool with pg, without HTTP or
 * Drizzle, in rounds in which the two sides take turns (lib/compare.ts). Besides, for information, a bare
 * Fastify with no plugins answering those same statements over HTTP: the floor of any HTTP API here.
 */
const OWN = 10_000;
const OTHERS = 100;
const PER_OTHER = 500;
const ROUNDS = 2;
/** The target (docs/operations.md, "The benchmark"): every list's throughput at least 0.8 times its bare SQL's, and its p99 at 8 at most 3 times. */
const TARGET_THROUGHPUT = 0.8;
const TARGET_P99_RATIO = 3;

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
  await ctx.rt.pool.query('vacuum (analyze) campaigns');
  return performance.now() - started;
};

export const campaignList: Scenario = {
  name: 'campaign-list',
  run: async (ctx) => {
    ctx.progress(`campaign list: seeding ${OWN} campaigns and ${OTHERS} neighbours with ${PER_OTHER} each`);
    const seedMs = await seed(ctx);
    const requests = Math.max(200, Math.floor(ctx.load.requests / 2));
    let floor: Awaited<ReturnType<typeof withFloor>> | undefined;
    try {
      // The cursor the API answers with page 299, for page 300 by keyset.
      const before = await fetch(`${ctx.baseUrl}/api/v2/campaign/all?page=299&limit=20`, {
        headers: { 'x-auth-token': ctx.owner.idToken },
      });
      const cursor = ((await before.json()) as { next?: string }).next;
      if (!cursor) throw new Error('the campaign list answered page 299 without a next cursor');
      const [sort = '', key = '', id = ''] = JSON.parse(
        Buffer.from(cursor, 'base64url').toString(),
      ) as string[];
      const after: Cursor = { sort, key, id };
      const pages: { label: string; query: string; offset: number; after?: Cursor }[] = [
        { label: 'first page', query: 'page=1&limit=20', offset: 0 },
        { label: 'page 300', query: 'page=300&limit=20', offset: 5980 },
        { label: 'page 300 by cursor', query: `limit=20&after=${cursor}`, offset: 0, after },
      ];
      const lines: string[] = [];
      const pairs: BareSqlPair[] = [];
      for (const p of pages) {
        // What the service hands the repository for the route's defaults (-createdAt, every state but archived).
        const { pair, line } = await listPair(ctx, {
          label: p.label,
          path: `/api/v2/campaign/all?${p.query}`,
          noun: 'campaigns',
          prepared: true,
          run: (db) =>
            listCampaigns(db, {
              manufacturerId: ctx.owner.manufacturerId,
              states: visibleStates,
              sort: '-createdAt',
              limit: 20,
              offset: p.offset,
              after: p.after,
            }),
        });
        pairs.push(pair);
        lines.push(line);
      }
      // The floor any HTTP API has: a bare Fastify answering the same statements, in the same rounds.
      floor = await withFloor(pairs);
      const compared = await compareToBareSql(ctx, {
        name: 'campaign list',
        pairs: floor.pairs,
        requests,
        warmup: ctx.load.warmup,
        rounds: ROUNDS,
        targets: { throughput: TARGET_THROUGHPUT, p99Ratio: TARGET_P99_RATIO },
      });
      return {
        report: [
          `GET /api/v2/campaign/all: ${OWN} campaigns of the owner's manufacturer, ${OTHERS} other manufacturers`,
          `with ${PER_OTHER} each (seeded in ${(seedMs / 1000).toFixed(1)} s); ${compared.requestsPerRow} requests per row in ${ROUNDS} rounds taking`,
          "turns with the other side; the bare SQL is the list's page and count statements, prepared as the",
          'repository prepares them, side by side through the same pool with pg, without HTTP. The target ratio is',
          'throughput (req/s) API / bare SQL, and the p99 at concurrency 8 over the bare SQL p99. For information, a',
          'bare Fastify (no plugins: no auth, validation or logs) answering the same statements over HTTP takes turns',
          'with them: the floor of any HTTP API on this machine.',
          ...lines,
          '',
          compared.table,
        ].join('\n'),
        summary: `campaign list: ${compared.summaries.join('; ')}`,
        figures: compared.figures,
      };
    } finally {
      await floor?.close();
      await ctx.rt.pool.query(`delete from manufacturers where name like 'Bench neighbour %'`);
      await ctx.rt.pool.query('delete from campaigns where manufacturer_id = $1', [ctx.owner.manufacturerId]);
    }
  },
};
