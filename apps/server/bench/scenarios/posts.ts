import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { postFilterSchema } from '@parley/contract';
import type { PoolClient } from 'pg';
import { pageOffset } from '../../src/lib/paging.js';
import { listPosts, postCountCap } from '../../src/modules/posts/posts.feed.repository.js';
import { type BareSqlPair, compareToBareSql, type Statement, statementsOf } from '../lib/compare.js';
import { median } from '../lib/load.js';
import { kib, measurePage, pages } from '../lib/page-weight.js';
import { withSeedingLanes } from '../lib/seeding.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * The platform area (D19) on 1,000,000 posts of 100 manufacturers, seeded here by SQL (never in CI): the
 * owner's manufacturer with 100,000, 99 others with about 9,090 each, their comments, and what the owner read.
 *
 * 1. The owner's feed, `GET /api/owner/me/ticket?feed_type=small` (its defaults: newest first, page 1 of 20),
 *    a state tab (pending), by latest activity, unanswered, new comments, a search and a deep page, each
 *    through the real HTTP API signed in, against one hand-written SQL statement answering the same rows:
 *    the page of 20 (with whether the owner has read each since the author last wrote), the total and the
 *    counts by state. Checked against the route's answer first (ids in order, total, counts). The two
 *    sides take turns in ROUNDS rounds (lib/compare.ts). Target: the API's median and p99 at most 1.5
 *    times the bare SQL's, as in results.
 * 2. The public feedback page `/p/f/:manufacturerId`: the bytes of its HTML (the light public build's
 *    `public.html`) and of the JavaScript and CSS its first render loads (the entry, its preloads and the
 *    feedback pages' lazy chunk, found in the public build's manifest by its module, as page-weight finds
 *    route chunks), the HTML's time to first byte, and the time to first byte of the page's data call,
 *    `GET /api/public/feedback/:manufacturerId` (published posts, newest first, with their comments).
 *    Reported without targets.
 *
 * It removes what it made.
 */
const OWN = 100_000;
const NEIGHBOURS = 99;
const NEIGHBOUR_POSTS = 900_000;
const NEIGHBOUR_PREFIX = 'Bench posts neighbour ';
/** Every seeded author's address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
export const DOMAIN = 'posts.bench.parley.invalid';
/** In the text of one post in 200 (about 500 of the owner's); no other word holds it. */
export const SEARCH = 'kondenswasser';
/** page=DEEP_PAGE of 20, newest first: 9,980 posts skipped. */
const DEEP_PAGE = 500;
const ROUNDS = 2;
/** As results: the API's median and p99 at most 1.5 times the bare SQL's. */
const TARGET_RATIO = 1.5;
/** Time-to-first-byte calls of the public page, one after the other, after a few unmeasured. */
const TTFB_CALLS = 40;
const TTFB_WARMUP = 5;

export const words = (
  'lieferung verpackung akku display preis qualität service bedienung anleitung farbe größe gewicht ' +
  'lautstärke montage garantie ersatzteil schnell langsam zufrieden enttäuscht stabil wackelig handlich ' +
  'schwer leicht ladekabel fernbedienung software reklamation kundendienst filter leise ' +
  'delivery packaging battery screen price quality support manual colour weight noise easy broken love ' +
  'recommend sturdy cheap expensive charger button update warranty spare parts quiet'
).split(' ');

/** A number 0 ≤ n < `mod` from post g's hash number `k`. */
const h = (k: number, mod: number) => `((hashint4(g * 16 + ${k}) & 2147483647) % ${mod})`;
/** The i-th word of post g ($4: the words). */
const w = (i: number) => `($4::text[])[1 + ${h(20 + i, words.length)}]`;

/**
 * Posts numbered g from $2 to $3 of manufacturer `m` (SQL over $1, the manufacturers), their comments and,
 * for the owner ($5, null for the neighbours), what the owner read. Created over a year; 60 % published,
 * 15 % pending, 13 % unpublished, 12 % reported; classified: none 30 % (all pending ones), praise 30 %,
 * complaint 20 %, question 10 %, idea 10 %; 35 % of those not pending answered; comments 0 (55 %), 1, 2, 3
 * or 5 (the owner's first, then by turns, each 1 minute to 2 days after the last); 10 % with media; 2 % of
 * the published reported by visitors; 8 to 20 words. The owner read 85 % of their posts, a quarter of
 * those with a reply of the author's before that reply.
 */
