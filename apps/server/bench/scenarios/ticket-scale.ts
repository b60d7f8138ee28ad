import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TokenResponse } from '@parley/contract';
import { type Sample, sample, summarize } from '../lib/load.js';
import { withSeedingLanes } from '../lib/seeding.js';
import { formatTable, ms } from '../lib/table.js';
import {
  CAMPAIGN_PREFIX,
  finishStep,
  insertNeighbours,
  insertTickets,
  removeScale,
  SEARCH,
  scaleCampaign,
} from '../lib/ticket-scale-seed.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * Whether a page and a campaign's results cost the same whatever the size: one campaign of the owner grown
 * in place from 10,000 to 100,000 to 1,000,000 tickets (with contacts, answer rows, invitations and reads;
 * lib/ticket-scale-seed.ts), among NEIGHBOUR_TICKETS tickets of other manufacturers seeded first. At each
 * size, through the real routes over HTTP, signed in, at concurrency 1:
 *
 * - the campaign's ticket list and the inbox (every campaign), first page of 20, with each filter and order;
 * - the campaign's statistics (90 days) and question stats (no filter, archived=false, the last 30 days).
 *
 * Targets: each list's median at 1,000,000 at most TARGET_LIST_RATIO times its median at 10,000; each
 * results call under TARGET_RESULTS_MS at 1,000,000 and growing at most linearly (1M over 10k at most 100x).
 * BENCH_SCALE_SIZES (e.g. `10000,100000`) measures fewer sizes.
 */
const NEIGHBOURS = 20;
const NEIGHBOUR_TICKETS = 500_000;
const TARGET_LIST_RATIO = 2;
const TARGET_RESULTS_MS = 1000;
/** Measuring stops after about this long per row (at least MIN_REQUESTS, at most MAX_REQUESTS requests). */
const BUDGET_MS = 3000;
const MIN_REQUESTS = 5;
const MAX_REQUESTS = 150;
/** Tickets inserted per statement while seeding. */
const CHUNK = 50_000;

