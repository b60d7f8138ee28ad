import { performance } from 'node:perf_hooks';
import { pageOffset } from '../../src/lib/paging.js';
import { listMembers } from '../../src/queries/contact-lists.query.js';
import { type BareSqlPair, compareToBareSql, listPair, withFloor } from '../lib/compare.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * GET /api/contactList/{id}/contacts on a list of 50,000 members (every contact of the owner's
 * manufacturer), among 20 other manufacturers with 10,000 contacts each, all in one list of theirs
 * (seeded here by SQL, never in CI): the first page with the route's defaults and a search by a part
 * of an email, each against the members query's own two statements (the page and its count, as
 * src/queries/contact-lists.query.ts builds them) sent side by side through the same pool with pg,
 * without HTTP or Drizzle. The two sides take turns in rounds, as in contact-list.
 */
const OWN = 50_000;
const NEIGHBOURS = 20;
const PER_NEIGHBOUR = 10_000;
const NEIGHBOUR_PREFIX = 'Bench list neighbour ';
/** Every seeded address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
const DOMAIN = 'list.bench.parley.invalid';
/** One email in 150 is at this mail domain (334 of the list's members, 1,674 contacts in all); no other word holds it. */
const SEARCH = 'nordwind';
const ROUNDS = 2;
/** The target (docs/operations.md, "The benchmark"): every list's throughput at least 0.8 times its bare SQL's, and its p99 at 8 at most 3 times. */
const TARGET_THROUGHPUT = 0.8;
const TARGET_P99_RATIO = 3;

/** The contacts of `$1` (manufacturers), `$2` each, numbered `g`; newest first by `g`. */
const insertContacts = `
  insert into contacts (manufacturer_id, email, kind, firstname, lastname, created_at, updated_at)
  select m, 'member' || g || case when g % 150 = 7 then '@${SEARCH}-logistik.${DOMAIN}'
      else '@mail' || (g % 97) || '.${DOMAIN}' end,
    case when g % 20 = 3 then 'temp' else 'contact' end,
    (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
    (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
    now() - g * interval '1 minute', now() - g * interval '1 minute'
  from unnest($1::uuid[]) m cross join generate_series(1, $2::int) g`;

/** A list for each of `$1` (manufacturers) holding all their seeded contacts, added when each was made. */
const insertLists = `
  with lists as (
    insert into contact_lists (manufacturer_id, name, description)
    select m, 'Bench members', 'Seeded for the benchmark' from unnest($1::uuid[]) m
    returning id, manufacturer_id)
  insert into contact_list_members (list_id, contact_id, manufacturer_id, added_at)
  select l.id, c.id, c.manufacturer_id, c.created_at
  from lists l join contacts c on c.manufacturer_id = l.manufacturer_id
  where c.email like '%.${DOMAIN}'`;

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { pool } = ctx.rt;
  const { rows: makers } = await pool.query<{ id: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  const neighbours = makers.map((m) => m.id);
  // Two lanes on two connections at once, as contact-list does: the owner's, and the neighbours'.
  await Promise.all([
    pool
      .query(insertContacts, [[ctx.owner.manufacturerId], OWN])
      .then(() => pool.query(insertLists, [[ctx.owner.manufacturerId]])),
    pool.query(insertContacts, [neighbours, PER_NEIGHBOUR]).then(() => pool.query(insertLists, [neighbours])),
  ]);
  const { rows } = await pool.query<{ id: string }>(
    'select id from contact_lists where manufacturer_id = $1',
    [ctx.owner.manufacturerId],
  );
  const listId = rows[0]?.id;
  if (rows.length !== 1 || !listId) throw new Error(`the owner has ${rows.length} lists, not the one seeded`);
  ctx.progress(`contact list members: inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Vacuumed and analysed now, so autovacuum does not start on the new rows while the list is measured.
  await pool.query('vacuum (analyze) contacts, contact_lists, contact_list_members');
  return { listId, seedMs: performance.now() - started };
};

type Request = { label: string; query: string; search?: string };

export const contactListMembers: Scenario = {
  name: 'contact-list-members',
  run: async (ctx) => {
    // Counting 50,000 members costs what a contact-book search does: a twentieth of BENCH_REQUESTS per row.
    const requests = Math.max(40, Math.floor(ctx.load.requests / 20));
    const warmup = Math.max(10, Math.floor(ctx.load.warmup / 10));
    try {
      ctx.progress(
        `contact list members: seeding a list of ${OWN} and ${NEIGHBOURS} neighbours with ${PER_NEIGHBOUR} each`,
      );
      const { listId, seedMs } = await seed(ctx);
      const list: Request[] = [
        { label: 'first page', query: '' },
        { label: `search "${SEARCH}"`, query: `?search=${SEARCH}`, search: SEARCH },
      ];
      const lines: string[] = [];
      const pairs: BareSqlPair[] = [];
      for (const r of list) {
        // What the service hands the query for the route's defaults (page 1, limit 20, -addedAt).
        const { pair, line } = await listPair(ctx, {
          label: r.label,
          path: `/api/contactList/${listId}/contacts${r.query}`,
          noun: 'members',
          prepared: true,
          run: (db) =>
            listMembers(db, {
              manufacturerId: ctx.owner.manufacturerId,
              listId,
              search: r.search,
              sort: '-addedAt',
              limit: 20,
              offset: pageOffset({ page: 1, limit: 20 }),
            }),
        });
        lines.push(line);
        pairs.push(pair);
      }

      // For information, the floor of any HTTP API: a bare Fastify answering the same statements, in the same rounds.
      const floor = await withFloor(pairs);
      const compared = await compareToBareSql(ctx, {
        name: 'contact list members',
        pairs: floor.pairs,
        requests,
        warmup,
        rounds: ROUNDS,
        targets: { throughput: TARGET_THROUGHPUT, p99Ratio: TARGET_P99_RATIO },
      }).finally(() => floor.close());
      return {
        report: [
          `GET /api/contactList/{id}/contacts: a list of ${OWN} members (every contact of the owner's manufacturer),`,
          `${NEIGHBOURS} other manufacturers with ${PER_NEIGHBOUR} contacts each, all in a list of theirs (seeded in`,
          `${(seedMs / 1000).toFixed(1)} s); first page, 20 rows, -addedAt; ${compared.requestsPerRow} requests per row in ${ROUNDS} rounds taking turns`,
          "with the other side; the bare SQL is the members query's page and count statements, as Drizzle sends",
          'them, side by side through the same pool with pg (the route reads the list first: one statement more).',
          'The target ratio is throughput (req/s) API / bare SQL, and the p99 at concurrency 8 over the bare SQL p99.',
          ...lines,
          '',
          compared.table,
        ].join('\n'),
        summary: `contact list members: ${compared.summaries.join('; ')}`,
        figures: compared.figures,
      };
    } finally {
      ctx.progress('contact list members: removing the seeded contacts and lists');
      const started = performance.now();
      // The neighbours take their contacts and lists with them; the owner's list takes its members.
      await Promise.all([
        ctx.rt.pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
        ctx.rt.pool
          .query("delete from contact_lists where manufacturer_id = $1 and name = 'Bench members'", [
            ctx.owner.manufacturerId,
          ])
          .then(() =>
            ctx.rt.pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
              ctx.owner.manufacturerId,
              `%.${DOMAIN}`,
            ]),
          ),
      ]);
      // So autovacuum does not clean up the dead rows while the next scenario runs.
      await ctx.rt.pool.query('vacuum (analyze) contacts, contact_lists, contact_list_members');
      ctx.progress(`contact list members: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