const laneSql = (m: string) => `
  with b as materialized (
    select g, gen_random_uuid() as id, ${m} as m,
      now() - interval '10 minutes' - ${h(1, 365 * 86400)} * interval '1 second' as at,
      ${h(2, 100)} as rs, ${h(3, 100)} as rc, ${h(4, 100)} as ra, ${h(5, 100)} as rr, ${h(6, 10)} as rt,
      (1 + ${h(7, 2880)}) * interval '1 minute' as step,
      8 + ${h(8, 13)} as nw
    from generate_series($2::int, $3::int) g),
  s as materialized (
    select b.*,
      case when rs < 60 then 'published' when rs < 75 then 'pending' when rs < 88 then 'unpublished'
        else 'reported' end as state,
      case when rc < 55 then 0 when rc < 80 then 1 when rc < 92 then 2 when rc < 97 then 3 else 5 end as cc,
      (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10] || ' '
        || (array['M.','S.','F.','W.','B.','H.','K.','L.','R.'])[1 + g % 9] as name,
      'a' || g || '@mail' || (g % 97) || '.${DOMAIN}' as email,
      array_to_string((array[${Array.from({ length: 20 }, (_, i) => w(i + 1)).join(', ')}])[1:nw], ' ')
        || case when g % 200 = 37 then ' ${SEARCH}' else '' end || '.' as body
    from b),
  t as materialized (
    select s.*,
      case when cc = 0 then at else least(now(), at + cc * step) end as last_at,
      case when cc >= 2 then least(now(), at + (cc - cc % 2) * step) else at end as author_at
    from s),
  inserted as (
    insert into posts (id, manufacturer_id, author_name, author_email, text, language, state, manu_type,
      answer, answered_at, answered_by, comment_count, media_count, public_reports, publish_at, token_hash,
      email_confirmed_at, mails_off, search_text, last_activity_at, last_author_activity_at, created_at,
      updated_at)
    select id, m, name, email, initcap(left(body, 1)) || substr(body, 2),
      case when g % 3 = 0 then 'en' else 'de' end, state,
      case when state = 'pending' or rt < 3 then null when rt < 6 then 'praise' when rt < 8 then 'complaint'
        when rt < 9 then 'question' else 'idea' end,
      case when state <> 'pending' and ra < 35 then 'Thank you, we have passed this on to our product team.' end,
      case when state <> 'pending' and ra < 35 then least(now(), at + step / 3) end,
      case when state <> 'pending' and ra < 35 then 'Bench Owner' end,
      cc, case when ra % 10 = 7 then 1 + g % 3 else 0 end,
      case when state = 'reported' then 1 + g % 5 when state = 'published' and rr % 50 = 13 then 1 + g % 3
        else 0 end,
      case when state = 'pending' and g % 2 = 0 then now() + (1 + g % 48) * interval '1 hour' end,
      'bench-post-' || id, case when g % 5 <> 0 then at + interval '5 minutes' end, g % 33 = 0,
      lower(body || ' ' || name || ' ' || email), last_at, author_at, at, last_at
    from t),
  comments as (
    insert into post_comments (manufacturer_id, post_id, author, owner_id, author_name, text, created_at)
    select m, id, case when k % 2 = 1 then 'owner' else 'author' end, case when k % 2 = 1 then $5::uuid end,
      case when k % 2 = 1 then 'Bench Owner' else name end,
      case when k % 2 = 1 then 'Could you tell us more about ' || ${w(3)} || '?'
        else 'Sure: the ' || ${w(4)} || ' and the ' || ${w(5)} || '.' end,
      least(now(), at + k * step)
    from t cross join lateral generate_series(1, cc) k)
  insert into post_reads (post_id, owner_id, seen_at)
  select id, $5::uuid,
    case when author_at > at and rr % 4 = 0 then at + (author_at - at) / 2 else author_at + interval '1 minute' end
  from t
  where $5::uuid is not null and rr < 85`;

