import Fastify from 'fastify';
import { toOwnerSmall } from '../../src/modules/owner/owner.dto.js';
import { findOwnerWithManufacturer } from '../../src/modules/owner/owner.repository.js';
import { type LoadResult, type Sample, sample, summarize } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { Figure, Scenario } from '../types.js';

/**
 * GET /api/owner/me/small through the whole stack (compression, request ids and logs, the
 * auth hook verifying the id token and loading the owner, zod serialisation) against a bare
 * Fastify with no plugins whose handler runs the same owner + manufacturer query on the same
 * pool with a fixed id and answers the same body. The ratio is what the stack costs per call.
 */
const ROUNDS = 4;

export const ownerMeSmall: Scenario = {
  name: 'owner-me-small',
  run: async (ctx) => {
    const bare = Fastify({ logger: false });
    bare.get('/owner/me/small', async () => {
      const row = await findOwnerWithManufacturer(ctx.rt.db, { id: ctx.owner.ownerId });
      if (!row) throw new Error('the benchmark owner is gone');
      return toOwnerSmall(row.owner, row.manufacturer);
    });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    try {
      const rows: string[][] = [];
      const ratios: string[] = [];
      const figures: Figure[] = [];
      for (const concurrency of ctx.load.concurrencies) {
        // Both sides take turns in rounds (A B, B A, …), so a machine that gets busier or quieter
        // during the run weighs on both alike and the ratio stays fair.
        const sides = {
          parley: {
            url: `${ctx.baseUrl}/api/owner/me/small`,
            headers: { 'x-auth-token': ctx.owner.idToken },
          },
          bare: { url: `${bareUrl}/owner/me/small`, headers: {} },
        };
        const samples: Record<keyof typeof sides, Sample[]> = { parley: [], bare: [] };
        const perRound = Math.ceil(ctx.load.requests / ROUNDS);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? (['parley', 'bare'] as const) : (['bare', 'parley'] as const);
          for (const side of order) {
            ctx.progress(`owner/me/small: concurrency ${concurrency}, round ${round + 1}/${ROUNDS}, ${side}`);
            samples[side].push(
              await sample({
                ...sides[side],
                concurrency,
                requests: perRound,
                // The full warm-up once; later rounds only open their connections again.
                warmup: round === 0 ? ctx.load.warmup : concurrency * 5,
              }),
            );
          }
        }
        const parley = summarize(samples.parley);
        const plain = summarize(samples.bare);
        const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
        const row = (label: string, r: LoadResult) => [
          String(concurrency),
          label,
          ms(r.medianMs),
          ms(r.p95Ms),
          r.perSecond.toFixed(0),
          String(r.bodyBytes),
        ];
        rows.push(row('Parley GET /api/owner/me/small', parley), row('bare Fastify, same query', plain), [
          String(concurrency),
          'ratio Parley / bare',
          ratio(parley.medianMs, plain.medianMs),
          ratio(parley.p95Ms, plain.p95Ms),
          ratio(parley.perSecond, plain.perSecond),
          '',
        ]);
        const throughput = parley.perSecond / plain.perSecond;
        figures.push({
          label: `owner/me/small throughput / bare, concurrency ${concurrency}`,
          measured: `${throughput.toFixed(2)}x`,
          target: '>= 0.80x',
          met: throughput >= 0.8,
        });
        ratios.push(
          `${ratio(parley.medianMs, plain.medianMs)} at concurrency ${concurrency} (median ${ms(parley.medianMs)} vs ${ms(plain.medianMs)})`,
        );
      }
      const table = formatTable(['conc', 'server', 'median', 'p95', 'req/s', 'body B'], rows, 2);
      return {
        report: [
          `GET owner/me/small: ${ctx.load.requests} requests after ${ctx.load.warmup} warm-up per row, in ${ROUNDS} rounds`,
          'taking turns with the other side; keep-alive HTTP over 127.0.0.1 from a worker thread;',
          "Parley's request logs at info level, written to /dev/null.",
          '',
          table,
        ].join('\n'),
        summary: `owner/me/small, Parley / bare Fastify median: ${ratios.join('; ')}`,
        figures,
      };
    } finally {
      await bare.close();
    }
  },
};
