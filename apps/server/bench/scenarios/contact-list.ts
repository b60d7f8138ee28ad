import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/db/schema.js';
import { pageOffset } from '../../src/lib/paging.js';
import { type ContactListQuery, listContactBook } from '../../src/queries/contact-book.query.js';
import { type LoadResult, type Sample, sample, sampleInProcess, summarize } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

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
const TARGET_THROUGHPUT = 0.7;
const TARGET_P99_MS = 50;

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

type Statement = { text: string; values: unknown[] };

/**
 * The statements `listContactBook` sends for `q` (the page, then the count), as Drizzle hands them
 * to pg: read off a Drizzle logger on the same pool while it runs the list once.
 */
const statementsOf = async (ctx: BenchContext, q: ContactListQuery) => {
  const seen: Statement[] = [];
  const db = drizzle(ctx.rt.pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, values) => seen.push({ text, values }) },
  });
  const { total } = await listContactBook(db, q);
  const [page, count] = seen;
  if (seen.length !== 2 || !page || !count)
    throw new Error(`the contact list sent ${seen.length} statements, not the page and its count`);
  return { page, count, total };
};

type Request = { label: string; query: string; list: Partial<ContactListQuery> };

export const contactList: Scenario = {
  name: 'contact-list',
  run: async (ctx) => {
    const figures: Figure[] = [];
    const rows: string[][] = [];
    const summaries: string[] = [];
    // A search costs hundreds of times what owner/me/small does: a twentieth of BENCH_REQUESTS per row.
    const requests = Math.max(40, Math.floor(ctx.load.requests / 20));
    const warmup = Math.max(10, Math.floor(ctx.load.warmup / 10));
    const perRound = Math.ceil(requests / ROUNDS);
    try {
      ctx.progress(
        `contact list: seeding ${OWN} contacts and ${NEIGHBOURS} neighbours with ${PER_NEIGHBOUR} each`,
      );
      const seedMs = await seed(ctx);
      const list: Request[] = [
        { label: `search "${SEARCH}"`, query: `search=${SEARCH}`, list: { search: SEARCH } },
        {
          label: `cities[]=${CITY}`,
          query: `${encodeURIComponent('cities[]')}=${encodeURIComponent(CITY)}`,
          list: { cities: [CITY] },
        },
      ];
      const lines: string[] = [];
      const bare = new Map<string, () => Promise<unknown>>();
      for (const r of list) {
        // What the service hands the query for the route's defaults (page 1, limit 20, -createdAt).
        const { page, count, total } = await statementsOf(ctx, {
          manufacturerId: ctx.owner.manufacturerId,
          sort: '-createdAt',
          limit: 20,
          offset: pageOffset({ page: 1, limit: 20 }),
          ...r.list,
        });
        const answer = await fetch(`${ctx.baseUrl}/api/v2/contact/all?${r.query}`, {
          headers: { 'x-auth-token': ctx.owner.idToken },
        });
        const body = (await answer.json()) as { total?: number; documents?: unknown[] };
        if (answer.status !== 200 || body.total !== total)
          throw new Error(
            `the API answered ${answer.status} with total ${body.total}, the bare SQL ${total}`,
          );
        lines.push(`${r.label}: ${total} contacts match, ${body.documents?.length} on the page`);
        bare.set(r.label, () => Promise.all([ctx.rt.pool.query(page), ctx.rt.pool.query(count)]));
      }

      for (const concurrency of ctx.load.concurrencies) {
        for (const r of list) {
          const once = bare.get(r.label);
          if (!once) throw new Error(`no bare SQL for ${r.label}`);
          const samples: Record<'api' | 'sql', Sample[]> = { api: [], sql: [] };
          for (let round = 0; round < ROUNDS; round++) {
            const order = round % 2 === 0 ? (['api', 'sql'] as const) : (['sql', 'api'] as const);
            for (const side of order) {
              ctx.progress(
                `contact list: ${r.label}, concurrency ${concurrency}, round ${round + 1}, ${side}`,
              );
              const load = { concurrency, requests: perRound, warmup: round === 0 ? warmup : concurrency };
              samples[side].push(
                side === 'api'
                  ? await sample({
                      url: `${ctx.baseUrl}/api/v2/contact/all?${r.query}`,
                      headers: { 'x-auth-token': ctx.owner.idToken },
                      ...load,
                    })
                  : await sampleInProcess(once, load),
              );
            }
          }
          const api: LoadResult = summarize(samples.api);
          const sql: LoadResult = summarize(samples.sql);
          const throughput = api.perSecond / sql.perSecond;
          const median = `${(api.medianMs / sql.medianMs).toFixed(2)}x`;
          figures.push({
            label: `contact list ${r.label} throughput / bare SQL, concurrency ${concurrency}`,
            measured: `${throughput.toFixed(2)}x`,
            target: `>= ${TARGET_THROUGHPUT.toFixed(2)}x`,
            met: throughput >= TARGET_THROUGHPUT,
          });
          if (concurrency === 8) {
            figures.push({
              label: `contact list ${r.label} p99, concurrency 8`,
              measured: ms(api.p99Ms),
              target: `< ${TARGET_P99_MS} ms`,
              met: api.p99Ms < TARGET_P99_MS,
            });
          }
          const row = (what: string, x: LoadResult) => [
            String(concurrency),
            what,
            ms(x.medianMs),
            ms(x.p95Ms),
            ms(x.p99Ms),
            x.perSecond.toFixed(1),
          ];
          rows.push(row(`API ${r.label}`, api), row(`bare SQL ${r.label}`, sql), [
            String(concurrency),
            'ratio API / SQL',
            median,
            `${(api.p95Ms / sql.p95Ms).toFixed(2)}x`,
            `${(api.p99Ms / sql.p99Ms).toFixed(2)}x`,
            `${throughput.toFixed(2)}x`,
          ]);
          summaries.push(
            `${r.label} c${concurrency}: ${api.perSecond.toFixed(1)} req/s, ${throughput.toFixed(2)}x the bare SQL's throughput (median ${ms(api.medianMs)}, p99 ${ms(api.p99Ms)})`,
          );
        }
      }
      return {
        report: [
          `GET /api/v2/contact/all: ${OWN} contacts of the owner's manufacturer (1 in 20 temp, 1 in 5 with a city),`,
          `${NEIGHBOURS} other manufacturers with ${PER_NEIGHBOUR} each (seeded in ${(seedMs / 1000).toFixed(1)} s); first page, 20 rows,`,
          `-createdAt; ${perRound * ROUNDS} requests per row in ${ROUNDS} rounds taking turns with the other side; the bare SQL is`,
          "the list's page and count statements, as Drizzle sends them, side by side through the same pool with pg.",
          'The target ratio is throughput (req/s) API / bare SQL, as in owner-me-small.',
          ...lines,
          '',
          formatTable(['conc', 'what', 'median', 'p95', 'p99', 'req/s'], rows, 2),
        ].join('\n'),
        summary: `contact list: ${summaries.join('; ')}`,
        figures,
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