/** The owner's posts g = $2..$3 of manufacturer $1[1] ($4 the words, $5 the owner who read them); also posts-scale's. */
export const ownLane = laneSql('($1::uuid[])[1]');
const neighbourLane = laneSql(`($1::uuid[])[1 + (g - 1) % ${NEIGHBOURS}]`);

/** Seeds the owner's posts and the neighbours' on two connections (lib/seeding.ts), then vacuums. */
const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { pool } = ctx.rt;
  const { rows: makers } = await pool.query<{ id: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  const neighbours = makers.map((r) => r.id);
  const split = 400_000;
  const replica = await withSeedingLanes(ctx, async (one: PoolClient, two: PoolClient, replica) => {
    ctx.progress(`posts: inserting${replica ? ' (foreign-key triggers off while seeding)' : ''}`);
    // The owner's 100,000 then 400,000 of the neighbours' on one lane, the other 500,000 on the other.
    await Promise.all([
      one
        .query(ownLane, [[ctx.owner.manufacturerId], 1, OWN, words, ctx.owner.ownerId])
        .then(() => one.query(neighbourLane, [neighbours, 1, split, words, null])),
      two.query(neighbourLane, [neighbours, split + 1, NEIGHBOUR_POSTS, words, null]),
    ]);
    return replica;
  });
  const inserted = performance.now();
  ctx.progress(`posts: inserted in ${((inserted - started) / 1000).toFixed(1)} s, now vacuum and analyze`);
  // The visibility map for index-only scans, the planner's statistics, and no autovacuum while measuring.
  await pool.query('vacuum (analyze) posts, post_comments, post_reads');
  const { rows } = await pool.query<{ posts: number; comments: number; reads: number }>(
    `select (select count(*)::int from posts) as posts, (select count(*)::int from post_comments) as comments,
       (select count(*)::int from post_reads where owner_id = $1) as reads`,
    [ctx.owner.ownerId],
  );
  return {
    sizes: rows[0],
    replica,
    insertMs: inserted - started,
    vacuumMs: performance.now() - inserted,
  };
};

/** Removes what seed made (also after a seeding that failed half-way); the posts take the rest along. */
const remove = async (ctx: BenchContext) => {
  const { pool } = ctx.rt;
  await Promise.all([
    pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
    pool.query('delete from posts where manufacturer_id = $1 and author_email like $2', [
      ctx.owner.manufacturerId,
      `%.${DOMAIN}`,
    ]),
  ]);
  await pool.query('vacuum (analyze) posts, post_comments, post_reads');
};

type Case = {
  label: string;
  /** The feed's query after `feed_type=small`. */
  query: string;
  /** The bare SQL's conditions on the posts `p` (with the owner's read `r` joined), after the manufacturer. */
  where: string;
  /** Whether `where` needs the owner's read `r`. */
  reads?: true;
  order: string;
  offset: number;
  /** Parameters from $3 on. */
  params?: unknown[];
  /** The route counts this filter only up to postCountCap posts past the page (new comments, a search). */
  capped?: true;
};

const newest = 'p.created_at desc, p.id desc';
const byActivity = 'p.last_activity_at desc, p.id desc';
const read = 'left join post_reads r on r.post_id = p.id and r.owner_id = $2';

/**
 * One hand-written statement for a case: the page (the list item's columns, whether the owner has read
 * the author's last writing), the total and the counts by state, as one result (every row carries the two).
 */
const bareSql = (c: Case) => `
  with page as (
    select p.id, p.author_name, p.text, p.state, p.manu_type, p.answer is not null as answered,
      p.comment_count, p.media_count, coalesce(p.last_author_activity_at > r.seen_at, true) as has_new,
      p.public_reports, p.publish_at, p.created_at, p.last_activity_at
    from posts p ${read}
    where p.manufacturer_id = $1${c.where}
    order by ${c.order} limit 20 offset ${c.offset})
  select p.*, x.total, x.counts
  from (select
      (select count(*)::int from (select 1 from posts p ${c.reads ? read : ''} where p.manufacturer_id = $1${c.where}
        ${c.capped ? `limit ${c.offset + postCountCap + 1}` : ''}) c) as total,
      (select json_object_agg(state, n) from (select state, count(*)::int as n from posts
        where manufacturer_id = $1 group by state) s) as counts) x
    left join page p on true
  order by ${c.order}`;

