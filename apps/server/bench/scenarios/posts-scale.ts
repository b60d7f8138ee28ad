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
import type { BenchContext, Scenario } from '../types.js';
import { DOMAIN, ownLane, SEARCH, words } from './posts.js';

/**
 * Whether the platform feed's first page costs the same whatever the number of posts: the owner's posts
 * grown in place from 10,000 to 1,000,000 (as the posts scenario seeds them: states, classifications,
 * answers, comments, reports, what the owner read), and at each size, through the real route over HTTP,
 * signed in, at concurrency 1, the feed's first page of 20 with each tab, filter and order. Target: each
 * row's median at the last size at most TARGET_LIST_RATIO times its median at the first.
 * BENCH_SCALE_SIZES (e.g. `10000,100000`) measures other sizes.
 */
const TARGET_LIST_RATIO = 2;
/** Posts inserted per statement while seeding. */
const CHUNK = 50_000;
const sizes = scaleSizes([10_000, 1_000_000]);

type Row = SizeRow & { query: string };
const row = (label: string, query: string): Row => ({ label: `feed: ${label}`, kind: 'list', query });
const rows: Row[] = [
  row('first page', ''),
  row('pending', '&states[]=pending'),
  row('published', '&states[]=published'),
  row('by latest activity', '&sort=activity'),
  row('oldest first', '&sort=oldest'),
  row('unanswered', '&unanswered=true'),
  row('not classified', '&manuType=none'),
  row('new comments', '&newComments=true'),
  row('reported', '&reported=true'),
  row(`search "${SEARCH}"`, `&search=${SEARCH}`),
];

/** The seeded posts go table by table with the triggers off (a cascade looks up every child per post). */
const remove = async (ctx: BenchContext) => {
  const m = ctx.owner.manufacturerId;
  const seeded = `select id from posts where manufacturer_id = $1 and author_email like '%.${DOMAIN}'`;
  await withSeedingLanes(ctx, async (one, two, replica) => {
    if (!replica) return;
    await Promise.all([
      one.query(`delete from post_comments where post_id in (${seeded})`, [m]),
      two.query(`delete from post_reads where post_id in (${seeded})`, [m]),
    ]);
    await one.query(`delete from posts where id in (${seeded})`, [m]);
  });
  await ctx.rt.pool.query(`delete from posts where id in (${seeded})`, [m]);
  await ctx.rt.pool.query('vacuum (analyze) posts, post_comments, post_reads');
};

export const postsScale: Scenario = {
  name: 'posts-scale',
  run: async (ctx) => {
    let removeOwner: (() => Promise<unknown>) | undefined;
    try {
      const started = performance.now();
      const owner = await measuringOwner(ctx);
      removeOwner = owner.remove;
      const measured = new Map<number, Map<string, Measured>>();
      const seedLines: string[] = [];
      let have = 0;
      for (const size of sizes) {
        const stepStarted = performance.now();
        ctx.progress(`posts scale: growing the feed from ${have} to ${size} posts`);
        await withSeedingLanes(ctx, async (one, two) => {
          const chunks: [number, number][] = [];
          for (let from = have + 1; from <= size; from += CHUNK)
            chunks.push([from, Math.min(size, from + CHUNK - 1)]);
          const lanes = [one, two];
          await Promise.all(
            lanes.map(async (lane, i) => {
              for (let k = i; k < chunks.length; k += lanes.length) {
                const [from, to] = chunks[k] as [number, number];
                await lane.query(ownLane, [[ctx.owner.manufacturerId], from, to, words, owner.ownerId]);
              }
            }),
          );
        });
        await ctx.rt.pool.query('vacuum (analyze) posts, post_comments, post_reads');
        have = size;
        seedLines.push(`${size} posts: seeded in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
        const at = new Map<string, Measured>();
        for (const r of rows) {
          const m = await measureRow(
            ctx,
            `/api/owner/me/ticket?feed_type=small${r.query}`,
            await owner.idToken(),
          );
          at.set(r.label, m);
          ctx.progress(`posts scale: ${size} posts, ${r.label}: ${describeMeasured(m)}`);
        }
        measured.set(size, at);
      }
      const first = sizes[0] as number;
      const last = sizes[sizes.length - 1] as number;
      const { table, errors, figures } = sizeReport({
        name: 'posts scale',
        sizes,
        rows,
        measured,
        listRatio: TARGET_LIST_RATIO,
        resultsMs: Number.POSITIVE_INFINITY,
      });
      return {
        report: [
          `The platform feed by size: the owner's posts grown from ${first} to ${last}; first page of 20, concurrency 1,`,
          `about ${BUDGET_MS / 1000} s of requests per row (total: the answer's; + when the count stopped); seeded in`,
          `${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
          ...seedLines,
          ...errors,
          '',
          table,
        ].join('\n'),
        summary: `posts scale: ${figures.filter((f) => f.met).length} of ${figures.length} targets met`,
        figures,
      };
    } finally {
      ctx.progress('posts scale: removing what was seeded');
      await remove(ctx);
      await removeOwner?.();
    }
  },
};
