import { performance } from 'node:perf_hooks';
import { pageOffset } from '../../src/lib/paging.js';
import { listContactBook } from '../../src/queries/contact-book.query.js';
import { listMembers } from '../../src/queries/contact-lists.query.js';
import { type BareSqlPair, listPair } from '../lib/compare.js';
import { type LoadResult, sample, sampleInProcess, summarize } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * Whether a page of the contact book and of a list's members costs the same whatever the size: the owner's
 * manufacturer grown in place from 10,000 to 1,000,000 contacts, all of them in one list (seeded here by SQL
 * over generate_series, never in CI). At each size, the first page of each list with the route's defaults
 * (20 rows, newest first, its total) through the real route over HTTP at concurrency 1, and its own two
 * statements (lib/compare.ts's `listPair`) in-process. Target: each API median at 1,000,000 at most
 * TARGET_RATIO times its median at 10,000 (the target: the total kept, not counted; the page read by index).
 * BENCH_CONTACT_SCALE_SIZES (e.g. `10000,100000`) measures other sizes.
 */
const TARGET_RATIO = 2;
/** Every seeded address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
const DOMAIN = 'scale.contacts.bench.parley.invalid';
const LIST_NAME = 'Bench contact scale';
/** Contacts inserted per statement while growing. */
const CHUNK = 100_000;

const sizes = (process.env.BENCH_CONTACT_SCALE_SIZES ?? '10000,1000000').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`BENCH_CONTACT_SCALE_SIZES: "${s}" is not a whole number`);
  return n;
});

/** Contacts numbered `$2` to `$3` of manufacturer `$1`, newest first by number, and their memberships of `$4`. */
const grow = `
  with made as (
    insert into contacts (manufacturer_id, email, kind, firstname, lastname, city, created_at, updated_at)
    select $1, 'scale' || g || '@mail' || (g % 97) || '.${DOMAIN}', case when g % 20 = 3 then 'temp' else 'contact' end,
      (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
      (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
      case when g % 5 = 0 then 'Hamburg' end,
      now() - interval '1 year' + g * interval '10 milliseconds', now() - interval '1 year' + g * interval '10 milliseconds'
    from generate_series($2::int, $3::int) g
    returning id, manufacturer_id, created_at)
  insert into contact_list_members (list_id, contact_id, manufacturer_id, added_at)
  select $4, id, manufacturer_id, created_at from made`;

type Row = { label: string; pair: BareSqlPair };

