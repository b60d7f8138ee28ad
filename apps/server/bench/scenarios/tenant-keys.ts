import { performance } from 'node:perf_hooks';
import type { PoolClient } from 'pg';
import { median } from '../lib/load.js';
import { formatTable } from '../lib/table.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * What a primary key led by `manufacturer_id` costs one PostgreSQL (docs/scaling.md, "Tenant keys"). For the
 * biggest tenant tables it seeds, by SQL, 1,000,000 rows of 100 manufacturers (10,000 each, interleaved as
 * time would interleave them) once, and copies them into two tables shaped like the server's:
 *
 * - `a`: the key `(id)`, as before migration 0011;
 * - `b`: the key `(manufacturer_id, id)` and a unique index on `(id)` (the id-only lookups of public links,
 *   jobs and the foreign keys that name the id alone), as after it.
 *
 * Both carry the table's other B-tree indexes as the server's schema has them now (the GIN and trigram ones,
 * the same on both sides, are left out: they only add the same cost to both, so the measured ratios are the
 * least favourable ones). Where the table had a plain index on `(manufacturer_id)` that the new key makes
 * redundant, `a` has it and `b` not (what the migration dropped). For `ticket_answer_states`, which carries no
 * `manufacturer_id`, `b` adds the column and leads its key with it: what distributing it would take.
 *
 * Then, in six rounds that alternate which side goes first (the machine is shared; compare the ratios of one
 * run, not runs): single-row inserts (one statement each, as a survey answer writes its ticket, 250 of them in one
 * transaction so that the commit's flush, the same on both sides, does not hide the indexes' cost), 500-row
 * inserts (as an invitation call), lookups by id alone, by manufacturer and id, and a typical list page of one
 * manufacturer. It prints each side's figures, the ratio b/a and the size of each side's indexes, and drops
 * what it made (schemas `bench_tk_*`). Seeding takes 2–4 minutes on two busy cores.
 */
const ROWS = 1_000_000;
const ROUNDS = 6;
const SINGLE_PER_ROUND = 250;
const BATCH = 500;
const BATCHES_PER_ROUND = 4;
const LOOKUPS_PER_ROUND = 500;
const LISTS_PER_ROUND = 200;

type Spec = {
  table: string;
  /** The columns the seed and the inserts fill, and their values for row number `g` (bigint). */
  columns: string;
  values: string;
  /** A typical page of one manufacturer: $1 the manufacturer, $2 a campaign of it. */
  list: string;
  /** `a` keeps a plain (manufacturer_id) index that `b`'s key replaces. */
  aHadManufacturerIndex?: boolean;
};

const m = (g: string) => `md5('tk-m' || (${g} % 100))::uuid`;
const c = (g: string) => `md5('tk-c' || (${g} % 100) || '-' || (${g} / 100 % 10))::uuid`;
const ts = (g: string) => `timestamptz '2025-01-01' + ${g} * interval '20 seconds'`;

const specs: Spec[] = [
  {
    table: 'campaign_tickets',
    aHadManufacturerIndex: true,
    columns:
      'manufacturer_id, campaign_id, source, language, answers, answered_count, search_text, submission_id, token_hash, manu_answer, ignored, created_at, last_activity_at',
    values: `${m('g')}, ${c('g')}, 'openLink', 'en', '[]'::jsonb, 3, 'seeded answer ' || g, gen_random_uuid(),
             md5('tk-t' || g || random()), case when g % 3 = 0 then 'thanks' end, g % 25 = 0, ${ts('g')}, ${ts('g')}`,
    list: `select id from $T where manufacturer_id = $1 and ignored = false order by created_at desc, id desc limit 20`,
  },
  {
    table: 'invitations',
    columns: 'manufacturer_id, campaign_id, contact_id, state, last_mailed_at, created_at, updated_at',
    values: `${m('g')}, ${c('g')}, md5('tk-p' || g)::uuid, (array['sent','opened','answered','queued'])[1 + g % 4],
             ${ts('g')}, ${ts('g')}, ${ts('g')}`,
    list: `select id from $T where campaign_id = $2 and manufacturer_id = $1 order by created_at desc, id desc limit 20`,
  },
  {
    table: 'contacts',
    columns: 'manufacturer_id, email, kind, city, created_at, updated_at',
    values: `${m('g')}, 'p' || g || '@example.com', case when g % 5 = 0 then 'temp' else 'contact' end,
             case when g % 5 = 1 then 'Hamburg' end, ${ts('g')}, ${ts('g')}`,
    list: `select id from $T where manufacturer_id = $1 and kind = 'contact' order by created_at desc, id desc limit 20`,
  },
  {
    table: 'history_entries',
    columns: 'manufacturer_id, product, kind, subject_type, subject_id, subject_title, created_at',
    values: `${m('g')}, 'connect', 'newCampaignTicket', 'campaignTicket', md5('tk-s' || g)::uuid, 'Survey', ${ts('g')}`,
    list: `select id from $T where manufacturer_id = $1 and product = 'connect' order by created_at desc limit 20`,
  },
  {
    table: 'posts',
    columns:
      'manufacturer_id, author_name, author_email, text, language, state, token_hash, search_text, created_at, last_activity_at',
    values: `${m('g')}, 'Author ' || g, 'a' || g || '@example.com', 'seeded post ' || g, 'en',
             (array['published','pending','unpublished','reported'])[1 + g % 4], md5('tk-o' || g || random()),
             'seeded post ' || g, ${ts('g')}, ${ts('g')}`,
    list: `select id from $T where manufacturer_id = $1 order by created_at desc, id desc limit 20`,
  },
];

