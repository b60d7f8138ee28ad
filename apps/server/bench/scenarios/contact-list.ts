import { performance } from 'node:perf_hooks';
import { pageOffset } from '../../src/lib/paging.js';
import { type ContactListQuery, listContactBook } from '../../src/queries/contact-book.query.js';
import { type BareSqlPair, compareToBareSql, listPair, withFloor } from '../lib/compare.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * GET /api/v2/contact/all for a manufacturer with 100,000 contacts among 1,000,000 (90 other
 * manufacturers with 10,000 each; seeded here by SQL, never in CI): a search by a part of an email
 * and a page filtered by a city, each against the list's own two statements (the page and its
 * count, as src/queries/contact-book.query.ts builds them) sent side by side through the same pool
 * with pg, without HTTP or Drizzle. The two sides take turns in rounds, as in owner-me-small.
 */
const OWN = 100_000;
const NEIGHBOURS = 90;
const PER_NEIGHBOUR = 10_000;
const NEIGHBOUR_PREFIX = 'Bench contact neighbour ';
/** One own email in 300 is at this domain (334 contacts); nothing else contains the word. */
const SEARCH = 'nordwind';
/** One contact in 5 has a city, one of 50 (400 own contacts each); this is the first. */
const CITY = 'Hamburg';
const ROUNDS = 2;
/** The target (docs/operations.md, "The benchmark"): every list's throughput at least 0.8 times its bare SQL's, and its p99 at 8 at most 3 times. */
const TARGET_THROUGHPUT = 0.8;
const TARGET_P99_RATIO = 3;

const cities = (
  'Hamburg Berlin München Köln Frankfurt Stuttgart Düsseldorf Leipzig Dortmund Essen Bremen Dresden Hannover ' +
  'Nürnberg Duisburg Bochum Wuppertal Bielefeld Bonn Münster Wien Graz Linz Salzburg Innsbruck Zürich Genf ' +
  'Basel Bern Lausanne Paris Lyon Marseille Amsterdam Rotterdam Brüssel Antwerpen Luxemburg Kopenhagen Aarhus ' +
  'Stockholm Göteborg Oslo Bergen Helsinki Warschau Krakau Prag Brünn Bratislava'
).split(' ');
const countries = ['DE', 'AT', 'CH', 'FR', 'NL', 'BE', 'LU', 'DK', 'SE', 'PL'];

/** The columns every seeded contact gets from `g`, its number within its manufacturer ($3 cities, $4 countries). */
const seededColumns = `
  case when g % 20 = 3 then 'temp' else 'contact' end,
  (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
  (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
  case when g % 5 = 0 then ($3::text[])[1 + (g / 5) % 50] end,
  case when g % 5 = 0 then ($4::text[])[1 + (g / 5) % 10] end,
  now() - g * interval '1 minute', now() - g * interval '1 minute'`;
const contactColumns =
  'manufacturer_id, email, kind, firstname, lastname, city, country, created_at, updated_at';