const sizes = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_SCALE_SIZES: "${s}" is not a whole number`);
  return n;
});

type Row = {
  label: string;
  path: (c: { campaignId: string; listId: string }) => string;
  kind: 'list' | 'results';
};

const list = (label: string, q: string, campaign: boolean): Row => ({
  label: `${campaign ? 'campaign' : 'inbox'}: ${label}`,
  kind: 'list',
  path: (c) => {
    const query = [campaign ? `campaignId=${c.campaignId}` : '', q.replace('$LIST', c.listId)]
      .filter(Boolean)
      .join('&');
    return `/api/campaignTicket/all${query ? `?${query}` : ''}`;
  },
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const rows: Row[] = [
  ...[true, false].flatMap((campaign) => [
    list('first page', '', campaign),
    list('unanswered', 'unanswered=true', campaign),
    list('new comments', 'newComments=true', campaign),
    list('rated up', 'rating=up', campaign),
    list('rated down', 'rating=down', campaign),
    list('not rated', 'rating=none', campaign),
    list('archive', 'archived=true', campaign),
    list('by latest activity', 'sort=activity', campaign),
    list('oldest first', 'sort=oldest', campaign),
    list(`search "${SEARCH}"`, `search=${SEARCH}`, campaign),
    list('contact list', 'contactListId=$LIST', campaign),
  ]),
  {
    label: 'statistics, 90 days',
    kind: 'results',
    path: (c) => `/api/campaign/${c.campaignId}/statistics?daysNumber=90`,
  },
  {
    label: 'question stats',
    kind: 'results',
    path: (c) => `/api/campaign/question/stats?campaignId=${c.campaignId}`,
  },
  {
    label: 'question stats, archived=false',
    kind: 'results',
    path: (c) => `/api/campaign/question/stats?campaignId=${c.campaignId}&archived=false`,
  },
  {
    label: 'question stats, 30 days',
    kind: 'results',
    path: (c) => `/api/campaign/question/stats?campaignId=${c.campaignId}&from=${daysAgo(29)}&to=${today()}`,
  },
];

/**
 * The owner the scenario measures as: a second owner of the benchmark's manufacturer with a password of its
 * own, so it signs in again when its id token (an hour) is half gone: the scenario runs for longer.
 */
const measuringOwner = async (ctx: BenchContext) => {
  const email = `bench-scale-${randomBytes(4).toString('hex')}@parley.localhost`;
  const password = randomBytes(12).toString('base64url');
  const { ownerId } = await ctx.rt.services.owner.createOwner({
    email,
    password,
    name: 'Bench Scale Owner',
    manufacturerId: ctx.owner.manufacturerId,
  });
  let token = '';
  let signedInAt = 0;
  const idToken = async () => {
    if (performance.now() - signedInAt > 30 * 60_000) {
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
  return { ownerId, idToken };
};

type Measured = { medianMs: number; p99Ms: number; total: number; requests: number } | { error: string };

/** One row at concurrency 1: a few probes for its cost, then as many requests as BUDGET_MS allows. */
const measure = async (ctx: BenchContext, path: string, token: string): Promise<Measured> => {
  const url = `${ctx.baseUrl}${path}`;
  const headers = { 'x-auth-token': token };
  try {
    const started = performance.now();
    let total = -1;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { total?: number; tickets?: number; answers?: number };
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      total = body.total ?? body.tickets ?? body.answers ?? -1;
    }
    const probe = (performance.now() - started) / 2;
    const requests = Math.max(MIN_REQUESTS, Math.min(MAX_REQUESTS, Math.round(BUDGET_MS / probe)));
    const samples: Sample[] = [await sample({ url, headers, warmup: 1, requests, concurrency: 1 })];
    const r = summarize(samples);
    return { medianMs: r.medianMs, p99Ms: r.p99Ms, total, requests: r.requests };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
};

export const ticketScale: Scenario = {
  name: 'ticket-scale',
  run: async (ctx) => {
    let ownerId: string | undefined;
    try {
      const started = performance.now();
      ctx.progress(`ticket scale: seeding ${NEIGHBOUR_TICKETS} tickets of ${NEIGHBOURS} other manufacturers`);
      const neighbourCampaigns = await withSeedingLanes(ctx, (one) =>
        insertNeighbours(one, NEIGHBOURS, NEIGHBOUR_TICKETS),
      );
      const c = await scaleCampaign(ctx, `${CAMPAIGN_PREFIX}campaign`);
      const owner = await measuringOwner(ctx);
      ownerId = owner.ownerId;
      const measured = new Map<number, Map<string, Measured>>();
      const seedLines: string[] = [];
      let have = 0;
      for (const size of sizes) {
        const stepStarted = performance.now();
        ctx.progress(`ticket scale: growing the campaign from ${have} to ${size} tickets`);
        await withSeedingLanes(ctx, async (one, two) => {
          const chunks: [number, number][] = [];
          for (let from = have + 1; from <= size; from += CHUNK)
            chunks.push([from, Math.min(size, from + CHUNK - 1)]);
          const lanes = [one, two];
          await Promise.all(
            lanes.map(async (lane, i) => {
              for (let k = i; k < chunks.length; k += lanes.length) {
                const [from, to] = chunks[k] as [number, number];
                await insertTickets(ctx, lane, c, { from, to, readerId: owner.ownerId });
              }
            }),
          );
        });
        await finishStep(ctx, [c.campaignId, ...neighbourCampaigns]);
        have = size;
        seedLines.push(
          `${size} tickets: seeded in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`,
        );
        const at = new Map<string, Measured>();
        for (const r of rows) {
          const m = await measure(ctx, r.path(c), await owner.idToken());
          at.set(r.label, m);
          ctx.progress(
            `ticket scale: ${size} tickets, ${r.label}: ${'error' in m ? m.error : `median ${ms(m.medianMs)}, p99 ${ms(m.p99Ms)}, total ${m.total} (${m.requests} requests)`}`,
          );
        }
        measured.set(size, at);
      }

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
            return m ? [ms(m.medianMs), ms(m.p99Ms), String(m.total)] : ['error', '', ''];
          }),
          `${ratio.toFixed(2)}x`,
        ];
      });
      const errors = sizes.flatMap((s) =>
        rows.flatMap((r) => {
          const x = measured.get(s)?.get(r.label);
          return x && 'error' in x ? [`${s} tickets, ${r.label}: ${x.error}`] : [];
        }),
      );
      const figures: Figure[] = [];
      if (sizes.length > 1) {
        for (const r of rows) {
          const a = ok(measured.get(first)?.get(r.label));
          const b = ok(measured.get(last)?.get(r.label));
          if (!a || !b) {
            figures.push({
              label: `ticket scale ${r.label}`,
              measured: 'error',
              target: 'measured',
              met: false,
            });
            continue;
          }
          const ratio = b.medianMs / a.medianMs;
          if (r.kind === 'list') {
            figures.push({
              label: `ticket scale ${r.label}, median at ${last} / at ${first}`,
              measured: `${ratio.toFixed(2)}x`,
              target: `<= ${TARGET_LIST_RATIO.toFixed(2)}x`,
              met: ratio <= TARGET_LIST_RATIO,
            });
          } else {
            const linear = last / first;
            figures.push(
              {
                label: `ticket scale ${r.label}, median at ${last}`,
                measured: ms(b.medianMs),
                target: `< ${TARGET_RESULTS_MS} ms`,
                met: b.medianMs < TARGET_RESULTS_MS,
              },
              {
                label: `ticket scale ${r.label}, median at ${last} / at ${first}`,
                measured: `${ratio.toFixed(2)}x`,
                target: `<= ${linear.toFixed(0)}x (linear)`,
                met: ratio <= linear,
              },
            );
          }
        }
      }
      const header = [
        'what',
        ...sizes.flatMap((s) => [`median ${s}`, `p99 ${s}`, `total ${s}`]),
        `${last}/${first}`,
      ];
      return {
        report: [
          `Ticket lists and results by size: one campaign of the owner grown from ${first} to ${last} tickets, among`,
          `${NEIGHBOUR_TICKETS} tickets of ${NEIGHBOURS} other manufacturers; first page of 20, concurrency 1, about`,
          `${BUDGET_MS / 1000} s of requests per row (total: the answer's total, or the tickets counted; seeded in`,
          `${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
          ...seedLines,
          ...errors,
          '',
          formatTable(header, table, 1),
        ].join('\n'),
        summary: `ticket scale: ${figures.filter((f) => f.met).length} of ${figures.length} targets met`,
        figures,
      };
    } finally {
      ctx.progress('ticket scale: removing what was seeded');
      await removeScale(ctx);
      if (ownerId) await ctx.rt.pool.query('delete from owners where id = $1', [ownerId]);
    }
  },
};