type Side = 'a' | 'b';
type Timing = { single: number[]; batch: number[]; byId: number[]; byTenantId: number[]; list: number[] };
const emptyTiming = (): Timing => ({ single: [], batch: [], byId: [], byTenantId: [], list: [] });

const schemaOf = (side: Side) => `bench_tk_${side}`;

/** The table's B-tree indexes other than its key and the ones the two sides differ by, as DDL for `schema`. */
const otherIndexes = async (db: PoolClient, table: string, schema: string) => {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
       join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
     where n.nspname = 'public' and t.relname = $1 and not i.indisprimary and am.amname = 'btree'
       and not (i.indexprs is null and i.indpred is null and (
         select array_agg(a.attname::text order by k.n) from unnest(i.indkey) with ordinality k(att, n)
           join pg_attribute a on a.attrelid = t.oid and a.attnum = k.att
       ) in ('{id}', '{manufacturer_id,id}', '{manufacturer_id}'))`,
    [table],
  );
  return rows.map((r) => r.def.replace(` ON public.${table} `, ` ON ${schema}.${table} `));
};

const indexBytes = async (db: PoolClient, qualified: string) => {
  const { rows } = await db.query<{ b: string; t: string }>(
    `select pg_indexes_size($1::regclass) as b, pg_table_size($1::regclass) as t`,
    [qualified],
  );
  return { indexes: Number(rows[0]?.b ?? 0), table: Number(rows[0]?.t ?? 0) };
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)}`;
const us = (msValue: number) => (msValue * 1000).toFixed(0);
const perSec = (rows: number, msValue: number) => Math.round((rows / msValue) * 1000);

const timeIt = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const build = async (db: PoolClient, spec: Spec, progress: (s: string) => void) => {
  const t = spec.table;
  await db.query(`create table bench_tk_seed.${t} (like public.${t} including defaults)`);
  await db.query(
    `insert into bench_tk_seed.${t} (${spec.columns}) select ${spec.values} from generate_series(1, ${ROWS}::bigint) g`,
  );
  for (const side of ['a', 'b'] as const) {
    const s = schemaOf(side);
    progress(`tenant-keys: ${t} (${side})`);
    await db.query(`create table ${s}.${t} (like public.${t} including defaults)`);
    await db.query(`insert into ${s}.${t} select * from bench_tk_seed.${t}`);
    for (const def of await otherIndexes(db, t, s)) await db.query(def);
    if (side === 'a') {
      await db.query(`alter table ${s}.${t} add primary key (id)`);
      if (spec.aHadManufacturerIndex) await db.query(`create index on ${s}.${t} (manufacturer_id)`);
    } else {
      await db.query(`alter table ${s}.${t} add primary key (manufacturer_id, id)`);
      await db.query(`create unique index on ${s}.${t} (id)`);
    }
    await db.query(`vacuum analyze ${s}.${t}`);
  }
  await db.query(`drop table bench_tk_seed.${t}`);
};

const measure = async (db: PoolClient, spec: Spec) => {
  const t = spec.table;
  const { rows: sample } = await db.query<{ id: string; manufacturer_id: string }>(
    `select id, manufacturer_id from bench_tk_a.${t} tablesample system (1) limit ${LOOKUPS_PER_ROUND}`,
  );
  const { rows: lists } = await db.query<{ m: string; c: string }>(
    `select ${m('g')} as m, ${c('g')} as c from generate_series(1, 100) g`,
  );
  const timings: Record<Side, Timing> = { a: emptyTiming(), b: emptyTiming() };
  let next = ROWS + 1;
  for (let round = 0; round < ROUNDS; round++) {
    const order: Side[] = round % 2 ? ['b', 'a'] : ['a', 'b'];
    // The same rows go into both sides: each side's round starts at the same row number.
    const start = next;
    for (const side of order) {
      const q = `${schemaOf(side)}.${t}`;
      const insert = `insert into ${q} (${spec.columns}) select ${spec.values} from generate_series($1::bigint, $2::bigint) g`;
      const tm = timings[side];
      let g = start;
      // In one transaction: a commit's flush to disk, the same on both sides and the noisiest part of a
      // shared machine, would hide what the indexes cost.
      tm.single.push(
        await timeIt(async () => {
          await db.query('begin');
          for (let i = 0; i < SINGLE_PER_ROUND; i++, g++)
            await db.query({ name: `tk-${t}-${side}-1`, text: insert, values: [g, g] });
          await db.query('commit');
        }),
      );
      tm.batch.push(
        await timeIt(async () => {
          for (let i = 0; i < BATCHES_PER_ROUND; i++, g += BATCH)
            await db.query({ name: `tk-${t}-${side}-n`, text: insert, values: [g, g + BATCH - 1] });
        }),
      );
      tm.byId.push(
        await timeIt(async () => {
          for (const r of sample)
            await db.query({
              name: `tk-${t}-${side}-id`,
              text: `select * from ${q} where id = $1`,
              values: [r.id],
            });
        }),
      );
      tm.byTenantId.push(
        await timeIt(async () => {
          for (const r of sample)
            await db.query({
              name: `tk-${t}-${side}-mid`,
              text: `select * from ${q} where manufacturer_id = $1 and id = $2`,
              values: [r.manufacturer_id, r.id],
            });
        }),
      );
      const listSql = spec.list.replace('$T', q);
      const usesCampaign = listSql.includes('$2');
      tm.list.push(
        await timeIt(async () => {
          for (let i = 0; i < LISTS_PER_ROUND; i++) {
            const l = lists[i % lists.length];
            await db.query({
              name: `tk-${t}-${side}-list`,
              text: listSql,
              values: usesCampaign ? [l?.m, l?.c] : [l?.m],
            });
          }
        }),
      );
    }
    next = start + SINGLE_PER_ROUND + BATCH * BATCHES_PER_ROUND;
  }
  const sizes = { a: await indexBytes(db, `bench_tk_a.${t}`), b: await indexBytes(db, `bench_tk_b.${t}`) };
  // Which index each side's list page reads (the key leading with manufacturer_id may tempt the planner).
  const plans: Record<Side, string> = { a: '', b: '' };
  for (const side of ['a', 'b'] as const) {
    const listSql = spec.list.replace('$T', `${schemaOf(side)}.${t}`);
    const l = lists[0];
    const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
      `explain (costs off) ${listSql.replace('$1', `'${l?.m}'::uuid`).replace('$2', `'${l?.c}'::uuid`)}`,
    );
    plans[side] = [
      ...new Set(
        plan.flatMap((p) =>
          [...p['QUERY PLAN'].matchAll(/(?:using|Bitmap Index Scan on) (\S+)/g)].map((x) => x[1] ?? ''),
        ),
      ),
    ].join(', ');
  }
  return { timings, sizes, lookups: sample.length, plans };
};