type BareRow = { id: string | null; total: number; counts: Record<string, number> };
type FeedAnswer = {
  documents?: { _id: string; hasNew: boolean }[];
  total?: number;
  counts?: Record<string, number>;
};

/** The case's pair, checked: the API answers the bare SQL's page (in order), total and counts. */
const pairOf = async (ctx: BenchContext, c: Case) => {
  const { pool } = ctx.rt;
  const text = bareSql(c);
  const values = [ctx.owner.manufacturerId, ctx.owner.ownerId, ...(c.params ?? [])];
  const path = `/api/owner/me/ticket?feed_type=small${c.query}`;
  const [bare, answer] = await Promise.all([
    pool.query<BareRow & { has_new: boolean }>(text, values),
    fetch(`${ctx.baseUrl}${path}`, { headers: { 'x-auth-token': ctx.owner.idToken } }),
  ]);
  const body = (await answer.json()) as FeedAnswer;
  const rows = bare.rows.filter((r) => r.id !== null);
  const counted = bare.rows[0]?.total;
  const total = c.capped && counted !== undefined ? Math.min(counted, c.offset + postCountCap) : counted;
  const counts = { pending: 0, published: 0, unpublished: 0, reported: 0, ...bare.rows[0]?.counts };
  const same =
    answer.status === 200 &&
    body.total === total &&
    JSON.stringify(body.counts) === JSON.stringify(counts) &&
    body.documents?.map((d) => `${d._id}:${d.hasNew}`).join() ===
      rows.map((r) => `${r.id}:${r.has_new}`).join();
  if (!same)
    throw new Error(
      `${c.label}: the API answered ${answer.status} (total ${body.total}, ${body.documents?.length} posts), the bare SQL total ${total} with ${rows.length} posts, or their pages or counts differ`,
    );
  const pair: BareSqlPair = { label: c.label, path, bare: () => pool.query(text, values) };
  const newOnPage = rows.filter((r) => r.has_new).length;
  return {
    case: c,
    pair,
    statement: { text, values },
    line: `${c.label}: ${total} posts match, ${rows.length} on the page (${newOnPage} new to the owner)`,
  };
};

