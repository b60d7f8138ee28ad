import { performance } from 'node:perf_hooks';
import {
  BUDGET_MS,
  describeMeasured,
  type Measured,
  measureRow,
  measuringOwner,
  type SizeRow,
  scaleSizes,
  sizeReport,
} from '../lib/by-size.js';
import { withSeedingLanes } from '../lib/seeding.js';
import {
  CAMPAIGN_PREFIX,
  finishStep,
  insertNeighbours,
  insertTickets,
  removeScale,
  SEARCH,
  scaleCampaign,
} from '../lib/ticket-scale-seed.js';
import type { Scenario } from '../types.js';

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
/** Tickets inserted per statement while seeding. */
const CHUNK = 50_000;
const sizes = scaleSizes([10_000, 100_000, 1_000_000]);

type Row = SizeRow & { path: (c: { campaignId: string; listId: string }) => string };

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

export const ticketScale: Scenario = {
  name: 'ticket-scale',
  run: async (ctx) => {
    let removeOwner: (() => Promise<unknown>) | undefined;
    try {
      const started = performance.now();
      ctx.progress(`ticket scale: seeding ${NEIGHBOUR_TICKETS} tickets of ${NEIGHBOURS} other manufacturers`);
      const neighbourCampaigns = await withSeedingLanes(ctx, (one) =>
        insertNeighbours(one, NEIGHBOURS, NEIGHBOUR_TICKETS),
      );
      const c = await scaleCampaign(ctx, `${CAMPAIGN_PREFIX}campaign`);
      const owner = await measuringOwner(ctx);
      removeOwner = owner.remove;
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
          const m = await measureRow(ctx, r.path(c), await owner.idToken());
          at.set(r.label, m);
          ctx.progress(`ticket scale: ${size} tickets, ${r.label}: ${describeMeasured(m)}`);
        }
        measured.set(size, at);
      }

      const first = sizes[0] as number;
      const last = sizes[sizes.length - 1] as number;
      const { table, errors, figures } = sizeReport({
        name: 'ticket scale',
        sizes,
        rows,
        measured,
        listRatio: TARGET_LIST_RATIO,
        resultsMs: TARGET_RESULTS_MS,
      });
      return {
        report: [
          `Ticket lists and results by size: one campaign of the owner grown from ${first} to ${last} tickets, among`,
          `${NEIGHBOUR_TICKETS} tickets of ${NEIGHBOURS} other manufacturers; first page of 20, concurrency 1, about`,
          `${BUDGET_MS / 1000} s of requests per row (total: the answer's total, or the tickets counted; seeded in`,
          `${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
          ...seedLines,
          ...errors,
          '',
          table,
        ].join('\n'),
        summary: `ticket scale: ${figures.filter((f) => f.met).length} of ${figures.length} targets met`,
        figures,
      };
    } finally {
      ctx.progress('ticket scale: removing what was seeded');
      await removeScale(ctx);
      await removeOwner?.();
    }
  },
};