/** ticket_answer_states as it is (key (ticket_id, question_id)) against the same with manufacturer_id leading. */
const answerStates = async (db: PoolClient, progress: (s: string) => void) => {
  progress('tenant-keys: ticket_answer_states');
  // 100,000 tickets of 100 manufacturers, 10 questions each.
  const cols = `ticket_id uuid not null, campaign_id uuid not null, question_id uuid not null, state text not null,
                text text, created_at timestamptz not null`;
  await db.query(`create table bench_tk_a.ticket_answer_states (${cols})`);
  await db.query(`create table bench_tk_b.ticket_answer_states (${cols}, manufacturer_id uuid not null)`);
  const values = (
    g: string,
  ) => `md5('tk-t' || (${g} / 10))::uuid, ${c(`(${g} / 10)`)}, md5('tk-q' || (${g} % 10))::uuid,
       case when ${g} % 7 = 0 then 'blank' else 'answered' end, case when ${g} % 10 < 3 then 'answer text ' || ${g} end,
       ${ts(`(${g} / 10)`)}`;
  const insertA = `insert into bench_tk_a.ticket_answer_states select ${values('g')} from generate_series($1::bigint, $2::bigint) g`;
  const insertB = `insert into bench_tk_b.ticket_answer_states select ${values('g')}, ${m('(g / 10)')} from generate_series($1::bigint, $2::bigint) g`;
  await db.query(insertA, [0, ROWS - 1]);
  await db.query(insertB, [0, ROWS - 1]);
  await db.query('alter table bench_tk_a.ticket_answer_states add primary key (ticket_id, question_id)');
  await db.query(
    'alter table bench_tk_b.ticket_answer_states add primary key (manufacturer_id, ticket_id, question_id)',
  );
  for (const s of ['a', 'b'])
    await db.query(
      `create index on bench_tk_${s}.ticket_answer_states (campaign_id, question_id, state, created_at)`,
    );
  await db.query('vacuum analyze bench_tk_a.ticket_answer_states');
  await db.query('vacuum analyze bench_tk_b.ticket_answer_states');
  const timings: Record<Side, { insert: number[]; byTicket: number[] }> = {
    a: { insert: [], byTicket: [] },
    b: { insert: [], byTicket: [] },
  };
  let next = ROWS;
  const tickets = Array.from({ length: LOOKUPS_PER_ROUND }, (_, i) => (i * 197) % (ROWS / 10));
  for (let round = 0; round < ROUNDS; round++) {
    const order: Side[] = round % 2 ? ['b', 'a'] : ['a', 'b'];
    const start = next;
    for (const side of order) {
      let g = start;
      // One ticket's ten answers per statement, as the survey page's submit writes them.
      timings[side].insert.push(
        await timeIt(async () => {
          await db.query('begin');
          for (let i = 0; i < SINGLE_PER_ROUND; i++, g += 10)
            await db.query({
              name: `tk-tas-${side}-ins`,
              text: side === 'a' ? insertA : insertB,
              values: [g, g + 9],
            });
          await db.query('commit');
        }),
      );
      timings[side].byTicket.push(
        await timeIt(async () => {
          for (const n of tickets)
            await db.query(
              side === 'a'
                ? {
                    name: 'tk-tas-a-t',
                    text: `select * from bench_tk_a.ticket_answer_states where ticket_id = md5('tk-t' || $1::bigint)::uuid`,
                    values: [n],
                  }
                : {
                    name: 'tk-tas-b-t',
                    text: `select * from bench_tk_b.ticket_answer_states
                           where manufacturer_id = ${m('$1::bigint')} and ticket_id = md5('tk-t' || $1::bigint)::uuid`,
                    values: [n],
                  },
            );
        }),
      );
    }
    next = start + SINGLE_PER_ROUND * 10;
  }
  const sizes = {
    a: await indexBytes(db, 'bench_tk_a.ticket_answer_states'),
    b: await indexBytes(db, 'bench_tk_b.ticket_answer_states'),
  };
  return { timings, sizes };
};

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const ratio = (b: number, a: number) => `${(b / a).toFixed(2)}x`;