const emailOf = `'contact' || g || case when g % 300 = 7 then '@${SEARCH}-logistik.example'
  else '@mail' || (g % 97) || '.example' end`;

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { rows: makers } = await ctx.rt.pool.query<{ id: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  // Two lanes of 500,000 rows on two connections at once (one per core; three or four lanes were
  // slower): the owner's contacts, then 40 neighbours'; and the other 50 neighbours'.
  const ids = makers.map((m) => m.id);
  const secondLane = Math.round((OWN + NEIGHBOURS * PER_NEIGHBOUR) / 2 / PER_NEIGHBOUR);
  const first = NEIGHBOURS - secondLane;
  const neighbours = (lane: string[]) =>
    ctx.rt.pool.query(
      `insert into contacts (${contactColumns})
       select m, ${emailOf}, ${seededColumns}
       from unnest($1::uuid[]) m cross join generate_series(1, $2::int) g`,
      [lane, PER_NEIGHBOUR, cities, countries],
    );
  await Promise.all([
    ctx.rt.pool
      .query(
        `insert into contacts (${contactColumns})
         select $1, ${emailOf}, ${seededColumns} from generate_series(1, $2::int) g`,
        [ctx.owner.manufacturerId, OWN, cities, countries],
      )
      .then(() => neighbours(ids.slice(0, first))),
    neighbours(ids.slice(first)),
  ]);
  ctx.progress(`contact list: inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Vacuumed and analysed now, so autovacuum does not start on the million new rows while the list is measured.
  await ctx.rt.pool.query('vacuum (analyze) contacts');
  return performance.now() - started;
};

type Request = { label: string; query: string; list: Partial<ContactListQuery> };

export const contactList: Scenario = {
  name: 'contact-list',
  run: async (ctx) => {
    // A search costs hundreds of times what owner/me/small does: a twentieth of BENCH_REQUESTS per row.
    const requests = Math.max(40, Math.floor(ctx.load.requests / 20));
    const warmup = Math.max(10, Math.floor(ctx.load.warmup / 10));
    try {
      ctx.progress(
        `contact list: seeding ${OWN} contacts and ${NEIGHBOURS} neighbours with ${PER_NEIGHBOUR} each`,
      );
      const seedMs = await seed(ctx);
      const list: Request[] = [
        // The book's first screen: no filter, newest first.
        { label: 'first page', query: '', list: {} },
        { label: `search "${SEARCH}"`, query: `search=${SEARCH}`, list: { search: SEARCH } },
        {
          label: `cities[]=${CITY}`,
          query: `${encodeURIComponent('cities[]')}=${encodeURIComponent(CITY)}`,
          list: { cities: [CITY] },
        },
      ];
      const lines: string[] = [];
      const pairs: BareSqlPair[] = [];
      for (const r of list) {
        // What the service hands the query for the route's defaults (page 1, limit 20, -createdAt).
        const { pair, line } = await listPair(ctx, {
          label: r.label,
          path: `/api/v2/contact/all${r.query ? `?${r.query}` : ''}`,
          noun: 'contacts',
          prepared: true,
          run: (db) =>
            listContactBook(db, {
              manufacturerId: ctx.owner.manufacturerId,
              sort: '-createdAt',
              limit: 20,
              offset: pageOffset({ page: 1, limit: 20 }),
              ...r.list,
            }),
        });
        lines.push(line);
        pairs.push(pair);
      }

      // For information, the floor of any HTTP API: a bare Fastify answering the same statements, in the same rounds.
      const floor = await withFloor(pairs);
      const compared = await compareToBareSql(ctx, {
        name: 'contact list',
        pairs: floor.pairs,
        requests,
        warmup,
        rounds: ROUNDS,
        targets: { throughput: TARGET_THROUGHPUT, p99Ratio: TARGET_P99_RATIO },
      }).finally(() => floor.close());
      return {
        report: [
          `GET /api/v2/contact/all: ${OWN} contacts of the owner's manufacturer (1 in 20 temp, 1 in 5 with a city),`,
          `${NEIGHBOURS} other manufacturers with ${PER_NEIGHBOUR} each (seeded in ${(seedMs / 1000).toFixed(1)} s); first page, 20 rows,`,
          `-createdAt; ${compared.requestsPerRow} requests per row in ${ROUNDS} rounds taking turns with the other side; the bare SQL is`,
          "the list's page and count statements, as Drizzle sends them, side by side through the same pool with pg.",
          'The target ratio is throughput (req/s) API / bare SQL, and the p99 at concurrency 8 over the bare SQL p99.',
          ...lines,
          '',
          compared.table,
        ].join('\n'),
        summary: `contact list: ${compared.summaries.join('; ')}`,
        figures: compared.figures,
      };
    } finally {
      ctx.progress('contact list: removing the seeded contacts');
      const started = performance.now();
      await Promise.all([
        ctx.rt.pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
        ctx.rt.pool.query('delete from contacts where manufacturer_id = $1', [ctx.owner.manufacturerId]),
      ]);
      // So autovacuum does not clean up the million dead rows while the next scenario runs.
      await ctx.rt.pool.query('vacuum (analyze) contacts');
      ctx.progress(`contact list: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
