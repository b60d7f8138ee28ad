import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../lib/load.js';
import { measurePage, pages } from '../lib/page-weight.js';
import { probe } from '../lib/probe.js';
import { formatTable, kib, ms } from '../lib/table.js';
import { takeTurns } from '../lib/turns.js';
import type { Figure, Scenario } from '../types.js';

/**
 * The survey page's script as a participant's phone fetches it, brotli-compressed (`accept-encoding: br`,
 * what every browser asks for) against uncompressed, at concurrency 1, 8 and 32: a campaign mailed to
 * 10,000 people makes exactly this load. Served from the build's precompressed files
 * (apps/web/scripts/precompress.mjs), the compressed answer must keep at least 0.8x the uncompressed one's
 * throughput; compressing per request costs several times that. Needs the built console (the
 * page-weight scenario builds it when missing, but the app serves only what was there when it started).
 */
const CONCURRENCIES = [1, 8, 32];
const ROUNDS = 8;
const TARGET = 0.8;

export const staticFiles: Scenario = {
  name: 'static-files',
  run: async (ctx) => {
    const dist = ctx.rt.config.webDist ?? path.join(ctx.repoRoot, 'apps/web/dist');
    const survey = pages.find((p) => p.name === 'survey');
    if (!survey || !existsSync(path.join(dist, survey.html))) {
      const line = `static files: not measured, ${dist} holds no ${survey?.html ?? 'survey page'} (npm run build first)`;
      return { report: line, summary: line };
    }
    const files = measurePage(dist, survey).files;
    const script = files.find((f) => f.why === 'entry script') ?? files[0];
    if (!script) {
      const line = 'static files: not measured, the survey page loads no script';
      return { report: line, summary: line };
    }
    const url = `${ctx.baseUrl}/${script.file}`;
    const sides = { br: { url, headers: { 'accept-encoding': 'br' } }, identity: { url, headers: {} } };

    // What each side is answered, as sent.
    const shown: string[][] = [];
    for (const [what, headers] of [
      ['br', { 'accept-encoding': 'br' }],
      ['gzip', { 'accept-encoding': 'gzip' }],
      ['none', {}],
    ] as const) {
      const p = await probe(url, headers);
      shown.push([
        what,
        String(p.status),
        String(p.headers['content-encoding'] ?? '-'),
        kib(p.bytes),
        String(p.headers.vary ?? '-'),
        String(p.headers['cache-control'] ?? '-'),
      ]);
    }

    const rows: string[][] = [];
    const figures: Figure[] = [];
    const summaries: string[] = [];
    for (const concurrency of CONCURRENCIES) {
      const r = await takeTurns({
        name: 'static files',
        sides,
        concurrency,
        requests: ctx.load.requests,
        warmup: ctx.load.warmup,
        rounds: ROUNDS,
        progress: ctx.progress,
      });
      const row = (label: string, x: LoadResult) => [
        String(concurrency),
        label,
        ms(x.medianMs),
        ms(x.p99Ms),
        x.perSecond.toFixed(0),
        kib(x.bodyBytes),
      ];
      const ratio = r.br.perSecond / r.identity.perSecond;
      rows.push(row('accept-encoding: br', r.br), row('uncompressed', r.identity), [
        String(concurrency),
        'ratio br / uncompressed',
        `${(r.br.medianMs / r.identity.medianMs).toFixed(2)}x`,
        `${(r.br.p99Ms / r.identity.p99Ms).toFixed(2)}x`,
        `${ratio.toFixed(2)}x`,
        '',
      ]);
      figures.push({
        label: `survey script br / uncompressed throughput, concurrency ${concurrency}`,
        measured: `${ratio.toFixed(2)}x`,
        target: `>= ${TARGET.toFixed(2)}x`,
        met: ratio >= TARGET,
      });
      summaries.push(
        `c${concurrency} ${r.br.perSecond.toFixed(0)} vs ${r.identity.perSecond.toFixed(0)} req/s (${ratio.toFixed(2)}x, p99 ${ms(r.br.p99Ms)})`,
      );
    }
    return {
      report: [
        `Static files: GET /${script.file} (the survey page's entry script, ${kib(script.raw)}), brotli against`,
        `uncompressed; ${ctx.load.requests} requests per side and row in ${ROUNDS} rounds taking turns.`,
        '',
        formatTable(['asked', 'status', 'encoding', 'body', 'vary', 'cache-control'], shown, 6),
        '',
        formatTable(['conc', 'what', 'median', 'p99', 'req/s', 'body'], rows, 2),
      ].join('\n'),
      summary: `survey script, br vs uncompressed: ${summaries.join('; ')}`,
      figures,
    };
  },
};
