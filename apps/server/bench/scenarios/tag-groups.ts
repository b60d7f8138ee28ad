import { performance } from 'node:perf_hooks';
import type { TagGroup, TagReport } from '@parley/contract';
import Fastify from 'fastify';
import { INVITATION_MAIL_JOB } from '../../src/modules/invitations/invitations.queue.js';
import { TAG_CHANGE_JOB, type TagChangeJob } from '../../src/modules/tags/index.js';
import { findGroupCounted } from '../../src/modules/tags/tags.repository.js';
import { listSegmentMembers, listTagGroups } from '../../src/queries/segments.query.js';
import {
  type BareSqlPair,
  compareToBareSql,
  listPair,
  type Statement,
  statementsOf,
} from '../lib/compare.js';
import { median, sample, sampleInProcess, summarize } from '../lib/load.js';
import { type MemoryWatch, mib, signedMib, watchMemory } from '../lib/memory.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * Tag groups (segments) and their live audience, on 100,000 contacts of the owner's manufacturer among
 * 20 other manufacturers with 10,000 each (seeded here by SQL, never in CI), every contact with 10 tags
 * of one vocabulary of 200 (`tag-000` … `tag-199`, drawn skewed: the first tags are on about half the
 * contacts, the last on a few in a hundred; the neighbours use the same words, so the GIN index on
 * contacts.tags holds theirs too). Three parts, run in the order 3, 1, 2 (the fan-out first, while this
 * process has not yet grown with the other parts' load, so its RSS figure means something):
 *
 * 1. `GET /api/tag/tag-group` (10 groups, and/or, each with its live member count) and
 *    `GET /api/tag/tag-group/{id}/members` (first page and total) of three groups, at concurrency 1 and 8,
 *    against the queries' own statements (segments.query.ts, captured as Drizzle sends them) side by
 *    side through the pool, as contact-list-members does (`compareToBareSql`).
 * 2. `PATCH /api/tag/edit` on 10,000 contacts (the contract's most), two tags added and one removed,
 *    first with callForCheck (the same work, rolled back), then for real; each run on 10,000 other
 *    contacts; no group is linked (the fan-out's is gone by then), so no live-audience work.
 * 3. The fan-out: a group linked to a running campaign, then one `PATCH /api/tag/edit` that puts 10,000
 *    contacts into it. The call writes a tag_changes row and queues `tags.change`; the benchmark's
 *    runtime runs no jobs, so this scenario works that queue itself through pg-boss, as the server does
 *    (polled every 2 s) and as mass-follow-up does: `tags.processChange` runs in this process, 1,000
 *    invitations (and their mail jobs) a transaction. Timed until every invitation exists; this
 *    process's RSS sampled every 100 ms, the heap V8's own major collections leave, and the heap after
 *    a full collection. Its group is deleted afterwards (the invitations stay).
 *
 * 4. At a million: the owner's contacts grown to 1,000,000 (seeded the same way, by SQL), and the group
 *    list's SQL (its page and count statements, as part 1 sends them) timed again; its median at 100,000
 *    (measured after part 1) and at 1,000,000 are targets. Beside them, for the record, the group list as
 *    it counted its members live before the counts were kept (the same page with one counting subquery per
 *    group) and the members' first page (one popular tag).
 *
 * It removes what it made (the mail jobs and tag changes too) and puts the mail pace back.
 */
const OWN = 100_000;
const NEIGHBOURS = 20;
const PER_NEIGHBOUR = 10_000;
const VOCABULARY = 200;
const TAGS_EACH = 10;
/** Contacts one PATCH /tag/edit names (tagLimits.contactsPerEdit). */
const EDITED = 10_000;
const EDIT_RUNS = 5;
const FAN_OUT = 10_000;
const ROUNDS = 2;
/** The owner's contacts in part 4. */
const MILLION = 1_000_000;
/** The API's throughput over its bare SQL's (docs/operations.md, "The benchmark"). */
const TARGET_THROUGHPUT = 0.8;
const TARGET_P99_MS = 50;
/** The group list's SQL (page and count) median at 100,000 contacts; at a million at most twice that. */
const TARGET_LIST_SQL_MS = 20;
const TARGET_GROWTH = 2;
/** Timed runs of one statement set for a median (and, of the live counts before, fewer: they are slow). */
const SQL_RUNS = 50;
const LIVE_RUNS = 5;
/** As contact-list-invite's 10,000 invitations in one call. */
const TARGET_EDIT_MS = 5000;
/** The job's own pace: contact-list-invite's target (10,000 in 5 s) as a rate. */
const TARGET_INVITATIONS_PER_S = 2000;
/** "Flat", as mass-follow-up: the job holds one batch of 1,000 at a time, never the change's 10,000. */
const TARGET_PEAK_MIB = 64;
const TARGET_KEPT_MIB = 16;
const SAMPLE_MS = 100;
const NEIGHBOUR_PREFIX = 'Bench tag neighbour ';
/** Every seeded address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
const DOMAIN = 'tags.bench.parley.invalid';
const GROUP_PREFIX = 'Bench segment ';
const CAMPAIGN_TITLE = 'Bench tag fan-out';
const FAN_OUT_TAG = 'bench-fanout';
const EDIT = { addedTags: ['tag-100', 'bench-edited'], removedTags: ['tag-002'] };

/** Ten groups of many sizes, and and or; `members` names the rows measured in part 1. */
const GROUPS: { title: string; condition: 'and' | 'or'; tags: string[]; members?: string }[] = [
  { title: 'popular', condition: 'and', tags: ['tag-000'], members: 'members, and, 1 popular tag' },
  { title: 'two popular', condition: 'and', tags: ['tag-000', 'tag-001'] },
  { title: 'pair', condition: 'and', tags: ['tag-010', 'tag-040'], members: 'members, and, 2 tags' },
  { title: 'triple', condition: 'and', tags: ['tag-003', 'tag-030', 'tag-090'] },
  { title: 'rare', condition: 'and', tags: ['tag-150'] },
  {
    title: 'any of four rare',
    condition: 'or',
    tags: ['tag-120', 'tag-140', 'tag-160', 'tag-180'],
    members: 'members, or, 4 rare tags',
  },
  { title: 'any of three popular', condition: 'or', tags: ['tag-001', 'tag-002', 'tag-003'] },
  { title: 'rarest', condition: 'or', tags: ['tag-199'] },
  { title: 'any of two', condition: 'or', tags: ['tag-050', 'tag-100'] },
  {
    title: 'any of six',
    condition: 'or',
    tags: ['tag-060', 'tag-061', 'tag-062', 'tag-063', 'tag-064', 'tag-065'],
  },
];

/**
 * The contacts of `$1` (manufacturers), `$2` each, numbered `g`, newest first by `g`; each with
 * TAGS_EACH distinct tags of the vocabulary, drawn from md5 (so every run seeds the same) with the
 * square of a uniform number: tag i is drawn with probability sqrt((i+1)/N) - sqrt(i/N).
 */
const insertContacts = `
  insert into contacts (manufacturer_id, email, kind, firstname, lastname, tags, created_at, updated_at)
  select m, 'tagged' || g || '@mail' || (g % 97) || '.${DOMAIN}', 'contact',
    (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
    (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
    array(select t from (
      select t, k from (
        select distinct on (t) t, k from (
          select k, 'tag-' || lpad(floor(${VOCABULARY} * power(
              ('x' || substr(md5(m::text || ':' || g || ':' || k), 1, 8))::bit(32)::bigint / 4294967296.0, 2
            ))::int::text, 3, '0') as t
          from generate_series(1, 30) k) draws
        order by t, k) firsts
      order by k limit ${TAGS_EACH}) chosen
    order by t),
    now() - g * interval '1 minute', now() - g * interval '1 minute'
  from unnest($1::uuid[]) m cross join generate_series($3::int, $2::int) g`;

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { pool } = ctx.rt;
  const { rows: makers } = await pool.query<{ id: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  // Two lanes on two connections at once, as contact-list-members does: the owner's, and the neighbours'.
  await Promise.all([
    pool.query(insertContacts, [[ctx.owner.manufacturerId], OWN, 1]),
    pool.query(insertContacts, [makers.map((m) => m.id), PER_NEIGHBOUR, 1]),
  ]);
  const { rows } = await pool.query<{ n: number; short: number }>(
    `select count(*)::int as n, count(*) filter (where cardinality(tags) <> $2)::int as short
     from contacts where email like $1`,
    [`%.${DOMAIN}`, TAGS_EACH],
  );
  if (rows[0]?.n !== OWN + NEIGHBOURS * PER_NEIGHBOUR || rows[0].short !== 0)
    throw new Error(`seeded ${JSON.stringify(rows[0])}, not every contact with ${TAGS_EACH} tags`);
  ctx.progress(`tag groups: contacts inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Vacuumed and analysed now (the GIN index's pending list merged too), so autovacuum does not start
  // on the new rows while they are measured.
  await pool.query('vacuum (analyze) contacts');
  return performance.now() - started;
};

/** The owner's contacts numbered `block * EDITED + 1` to `(block + 1) * EDITED`, newest first. */
const blockOf = async (ctx: BenchContext, block: number) => {
  const { rows } = await ctx.rt.pool.query<{ id: string }>(
    `select id from contacts where manufacturer_id = $1 and email like $2
     order by created_at desc, id desc offset $3 limit $4`,
    [ctx.owner.manufacturerId, `%.${DOMAIN}`, block * EDITED, EDITED],
  );
  if (rows.length !== EDITED) throw new Error(`block ${block} holds ${rows.length} contacts`);
  return rows.map((r) => r.id);
};

const call = async <T>(ctx: BenchContext, method: string, path: string, body: unknown, status = 200) => {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method,
    headers: { 'x-auth-token': ctx.owner.idToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (res.status !== status)
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
};

/** Part 1: the group list and three groups' members against their own statements. */
const lists = async (ctx: BenchContext, groups: TagGroup[]) => {
  const pairs: BareSqlPair[] = [];
  const lines: string[] = [];
  const list = await listPair(ctx, {
    label: 'group list',
    path: '/api/tag/tag-group',
    noun: 'groups',
    // What the service hands the query for the route's defaults (page 1, limit 20, by title).
    run: (db) =>
      listTagGroups(db, { manufacturerId: ctx.owner.manufacturerId, sort: 'title', limit: 20, offset: 0 }),
  });
  pairs.push(list.pair);
  lines.push(list.line);
  for (const spec of GROUPS) {
    if (!spec.members) continue;
    const g = groups.find((x) => x.title === `${GROUP_PREFIX}${spec.title}`);
    if (!g) throw new Error(`the group ${spec.title} was not made`);
    const members = await listPair(ctx, {
      label: spec.members,
      path: `/api/tag/tag-group/${g._id}/members`,
      noun: 'members',
      // What the service sends: the group with its kept count (the total), then the page.
      run: async (db) => {
        const found = await findGroupCounted(db, ctx.owner.manufacturerId, g._id);
        if (!found) throw new Error(`the group ${spec.title} is gone`);
        return listSegmentMembers(db, {
          manufacturerId: ctx.owner.manufacturerId,
          condition: g.condition,
          tags: g.tags,
          limit: 20,
          offset: 0,
          total: found.memberCount,
        });
      },
    });
    pairs.push(members.pair);
    lines.push(members.line);
  }
  // The counts are kept, so the list costs what any small list does: a quarter of BENCH_REQUESTS for the
  // group list, a tenth for each group's members (whose popular tag's page still walks its index).
  const listed = await compareToBareSql(ctx, {
    name: 'tag groups',
    pairs: pairs.slice(0, 1),
    requests: Math.max(100, Math.floor(ctx.load.requests / 4)),
    warmup: Math.max(20, Math.floor(ctx.load.warmup / 4)),
    rounds: ROUNDS,
    targets: { throughput: TARGET_THROUGHPUT, p99Ms: TARGET_P99_MS },
  });
  const members = await compareToBareSql(ctx, {
    name: 'tag groups',
    pairs: pairs.slice(1),
    requests: Math.max(40, Math.floor(ctx.load.requests / 10)),
    warmup: Math.max(10, Math.floor(ctx.load.warmup / 10)),
    rounds: ROUNDS,
    targets: { throughput: TARGET_THROUGHPUT, p99Ms: TARGET_P99_MS },
  });
  // For the record, the floor of any HTTP API here: a bare Fastify (no plugins: no auth, validation, logs)
  // answering the group list's same two statements as JSON, at each concurrency.
  const bare = Fastify({ logger: false });
  bare.get('/list', async () => {
    const [page, total] = (await list.pair.bare()) as { rows: unknown[] }[];
    return { documents: page?.rows, total: total?.rows };
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const floor: string[][] = [];
  try {
    for (const concurrency of ctx.load.concurrencies) {
      ctx.progress(`tag groups: group list on a bare Fastify, concurrency ${concurrency}`);
      const r = summarize([
        await sample({
          url: `${bareUrl}/list`,
          concurrency,
          requests: Math.max(100, Math.floor(ctx.load.requests / 4)),
          warmup: Math.max(20, Math.floor(ctx.load.warmup / 4)),
        }),
      ]);
      floor.push([String(concurrency), ms(r.medianMs), ms(r.p95Ms), ms(r.p99Ms), r.perSecond.toFixed(1)]);
    }
  } finally {
    await bare.close();
  }
  return { lines, listed, members, pairs, floor };
};

/** The group list's statements (its page and count) as the route sends them for its defaults. */
const groupListStatements = async (ctx: BenchContext) =>
  (
    await statementsOf(ctx.rt.pool, (db) =>
      listTagGroups(db, { manufacturerId: ctx.owner.manufacturerId, sort: 'title', limit: 20, offset: 0 }),
    )
  ).statements;

/**
 * The group list as it was before its counts were kept: the same page, each group's members counted by
 * one subquery per condition through the GIN index (the query of segments.query.ts before), for the record.
 */
const liveCountsList = (manufacturerId: string): Statement => ({
  text: `select g.id, g.title, (case
      when cardinality(g.tags) = 0 then 0
      when g.condition = 'and' then (select count(*)::int from contacts c
        where c.manufacturer_id = g.manufacturer_id and c.tags @> g.tags)
      else (select count(*)::int from contacts c
        where c.manufacturer_id = g.manufacturer_id and c.tags && g.tags)
      end) as member_count
    from tag_groups g where g.manufacturer_id = $1 order by lower(g.title), g.id limit 20`,
  values: [manufacturerId],
});

/** Median and p99 of `runs` calls of `once` one after the other (concurrency 1), after a few thrown away. */
const timed = async (once: () => Promise<unknown>, runs: number) => {
  const r = summarize([
    await sampleInProcess(once, { concurrency: 1, requests: runs, warmup: Math.min(5, runs) }),
  ]);
  return { medianMs: r.medianMs, p99Ms: r.p99Ms };
};

/** The group list's SQL at the current size: its statements side by side as the route sends them, and the old live counts. */
const listSql = async (ctx: BenchContext, runs: { kept: number; live: number }) => {
  const statements = await groupListStatements(ctx);
  if (statements.length !== 2) throw new Error(`the group list sent ${statements.length} statements, not 2`);
  const kept = await timed(() => Promise.all(statements.map((st) => ctx.rt.pool.query(st))), runs.kept);
  const live = await timed(() => ctx.rt.pool.query(liveCountsList(ctx.owner.manufacturerId)), runs.live);
  return { kept, live };
};

/** Part 4: the owner's contacts grown to a million (the neighbours' stay), then the SQL timed again. */
const atMillion = async (ctx: BenchContext, members: BareSqlPair | undefined) => {
  const started = performance.now();
  await ctx.rt.pool.query(insertContacts, [[ctx.owner.manufacturerId], MILLION, OWN + 1]);
  ctx.progress(
    `tag groups: grown to ${MILLION} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await ctx.rt.pool.query('vacuum (analyze) contacts');
  const sql = await listSql(ctx, { kept: SQL_RUNS, live: Math.max(2, Math.floor(LIVE_RUNS / 2)) });
  const page = members ? await timed(members.bare, SQL_RUNS) : undefined;
  return { seedMs: performance.now() - started, sql, page };
};

/** Part 2: PATCH /tag/edit of EDITED contacts, previewed and then for real, a warm-up and EDIT_RUNS runs. */
const edits = async (ctx: BenchContext) => {
  const edit = async (ids: string[], callForCheck: boolean) => {
    const started = performance.now();
    const report = await call<TagReport>(ctx, 'PATCH', '/api/tag/edit', {
      contactIds: ids,
      ...EDIT,
      callForCheck,
    });
    const took = performance.now() - started;
    if (report.check !== callForCheck || report.contacts !== EDITED || report.tagged !== EDITED)
      throw new Error(`PATCH /api/tag/edit answered ${JSON.stringify(report).slice(0, 300)}`);
    return { took, report };
  };
  const times: { check: number; edit: number }[] = [];
  let last: TagReport | undefined;
  for (let n = 0; n <= EDIT_RUNS; n++) {
    const ids = await blockOf(ctx, n);
    const check = await edit(ids, true);
    const real = await edit(ids, false);
    last = real.report;
    if (n > 0) times.push({ check: check.took, edit: real.took });
    ctx.progress(
      `tag groups: edit ${n === 0 ? 'warm-up' : `run ${n}`}: check ${ms(check.took)}, edit ${ms(real.took)}`,
    );
  }
  const { rows } = await ctx.rt.pool.query<{ n: number }>(
    "select count(*)::int as n from contacts where manufacturer_id = $1 and tags @> '{bench-edited}'",
    [ctx.owner.manufacturerId],
  );
  if (rows[0]?.n !== (EDIT_RUNS + 1) * EDITED)
    throw new Error(`${rows[0]?.n} contacts were tagged, not ${(EDIT_RUNS + 1) * EDITED}`);
  return { times, last: last as TagReport };
};

type FanOut = MemoryWatch & {
  answeredMs: number;
  waitedMs: number;
  jobMs: number;
  jobRuns: number;
  totalMs: number;
  invitations: number;
  mails: number;
};

/** Part 3: one edit that puts FAN_OUT contacts into a group linked to a running campaign, and its job. */
const fanOut = async (ctx: BenchContext, campaignId: string): Promise<FanOut> => {
  const { pool } = ctx.rt;
  const boss = ctx.rt.jobs.boss;
  const group = await call<TagGroup>(
    ctx,
    'POST',
    '/api/tag/tag-group',
    { title: `${GROUP_PREFIX}fan-out`, condition: 'and', tags: [FAN_OUT_TAG] },
    201,
  );
  const linked = await call<TagReport>(ctx, 'POST', `/api/tag/tag-group/${group._id}/campaign`, {
    campaignIds: [campaignId],
  });
  if (linked.invitations !== 0) throw new Error(`linking the empty group invited ${linked.invitations}`);
  // Contacts no edit of part 2 touched.
  const ids = await blockOf(ctx, EDIT_RUNS + 2);

  /** From the first run's start; `ran`: the runs' own time (a run past its step queues the rest as a new run). */
  let job: { started: number; ran: number; runs: number } | undefined;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  // What the server does with this job when its runtime has workers; pg-boss settles it as there.
  await boss.work<TagChangeJob>(TAG_CHANGE_JOB, { batchSize: 1, pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const j of jobs) {
      const started = performance.now();
      await ctx.rt.services.tags.processChange(j.data.changeId, j.data.from);
      job = {
        started: job?.started ?? started,
        ran: (job?.ran ?? 0) + performance.now() - started,
        runs: (job?.runs ?? 0) + 1,
      };
      const { rows } = await pool.query<{ processed: boolean }>(
        'select processed_at is not null as processed from tag_changes where id = $1',
        [j.data.changeId],
      );
      if (rows[0]?.processed) finished();
    }
  });

  const memory = watchMemory(SAMPLE_MS);
  try {
    ctx.progress(`tag groups: tagging ${FAN_OUT} contacts into the linked group, then waiting for the job`);
    const started = performance.now();
    const report = await call<TagReport>(ctx, 'PATCH', '/api/tag/edit', {
      contactIds: ids,
      addedTags: [FAN_OUT_TAG],
      callForCheck: false,
    });
    const answered = performance.now();
    if (report.invitations !== FAN_OUT || report.tagged !== FAN_OUT)
      throw new Error(`the fan-out's edit answered ${JSON.stringify(report).slice(0, 300)}`);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the tag change job took over 10 minutes')), 10 * 60_000).unref(),
    );
    await Promise.race([done, timeout]);
    const ended = performance.now();
    const watched = memory.stop();

    const { rows } = await pool.query<{ invitations: number; contacts: number; mails: number }>(
      `select count(*)::int as invitations, count(distinct contact_id)::int as contacts,
         (select count(*)::int from pgboss.job j where j.name = $2
            and j.data->>'invitationId' in (select id::text from invitations where campaign_id = $1)) as mails
       from invitations where campaign_id = $1 and origin->>'tagGroupId' = $3`,
      [campaignId, INVITATION_MAIL_JOB, group._id],
    );
    const { rows: changes } = await pool.query<{ n: number; open: number }>(
      `select count(*)::int as n, count(*) filter (where processed_at is null)::int as open
       from tag_changes where manufacturer_id = $1`,
      [ctx.owner.manufacturerId],
    );
    const r = rows[0];
    if (r?.invitations !== FAN_OUT || r.contacts !== FAN_OUT || r.mails !== FAN_OUT)
      throw new Error(`the job made ${JSON.stringify(r)}, not ${FAN_OUT} invitations with their mail jobs`);
    if (changes[0]?.n !== 1 || changes[0].open !== 0)
      throw new Error(`tag changes: ${JSON.stringify(changes[0])}, not one, processed`);
    if (!job) throw new Error('the job did not run');
    return {
      answeredMs: answered - started,
      waitedMs: job.started - answered,
      jobMs: job.ran,
      jobRuns: job.runs,
      totalMs: ended - started,
      invitations: r.invitations,
      mails: r.mails,
      ...watched,
    };
  } finally {
    memory.dispose();
    await boss.offWork(TAG_CHANGE_JOB);
    // Its link goes with it; the invitations stay (D17).
    await call<TagReport>(ctx, 'DELETE', `/api/tag/tag-group/${group._id}`, { callForCheck: false });
  }
};

export const tagGroups: Scenario = {
  name: 'tag-groups',
  run: async (ctx) => {
    const { pool } = ctx.rt;
    const { rows: pace } = await pool.query<{ next_at: Date }>(
      "select next_at from mail_pace where name = 'invitations'",
    );
    let campaignId: string | undefined;
    try {
      ctx.progress(
        `tag groups: seeding ${OWN} contacts and ${NEIGHBOURS} neighbours with ${PER_NEIGHBOUR} each, ${TAGS_EACH} tags each`,
      );
      const seedMs = await seed(ctx);
      const groups: TagGroup[] = [];
      for (const g of GROUPS) {
        groups.push(
          await call<TagGroup>(
            ctx,
            'POST',
            '/api/tag/tag-group',
            { title: `${GROUP_PREFIX}${g.title}`, condition: g.condition, tags: g.tags },
            201,
          ),
        );
      }

      // The fan-out first, while this process has not yet grown with the load of the other parts (their
      // load workers, 10,000-id bodies), so its RSS figure says something; its group goes afterwards, so
      // parts 1 and 2 run without a live audience.
      ctx.progress(`tag groups: part 3, the fan-out of ${FAN_OUT} invitations`);
      const { rows: made } = await pool.query<{ id: string }>(
        `insert into campaigns (manufacturer_id, title, state, has_started, started_at)
         values ($1, $2, 'running', true, now()) returning id`,
        [ctx.owner.manufacturerId, CAMPAIGN_TITLE],
      );
      campaignId = made[0]?.id;
      if (!campaignId) throw new Error('the running campaign was not made');
      const f = await fanOut(ctx, campaignId);

      ctx.progress('tag groups: part 1, the group list and members against their statements');
      const part1 = await lists(ctx, groups);
      ctx.progress(`tag groups: the group list's SQL at ${OWN} contacts`);
      const sqlAtOwn = await listSql(ctx, { kept: SQL_RUNS, live: LIVE_RUNS });
      const popular = part1.pairs[1];
      const pageAtOwn = popular ? await timed(popular.bare, SQL_RUNS) : undefined;

      ctx.progress(`tag groups: part 2, ${EDIT_RUNS} runs of PATCH /api/tag/edit on ${EDITED} contacts`);
      const part2 = await edits(ctx);

      ctx.progress(`tag groups: part 4, growing the owner's contacts to ${MILLION}`);
      const part4 = await atMillion(ctx, popular);
      const growth1m = part4.sql.kept.medianMs / sqlAtOwn.kept.medianMs;

      const checks = part2.times.map((t) => t.check);
      const editsMs = part2.times.map((t) => t.edit);
      const midEdit = median(editsMs);
      const midCheck = median(checks);
      const perSecond = f.invitations / (f.jobMs / 1000);
      const growth = f.peak.rss - f.before.rss;
      const heapKept = f.kept.heapUsed - f.before.heapUsed;
      const liveMost = f.afterMajor.length ? Math.max(...f.afterMajor) : undefined;
      const figures: Figure[] = [
        {
          label: `tag group list SQL (page and count) median at ${OWN} contacts`,
          measured: ms(sqlAtOwn.kept.medianMs),
          target: `<= ${TARGET_LIST_SQL_MS} ms`,
          met: sqlAtOwn.kept.medianMs <= TARGET_LIST_SQL_MS,
        },
        {
          label: `tag group list SQL (page and count) median at ${MILLION} contacts`,
          measured: `${ms(part4.sql.kept.medianMs)} (${growth1m.toFixed(2)}x)`,
          target: `<= ${TARGET_GROWTH.toFixed(2)}x the ${OWN} figure and <= ${TARGET_LIST_SQL_MS * TARGET_GROWTH} ms`,
          met: growth1m <= TARGET_GROWTH && part4.sql.kept.medianMs <= TARGET_LIST_SQL_MS * TARGET_GROWTH,
        },
        ...part1.listed.figures,
        ...part1.members.figures,
        {
          label: `tag edit of ${EDITED} contacts, median answer`,
          measured: ms(midEdit),
          target: `< ${TARGET_EDIT_MS} ms`,
          met: midEdit < TARGET_EDIT_MS,
        },
        {
          label: `tag fan-out of ${FAN_OUT} invitations, the job's pace`,
          measured: `${perSecond.toFixed(0)}/s`,
          target: `>= ${TARGET_INVITATIONS_PER_S}/s`,
          met: perSecond >= TARGET_INVITATIONS_PER_S,
        },
        {
          label: `tag fan-out of ${FAN_OUT} invitations, peak RSS over the start`,
          measured: signedMib(growth),
          target: `< +${TARGET_PEAK_MIB} MiB`,
          met: growth < TARGET_PEAK_MIB * 1024 * 1024,
        },
        {
          label: `tag fan-out of ${FAN_OUT} invitations, heap kept (after a full GC) over the start`,
          measured: signedMib(heapKept),
          target: `< +${TARGET_KEPT_MIB} MiB`,
          met: heapKept < TARGET_KEPT_MIB * 1024 * 1024,
        },
      ];
      const editRows = part2.times.map((t, i) => [
        String(i + 1),
        ms(t.check),
        ms(t.edit),
        `${(t.check / t.edit).toFixed(2)}x`,
      ]);
      editRows.push(
        ['median', ms(midCheck), ms(midEdit), `${(midCheck / midEdit).toFixed(2)}x`],
        ['min', ms(Math.min(...checks)), ms(Math.min(...editsMs)), ''],
        ['max', ms(Math.max(...checks)), ms(Math.max(...editsMs)), ''],
      );
      const mem = (label: string, x: NodeJS.MemoryUsage) => [
        label,
        mib(x.rss),
        mib(x.heapUsed),
        mib(x.heapTotal),
        mib(x.external),
      ];
      const sizes = groups.map((g) => `${g.title.slice(GROUP_PREFIX.length)} ${g.memberCount}`).join(', ');
      const gained = part2.last.groups.map(
        (g) => `${g.title.slice(GROUP_PREFIX.length)} +${g.gained}/-${g.lost}`,
      );
      return {
        report: [
          `Tag groups: ${OWN} contacts of the owner's manufacturer (${MILLION} in part 4), ${NEIGHBOURS} other manufacturers with ${PER_NEIGHBOUR}`,
          `each, every contact with ${TAGS_EACH} of ${VOCABULARY} tags drawn skewed, the neighbours' from the same words`,
          `(seeded in ${(seedMs / 1000).toFixed(1)} s). ${groups.length} groups, members now: ${sizes}.`,
          '',
          `GET /api/tag/tag-group (the route's defaults: all ${groups.length} groups, each with its kept count) and`,
          "GET /api/tag/tag-group/{id}/members (first page, 20 rows, and its total) against the queries' own statements",
          "(segments.query.ts, as Drizzle sends them: the list's page and count; the group with its kept count and the",
          `members' page) side by side through the same pool. ${part1.listed.requestsPerRow} requests per side for the list,`,
          `${part1.members.requestsPerRow} per row for the members, in ${ROUNDS} rounds taking turns. The target ratio is throughput`,
          '(req/s) API / bare SQL, as in the other list comparisons.',
          ...part1.lines,
          '',
          part1.listed.table,
          '',
          "For the record, a bare Fastify (no plugins: no auth, validation, logs) answering the group list's same",
          'statements as JSON over HTTP (the floor of any HTTP API on this machine):',
          '',
          formatTable(['conc', 'median', 'p95', 'p99', 'req/s'], part1.floor, 1),
          '',
          part1.members.table,
          '',
          `The group list's SQL alone, its page and count statements side by side as the route sends them, ${SQL_RUNS} calls one`,
          `after the other; beside it the list as it was before its counts were kept (the same page, each group's members`,
          `counted live by a subquery through the GIN index; ${LIVE_RUNS} calls at ${OWN}, fewer at ${MILLION}), and the members'`,
          `first page of the popular tag (the group with its kept count, and the page). Part 4 grew the owner's contacts to`,
          `${MILLION} in ${(part4.seedMs / 1000).toFixed(1)} s (the groups' counts kept by the trigger in that statement).`,
          '',
          formatTable(
            [
              'contacts',
              'group list SQL median',
              'p99',
              'live counts (before) median',
              'members page median',
            ],
            [
              [
                String(OWN),
                ms(sqlAtOwn.kept.medianMs),
                ms(sqlAtOwn.kept.p99Ms),
                ms(sqlAtOwn.live.medianMs),
                pageAtOwn ? ms(pageAtOwn.medianMs) : '',
              ],
              [
                String(MILLION),
                ms(part4.sql.kept.medianMs),
                ms(part4.sql.kept.p99Ms),
                ms(part4.sql.live.medianMs),
                part4.page ? ms(part4.page.medianMs) : '',
              ],
            ],
            1,
          ),
          '',
          `PATCH /api/tag/edit on ${EDITED} contacts (+${EDIT.addedTags.join(', +')}, -${EDIT.removedTags.join(', -')}), first callForCheck`,
          `(the same work, rolled back), then for real; ${EDIT_RUNS} runs after one warm-up, each on ${EDITED} other contacts;`,
          `no group linked (the fan-out's is gone). The groups a run moves: ${gained.join(', ')}.`,
          '',
          formatTable(['run', 'check', 'edit', 'check / edit'], editRows, 1),
          '',
          `Fan-out (run first): a group linked to a running campaign, then PATCH /api/tag/edit putting ${FAN_OUT} contacts into it;`,
          `the tags.change job worked in this process (1,000 invitations a transaction). Answered in ${ms(f.answeredMs)};`,
          `the job waited ${ms(f.waitedMs)} in the queue (polled every 2 s) and ran ${(f.jobMs / 1000).toFixed(2)} s in ${f.jobRuns} run${f.jobRuns === 1 ? '' : 's'} (${perSecond.toFixed(0)} invitations/s);`,
          `call to every invitation made: ${(f.totalMs / 1000).toFixed(2)} s (${(f.invitations / (f.totalMs / 1000)).toFixed(0)} invitations/s). ${f.invitations} invitations, ${f.mails} mail jobs`,
          '(removed unsent).',
          `Memory of this process (the server, its job and the benchmark's client), sampled every ${SAMPLE_MS} ms. V8 ran`,
          `${f.afterMajor.length} major collection${f.afterMajor.length === 1 ? '' : 's'} meanwhile${liveMost === undefined ? '' : `; the heap they left was at most ${mib(liveMost)} (${signedMib(liveMost - f.before.heapUsed)} over the start)`}:`,
          '',
          formatTable(
            ['when', 'RSS', 'heap used', 'heap total', 'external'],
            [
              mem('before the call (after a full GC)', f.before),
              mem('at the RSS peak', f.peak),
              mem('at the peak of heap used (garbage too)', f.heapPeak),
              mem('when every invitation exists', f.after),
              mem('then, after a full GC', f.kept),
            ],
            1,
          ),
        ].join('\n'),
        summary: [
          `tag group list SQL median ${ms(sqlAtOwn.kept.medianMs)} at ${OWN} contacts, ${ms(part4.sql.kept.medianMs)} at ${MILLION} (${growth1m.toFixed(2)}x); live counts before: ${ms(sqlAtOwn.live.medianMs)} and ${ms(part4.sql.live.medianMs)}`,
          `tag groups: ${[...part1.listed.summaries, ...part1.members.summaries].join('; ')}`,
          `tag edit of ${EDITED} contacts: median ${ms(midEdit)}, its check ${ms(midCheck)} (${(midCheck / midEdit).toFixed(2)}x)`,
          `tag fan-out of ${FAN_OUT}: ${(f.totalMs / 1000).toFixed(2)} s call to done (job ${(f.jobMs / 1000).toFixed(2)} s, ${perSecond.toFixed(0)} invitations/s); RSS ${signedMib(growth)} at the peak, heap kept ${signedMib(heapKept)}`,
        ].join('\n- '),
        figures,
      };
    } finally {
      ctx.progress('tag groups: removing the mail jobs, tag changes, campaign, groups and contacts');
      const started = performance.now();
      const owner = ctx.owner.manufacturerId;
      if (campaignId) {
        // The mail jobs first (they name the invitations), then the campaign with its invitations and links.
        await pool.query(
          `delete from pgboss.job where name = $1 and data->>'invitationId' in
             (select id::text from invitations where campaign_id = $2)`,
          [INVITATION_MAIL_JOB, campaignId],
        );
        await pool.query('delete from campaigns where id = $1', [campaignId]);
      }
      await pool.query(
        `delete from pgboss.job where name = $1 and data->>'changeId' in
           (select id::text from tag_changes where manufacturer_id = $2)`,
        [TAG_CHANGE_JOB, owner],
      );
      await pool.query('delete from tag_changes where manufacturer_id = $1', [owner]);
      await pool.query('delete from tag_groups where manufacturer_id = $1 and title like $2', [
        owner,
        `${GROUP_PREFIX}%`,
      ]);
      // Their counts' deltas (the runtime here runs no sweep to drop them).
      await pool.query(
        'delete from tag_group_member_deltas d where d.manufacturer_id = $1 and not exists (select 1 from tag_groups g where g.id = d.tag_group_id)',
        [owner],
      );
      // The neighbours take their contacts with them.
      await Promise.all([
        pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
        pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
          owner,
          `%.${DOMAIN}`,
        ]),
      ]);
      // The calls reserved mail slots ahead; a shared database's real invitations must not wait.
      if (pace[0]) {
        await pool.query("update mail_pace set next_at = $1 where name = 'invitations'", [pace[0].next_at]);
      } else await pool.query("delete from mail_pace where name = 'invitations'");
      // So autovacuum does not clean up the dead rows while the next scenario runs.
      await pool.query(
        'vacuum (analyze) contacts, tag_groups, tag_group_member_deltas, tag_group_campaigns, tag_changes, invitations, campaigns, pgboss.job',
      );
      ctx.progress(`tag groups: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