/** The plan of a statement, with its times, for the report. */
const planOf = async (ctx: BenchContext, statement: Statement) => {
  const { rows } = await ctx.rt.pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, buffers off) ${statement.text}`,
    statement.values,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
};

/** A plan's execution time in ms (its last line). */
const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);

/** A bare statement slower than this is explained in the report, target met or not. */
const SLOW_MS = 100;

/**
 * The statements the route sends for a case (the page, its total, the counts by state), as the feed's
 * query builds them (posts.repository.ts, read off a Drizzle logger, as compare.ts's statementsOf does).
 */
const apiStatementsOf = async (ctx: BenchContext, c: Case) => {
  const q = postFilterSchema.parse(Object.fromEntries(new URLSearchParams(`feed_type=small${c.query}`)));
  const { statements } = await statementsOf(ctx.rt.pool, (db) =>
    listPosts(db, {
      manufacturerId: ctx.owner.manufacturerId,
      ownerId: ctx.owner.ownerId,
      q,
      offset: pageOffset(q),
    }),
  );
  return statements;
};

type Ttfb = { firstByteMs: number[]; bytes: number; wireBytes: number; encoding: string; status: number };

/** GET `url` TTFB_CALLS times one after the other as a browser asks (gzip accepted): the first byte's times. */
const timeToFirstByte = async (url: string): Promise<Ttfb> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<{ ms: number; bytes: number; encoding: string; status: number }>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        let ms = Number.NaN;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) ms = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({
            ms,
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            status: res.statusCode ?? 0,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  try {
    for (let i = 0; i < TTFB_WARMUP; i++) await once();
    const times: number[] = [];
    let last = { ms: 0, bytes: 0, encoding: '', status: 0 };
    for (let i = 0; i < TTFB_CALLS; i++) {
      last = await once();
      times.push(last.ms);
    }
    const plain = await fetch(url);
    return {
      firstByteMs: times,
      bytes: (await plain.arrayBuffer()).byteLength,
      wireBytes: last.bytes,
      encoding: last.encoding,
      status: last.status,
    };
  } finally {
    agent.destroy();
  }
};

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
};
const k = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

/** The public feedback page: its files by the public build's manifest, the HTML's and the data call's TTFB. */
const publicPage = async (ctx: BenchContext) => {
  const dist = ctx.rt.config.webDist ?? path.join(ctx.repoRoot, 'apps/web/dist');
  const lines: string[] = [];
  const summaries: string[] = [];
  const pageUrl = `/p/f/${ctx.owner.manufacturerId}`;
  if (existsSync(path.join(dist, 'public.html'))) {
    // As page-weight measures the survey page (bench/lib/page-weight.ts), plus the feedback pages' chunk.
    const spec = pages.find((p) => p.name === 'feedback');
    if (!spec) throw new Error('page-weight has no feedback page');
    const page = measurePage(dist, spec);
    const html = await fetch(`${ctx.baseUrl}${pageUrl}`);
    const htmlBytes = Buffer.from(await html.arrayBuffer());
    const rows = [
      [
        'HTML (public.html, as answered)',
        `status ${html.status}`,
        k(htmlBytes.length),
        k(gzipSync(htmlBytes).length),
      ],
      ...page.files.map((f) => [f.file, f.why, k(f.raw), k(f.gzip)]),
      ['total JavaScript', `${page.files.length} files`, k(page.raw), k(page.gzip)],
      ...page.css.map((f) => [f.file, f.why, k(f.raw), k(f.gzip)]),
      ['total CSS', `${page.css.length} files`, k(page.css.reduce((n, f) => n + f.raw, 0)), k(page.cssGzip)],
    ];
    const all = htmlBytes.length + page.raw + page.css.reduce((n, f) => n + f.raw, 0);
    const allGzip = gzipSync(htmlBytes).length + page.gzip + page.cssGzip;
    rows.push(['first render in all', '', k(all), k(allGzip)]);
    const built = existsSync(path.join(dist, spec.manifest))
      ? `dist built ${statSync(path.join(dist, spec.manifest)).mtime.toISOString()}`
      : 'no manifest';
    lines.push(
      `The public feedback page ${pageUrl} (${built}; gzip, zlib default level, each file as sent):`,
      '',
      formatTable(['file', 'loaded as', 'raw', 'gzip'], rows, 2),
      ...page.notes.map((n) => `Note: ${n}`),
      '',
    );
    summaries.push(
      `feedback page HTML ${k(htmlBytes.length)}, JavaScript ${k(page.gzip)} gzipped (${page.files.length} files), CSS ${k(page.cssGzip)} gzipped`,
    );
  } else {
    lines.push(
      'The public feedback page: not measured, apps/web/dist/public.html is missing (npm run build).',
    );
  }

  const timed: string[][] = [];
  for (const [what, url] of [
    ['HTML /p/f/:manufacturerId', `${ctx.baseUrl}${pageUrl}`],
    [
      'GET /api/public/feedback/:manufacturerId',
      `${ctx.baseUrl}/api/public/feedback/${ctx.owner.manufacturerId}`,
    ],
  ] as const) {
    ctx.progress(`posts: time to first byte of ${what}`);
    const t = await timeToFirstByte(url);
    if (t.status !== 200) throw new Error(`${what} answered ${t.status}`);
    timed.push([
      what,
      ms(median(t.firstByteMs)),
      ms(p95(t.firstByteMs)),
      k(t.bytes),
      `${k(t.wireBytes)} (${t.encoding})`,
    ]);
    summaries.push(`${what} first byte ${ms(median(t.firstByteMs))} (median)`);
  }
  lines.push(
    `Time to first byte, ${TTFB_CALLS} calls one after the other on one keep-alive connection (after ${TTFB_WARMUP}), gzip accepted:`,
    '',
    formatTable(['what', 'median', 'p95', 'body', 'sent'], timed, 1),
  );
  return { lines, summaries };
};

export const posts: Scenario = {
  name: 'posts',
  run: async (ctx) => {
    // A feed request counts 100,000 posts by state, as the inbox does: a twentieth of BENCH_REQUESTS per row.
    const requests = Math.max(40, Math.floor(ctx.load.requests / 20));
    const warmup = Math.max(10, Math.floor(ctx.load.warmup / 10));
    try {
      ctx.progress(
        `posts: seeding ${OWN} posts of the owner and ${NEIGHBOUR_POSTS} of ${NEIGHBOURS} neighbours`,
      );
      const seeded = await seed(ctx);
      const cases: Case[] = [
        { label: 'feed, newest', query: '', where: '', order: newest, offset: 0 },
        {
          label: 'state pending',
          query: '&states[]=pending',
          where: " and p.state = 'pending'",
          order: newest,
          offset: 0,
        },
        { label: 'sort=activity', query: '&sort=activity', where: '', order: byActivity, offset: 0 },
        {
          label: 'unanswered',
          query: '&unanswered=true',
          where: ' and p.answer is null',
          order: newest,
          offset: 0,
        },
        {
          label: 'newComments',
          query: '&newComments=true',
          where: ' and (r.seen_at is null or p.last_author_activity_at > r.seen_at)',
          reads: true,
          capped: true,
          order: newest,
          offset: 0,
        },
        {
          label: `search "${SEARCH}"`,
          query: `&search=${SEARCH}`,
          where: ' and p.search_text ilike $3',
          params: [`%${SEARCH}%`],
          capped: true,
          order: newest,
          offset: 0,
        },
        {
          label: `page ${DEEP_PAGE}`,
          query: `&page=${DEEP_PAGE}`,
          where: '',
          order: newest,
          offset: (DEEP_PAGE - 1) * 20,
        },
      ];
      const checked = [];
      for (const c of cases) checked.push(await pairOf(ctx, c));
      const compared = await compareToBareSql(ctx, {
        name: 'posts feed',
        pairs: checked.map((c) => c.pair),
        requests,
        warmup,
        rounds: ROUNDS,
        targets: { latencyRatio: TARGET_RATIO },
      });
      // The plans of the cases that missed a target or whose SQL is slow (which index would help): the
      // bare statement's, and the route's own page and total (its counts by state are every row's alike).
      const plans: string[] = [];
      for (const c of checked) {
        const missed = compared.figures.some(
          (f) => !f.met && f.label.startsWith(`posts feed ${c.pair.label} `),
        );
        const bare = await planOf(ctx, c.statement);
        if (!missed && !(executionMs(bare) >= SLOW_MS)) continue;
        const why = missed ? 'missed a target' : `bare SQL over ${SLOW_MS} ms`;
        plans.push(
          `Plan of the bare SQL of "${c.pair.label}" (${why}; EXPLAIN ANALYZE, costs off):`,
          '',
          bare,
          '',
        );
        const [page, total] = await apiStatementsOf(ctx, c.case);
        for (const [what, st] of [
          ['page', page],
          ['total', total],
        ] as const) {
          if (st)
            plans.push(
              `Plan of the route's ${what} statement of "${c.pair.label}":`,
              '',
              await planOf(ctx, st),
              '',
            );
        }
      }
      const pub = await publicPage(ctx);
      const { sizes } = seeded;
      return {
        report: [
          `The platform feed: ${sizes?.posts} posts (${OWN} of the owner's manufacturer, ${NEIGHBOURS} others with about`,
          `${Math.round(NEIGHBOUR_POSTS / NEIGHBOURS)} each), ${sizes?.comments} comments, ${sizes?.reads} posts read by the owner; seeded in ${(seeded.insertMs / 1000).toFixed(1)} s`,
          `${seeded.replica ? '(foreign-key triggers off while seeding) ' : ''}plus ${(seeded.vacuumMs / 1000).toFixed(1)} s vacuum and analyze.`,
          `GET /api/owner/me/ticket?feed_type=small, signed in, page 1 of 20 newest first unless the row says otherwise,`,
          `against one hand-written statement per row answering the same page, total and counts by state;`,
          `${compared.requestsPerRow} requests per side and row in ${ROUNDS} rounds taking turns. Target: median and p99 at most ${TARGET_RATIO}x.`,
          ...checked.map((c) => c.line),
          '',
          compared.table,
          '',
          ...plans,
          ...pub.lines,
        ].join('\n'),
        summary: `posts: ${[...compared.summaries, ...pub.summaries].join('; ')}`,
        figures: compared.figures,
      };
    } finally {
      ctx.progress('posts: removing the seeded posts and neighbours');
      const started = performance.now();
      await remove(ctx);
      ctx.progress(`posts: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