export const contactScale: Scenario = {
  name: 'contact-scale',
  run: async (ctx: BenchContext) => {
    const { pool } = ctx.rt;
    const m = ctx.owner.manufacturerId;
    const requests = Math.max(100, Math.floor(ctx.load.requests / 10));
    const warmup = Math.max(20, Math.floor(ctx.load.warmup / 5));
    const started = performance.now();
    try {
      const { rows } = await pool.query<{ id: string }>(
        `insert into contact_lists (manufacturer_id, name, description) values ($1, $2, 'Seeded for the benchmark')
         returning id`,
        [m, LIST_NAME],
      );
      const listId = rows[0]?.id as string;
      const measured = new Map<number, Map<string, { api: LoadResult; sql: LoadResult; line: string }>>();
      const seedLines: string[] = [];
      let have = 0;
      for (const size of sizes) {
        const stepStarted = performance.now();
        ctx.progress(`contact scale: growing the contact book from ${have} to ${size}`);
        for (let from = have + 1; from <= size; from += CHUNK)
          await pool.query(grow, [m, from, Math.min(size, from + CHUNK - 1), listId]);
        await pool.query(
          'vacuum (analyze) contacts, contact_list_members, contact_counts, contact_list_counts',
        );
        have = size;
        seedLines.push(
          `${size} contacts: grown in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`,
        );
        // The pairs are read again at each size: listPair checks the API's total against the statements'.
        const pairs: Row[] = [
          {
            label: 'contact book, first page',
            pair: (
              await listPair(ctx, {
                label: 'contact book, first page',
                path: '/api/v2/contact/all',
                noun: 'contacts',
                prepared: true,
                run: (db) =>
                  listContactBook(db, {
                    manufacturerId: m,
                    sort: '-createdAt',
                    limit: 20,
                    offset: pageOffset({ page: 1, limit: 20 }),
                  }),
              })
            ).pair,
          },
          {
            label: 'list members, first page',
            pair: (
              await listPair(ctx, {
                label: 'list members, first page',
                path: `/api/contactList/${listId}/contacts`,
                noun: 'members',
                prepared: true,
                run: (db) =>
                  listMembers(db, {
                    manufacturerId: m,
                    listId,
                    sort: '-addedAt',
                    limit: 20,
                    offset: pageOffset({ page: 1, limit: 20 }),
                  }),
              })
            ).pair,
          },
        ];
        const at = new Map<string, { api: LoadResult; sql: LoadResult; line: string }>();
        for (const r of pairs) {
          ctx.progress(`contact scale: ${size} contacts, ${r.label}`);
          const load = { concurrency: 1, requests, warmup };
          const api = summarize([
            await sample({
              url: `${ctx.baseUrl}${r.pair.path}`,
              headers: { 'x-auth-token': ctx.owner.idToken },
              ...load,
            }),
          ]);
          const sql = summarize([await sampleInProcess(r.pair.bare, load)]);
          const answer = (await (
            await fetch(`${ctx.baseUrl}${r.pair.path}`, { headers: { 'x-auth-token': ctx.owner.idToken } })
          ).json()) as { total: number };
          at.set(r.label, { api, sql, line: String(answer.total) });
        }
        measured.set(size, at);
      }

      const first = sizes[0] as number;
      const last = sizes[sizes.length - 1] as number;
      const labels = ['contact book, first page', 'list members, first page'];
      const figures: Figure[] = [];
      const table = labels.flatMap((label) =>
        (['api', 'sql'] as const).map((side) => {
          const cells = sizes.map((s) => measured.get(s)?.get(label));
          const a = cells[0]?.[side].medianMs ?? Number.NaN;
          const b = cells.at(-1)?.[side].medianMs ?? Number.NaN;
          if (side === 'api' && sizes.length > 1)
            figures.push({
              label: `contact scale ${label}, API median at ${last} / at ${first}`,
              measured: `${(b / a).toFixed(2)}x (${ms(b)} / ${ms(a)})`,
              target: `<= ${TARGET_RATIO.toFixed(2)}x`,
              met: b / a <= TARGET_RATIO,
            });
          return [
            `${side === 'api' ? 'API' : 'bare SQL'} ${label}`,
            ...cells.flatMap((x) => [
              x ? ms(x[side].medianMs) : '',
              x ? ms(x[side].p99Ms) : '',
              x?.line ?? '',
            ]),
            `${(b / a).toFixed(2)}x`,
          ];
        }),
      );
      return {
        report: [
          `Contact book and list members by size: the owner's contact book grown from ${first} to ${last} contacts (1 in`,
          `20 temp), all in one list; first page of 20 with the routes' defaults, concurrency 1, ${requests} requests per`,
          "row; the bare SQL is the list's own page and total statements, prepared as the list prepares them",
          `(${((performance.now() - started) / 1000).toFixed(0)} s in all).`,
          ...seedLines,
          '',
          formatTable(
            ['what', ...sizes.flatMap((s) => [`median ${s}`, `p99 ${s}`, `total ${s}`]), `${last}/${first}`],
            table,
            1,
          ),
        ].join('\n'),
        summary: `contact scale: ${figures.map((f) => `${f.label} ${f.measured}`).join('; ')}`,
        figures,
      };
    } finally {
      ctx.progress('contact scale: removing the seeded list and contacts');
      const removing = performance.now();
      // The list takes its memberships; then the contacts, a chunk at a time.
      await pool.query('delete from contact_lists where manufacturer_id = $1 and name = $2', [m, LIST_NAME]);
      await pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
        m,
        `%.${DOMAIN}`,
      ]);
      await pool.query('vacuum (analyze) contacts, contact_list_members');
      ctx.progress(`contact scale: removed in ${((performance.now() - removing) / 1000).toFixed(1)} s`);
    }
  },
};