export const tenantKeys: Scenario = {
  name: 'tenant-keys',
  run: async (ctx: BenchContext) => {
    const db = await ctx.rt.pool.connect();
    const dropAll = () =>
      db.query('drop schema if exists bench_tk_seed, bench_tk_a, bench_tk_b cascade').catch(() => {});
    try {
      await dropAll();
      await db.query('create schema bench_tk_seed; create schema bench_tk_a; create schema bench_tk_b');
      const rows: string[][] = [];
      const sizeRows: string[][] = [];
      const planRows: string[][] = [];
      const seedStarted = performance.now();
      for (const spec of specs) {
        await build(db, spec, ctx.progress);
        ctx.progress(`tenant-keys: measuring ${spec.table}`);
        const r = await measure(db, spec);
        const a = r.timings.a;
        const b = r.timings.b;
        const singleRows = SINGLE_PER_ROUND * ROUNDS;
        const batchRows = BATCH * BATCHES_PER_ROUND * ROUNDS;
        const n = r.lookups * ROUNDS;
        const lists = LISTS_PER_ROUND * ROUNDS;
        const line = (what: string, av: string, bv: string, rt: string) => [spec.table, what, av, bv, rt];
        rows.push(
          line(
            'insert, 1 row/statement (rows/s)',
            String(perSec(singleRows, sum(a.single))),
            String(perSec(singleRows, sum(b.single))),
            ratio(perSec(singleRows, sum(b.single)), perSec(singleRows, sum(a.single))),
          ),
          line(
            `insert, ${BATCH} rows/statement (rows/s)`,
            String(perSec(batchRows, sum(a.batch))),
            String(perSec(batchRows, sum(b.batch))),
            ratio(perSec(batchRows, sum(b.batch)), perSec(batchRows, sum(a.batch))),
          ),
          line(
            'lookup by id (µs)',
            us(sum(a.byId) / n),
            us(sum(b.byId) / n),
            ratio(sum(b.byId), sum(a.byId)),
          ),
          line(
            'lookup by (manufacturer_id, id) (µs)',
            us(sum(a.byTenantId) / n),
            us(sum(b.byTenantId) / n),
            ratio(sum(b.byTenantId), sum(a.byTenantId)),
          ),
          line(
            'list page of one manufacturer (µs)',
            us(sum(a.list) / lists),
            us(sum(b.list) / lists),
            ratio(sum(b.list), sum(a.list)),
          ),
          line(
            '  (round medians: 1-row insert ms)',
            median(a.single).toFixed(0),
            median(b.single).toFixed(0),
            '',
          ),
        );
        planRows.push([spec.table, r.plans.a, r.plans.b]);
        sizeRows.push([
          spec.table,
          mib(r.sizes.a.table),
          mib(r.sizes.a.indexes),
          mib(r.sizes.b.indexes),
          ratio(r.sizes.b.indexes, r.sizes.a.indexes),
        ]);
        await db.query(`drop table bench_tk_a.${spec.table}, bench_tk_b.${spec.table}`);
      }
      const tas = await answerStates(db, ctx.progress);
      const tasRows = SINGLE_PER_ROUND * 10 * ROUNDS;
      const tasN = LOOKUPS_PER_ROUND * ROUNDS;
      rows.push(
        [
          'ticket_answer_states',
          'insert, 10 rows/statement (rows/s)',
          String(perSec(tasRows, sum(tas.timings.a.insert))),
          String(perSec(tasRows, sum(tas.timings.b.insert))),
          ratio(perSec(tasRows, sum(tas.timings.b.insert)), perSec(tasRows, sum(tas.timings.a.insert))),
        ],
        [
          'ticket_answer_states',
          "lookup of a ticket's rows (µs)",
          us(sum(tas.timings.a.byTicket) / tasN),
          us(sum(tas.timings.b.byTicket) / tasN),
          ratio(sum(tas.timings.b.byTicket), sum(tas.timings.a.byTicket)),
        ],
      );
      sizeRows.push([
        'ticket_answer_states (b: + manufacturer_id column)',
        `${mib(tas.sizes.a.table)} → ${mib(tas.sizes.b.table)}`,
        mib(tas.sizes.a.indexes),
        mib(tas.sizes.b.indexes),
        ratio(tas.sizes.b.indexes, tas.sizes.a.indexes),
      ]);
      const seconds = ((performance.now() - seedStarted) / 1000).toFixed(0);
      const report = [
        `tenant-keys: ${ROWS.toLocaleString('en')} rows of 100 manufacturers per table; a = key (id), b = key (manufacturer_id, id) + unique (id); ${ROUNDS} alternating rounds (${seconds} s)`,
        formatTable(['table', 'figure', 'a', 'b', 'b/a'], rows, 2),
        '',
        'Sizes (MiB; B-tree indexes only, GIN/trigram left out)',
        formatTable(['table', 'table', 'indexes a', 'indexes b', 'b/a'], sizeRows, 1),
        '',
        "The index each side's list page reads",
        formatTable(['table', 'a', 'b'], planRows, 3),
      ].join('\n');
      const tickets = rows.find((r) => r[0] === 'campaign_tickets' && r[1]?.startsWith('insert, 1 '));
      return {
        report,
        summary: `tenant-keys: campaign_tickets single-row inserts with the tenant key ${tickets?.[4] ?? '?'} of before`,
      };
    } finally {
      await dropAll();
      db.release();
    }
  },
};
