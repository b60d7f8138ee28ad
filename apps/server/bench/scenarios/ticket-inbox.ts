import { performance } from 'node:perf_hooks';
import { type TicketFilterQuery, ticketIdsMax } from '@parley/contract';
import { pageOffset } from '../../src/lib/paging.js';
import { listTicketIds, listTickets } from '../../src/queries/tickets.query.js';
import { type BareSqlPair, compareToBareSql, listPair, statementsOf } from '../lib/compare.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * GET /api/campaignTicket/all (the ticket inbox) for a manufacturer with 100,000 tickets in 5
 * campaigns among 1,000,000 (99 other manufacturers with 2 campaigns and about 9,090 tickets each;
 * every ticket from a contact of its own; seeded here by SQL, never in CI): the inbox's first page,
 * one campaign's, and the filters (unanswered, new comments, rated up), the order by latest activity
 * and a search of the answers, each against the list query's own two statements (the page and its
 * count, as src/queries/tickets.query.ts builds them) sent side by side through the same pool with pg,
 * without HTTP or Drizzle, as in contact-list. Also, without a target, `allCmpTicketIds` of the
 * largest campaign (10,000 of its 40,000 ids) against its one statement.
 */
const OWN = 100_000;
const NEIGHBOURS = 99;
const NEIGHBOUR_TICKETS = 900_000;
const NEIGHBOUR_PREFIX = 'Bench inbox neighbour ';
const CAMPAIGN_PREFIX = 'Bench inbox campaign ';
/** Every seeded contact's address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
const DOMAIN = 'inbox.bench.parley.invalid';
/** In the answers of one ticket in 200 (500 of the owner's, none archived); no other word holds it. */
const SEARCH = 'kondenswasser';
const ROUNDS = 2;
/** The targets of the other list scenarios (contact-list, contact-list-members). */
const TARGET_THROUGHPUT = 0.7;
const TARGET_P99_MS = 50;

/**
 * The words of the seeded answers (free texts and chosen options), German and English; each ticket
 * takes 9 to 11 of them by a hash of its number.
 */
const words = (
  'lieferung verpackung akku display preis qualität service bedienung anleitung farbe größe gewicht ' +
  'lautstärke montage garantie ersatzteil schnell langsam zufrieden enttäuscht stabil wackelig handlich ' +
  'schwer leicht ladekabel fernbedienung software reklamation kundendienst ' +
  'delivery packaging battery screen price quality support manual colour weight noise easy broken love ' +
  'recommend sturdy cheap expensive charger button update warranty spare parts'
).split(' ');

/** The owner's tickets by campaign: of every 20 tickets 8 go to the first, 5, 4, 2 and 1 to the others. */
const CAMPAIGN_OF_20 = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5];
const CAMPAIGNS = 5;

/** The i-th word of ticket `g` ($5: the words). */
const w = (i: number) =>
  `($5::text[])[1 + ((hashint4(g * 16 + ${i}) % ${words.length}) + ${words.length}) % ${words.length}]`;

/**
 * Contacts, their tickets and (for the owner, $6) what the owner read, numbered g from $3 to $4, of
 * manufacturer `m` in campaign `c` (SQL of g over $1, the manufacturers, and $2, the campaigns).
 * Of the tickets (by g): 30 % answered, about 4 % archived, 14 % rated up and 8 % down, 9 % with a
 * participant's message after the answers (of which a third the owner read since: 6 % "new"), 75 %
 * with a confirmed address, one in 9 without a free text; one contact in 17 gave no first name.
 */
const laneSql = (m: string, c: string) => `
  with s as materialized (
    select x.*,
      case when g % 11 = 4 then least(now(), at + ((g * 53) % 1440) * interval '1 minute') end as lpa,
      case when g % 10 < 3 or g % 11 = 4
        then least(now(), at + (1440 + (g * 37) % 1440) * interval '1 minute') else at end as last_at
    from (select g, gen_random_uuid() as cid, gen_random_uuid() as tid, now() - g * interval '13 seconds' as at
          from generate_series($3::int, $4::int) g) x),
  people as (
    insert into contacts (id, manufacturer_id, email, kind, firstname, lastname, created_at, updated_at)
    select cid, ${m}, 'p' || g || '@mail' || (g % 97) || '.${DOMAIN}', 'contact',
      case when g % 17 <> 0 then (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10] end,
      (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
      at, at
    from s),
  tickets as (
    insert into campaign_tickets (id, manufacturer_id, campaign_id, contact_id, source, language, answers,
      answered_count, search_text, excerpt, submission_id, token_hash, email_confirmed_at, manu_answer,
      manu_answered_at, manu_answered_by, manu_answer_notified, ignored, votes_up, votes_down, comment_count,
      last_activity_at, last_participant_activity_at, created_at, updated_at)
    select tid, ${m}, ${c}, cid, case when g % 5 = 0 then 'invitation' else 'openLink' end,
      case when g % 3 = 0 then 'en' else 'de' end, '[]'::jsonb, 3 + g % 5,
      ${w(1)} || ' ' || ${w(2)} || ' ' || ${w(3)} || ' ' || ${w(4)}
        || case when g % 200 = 37 then ' ${SEARCH}' else '' end
        || ' ' || ${w(5)} || ' ' || ${w(6)} || ' ' || ${w(7)} || ' ' || ${w(8)} || ' ' || ${w(9)}
        || case when g % 3 = 0 then ' ' || ${w(10)} || ' ' || ${w(11)} else '' end,
      case when g % 9 <> 0 then initcap(${w(1)}) || ' ' || ${w(2)} || ' ' || ${w(3)} || ' ' || ${w(4)}
        || case when g % 200 = 37 then ' ${SEARCH}' else '' end
        || ', ' || ${w(5)} || ' ' || ${w(6)} || ' ' || ${w(7)} || '.' end,
      gen_random_uuid(), encode(sha256(tid::text::bytea), 'hex'),
      case when g % 4 <> 0 then at + interval '5 minutes' end,
      case when g % 10 < 3 then 'Thank you for your feedback, we have passed it on to our product team.' end,
      case when g % 10 < 3 then last_at end,
      case when g % 10 < 3 then 'Bench Owner' end,
      g % 10 < 2, g % 23 = 11,
      case when g % 7 = 2 then 1 + g % 3 else 0 end, case when g % 13 = 5 then 1 else 0 end,
      case when g % 11 = 4 then 1 + g % 3 else 0 end,
      last_at, lpa, at, last_at
    from s)
  insert into ticket_reads (ticket_id, owner_id, seen_at)
  select tid, $6::uuid,
    case when g % 11 = 7 then at + interval '2 hours' when g % 3 = 0 then lpa + interval '1 minute' else at end
  from s
  where $6::uuid is not null and (g % 11 = 7 or (g % 11 = 4 and g % 3 <> 2))`;

const ownLane = laneSql('($1::uuid[])[1]', `($2::uuid[])[(array[${CAMPAIGN_OF_20.join(',')}])[1 + g % 20]]`);
const neighbourLane = laneSql(
  `($1::uuid[])[1 + (g - 1) % ${NEIGHBOURS}]`,
  `($2::uuid[])[2 * ((g - 1) % ${NEIGHBOURS}) + 1 + ((g - 1) / ${NEIGHBOURS}) % 2]`,
);

/** By the number at the end of `name`, e.g. `Bench inbox campaign 3`. */
const byNumber = <T>(rows: T[], name: (r: T) => string) =>
  [...rows].sort((a, b) => Number(/\d+$/.exec(name(a))?.[0]) - Number(/\d+$/.exec(name(b))?.[0]));

/** Seeds the owner's campaigns and tickets and the neighbours'; answers the owner's campaigns, largest first. */
const seedInbox = async (ctx: BenchContext) => {
  const started = performance.now();
  const { pool } = ctx.rt;
  const campaign = `(manufacturer_id, title, state, has_started, started_at, created_at, updated_at)`;
  const { rows: own } = await pool.query<{ id: string; title: string }>(
    `insert into campaigns ${campaign}
     select $1, $2 || k, 'running', true, now() - interval '200 days', now() - interval '200 days', now()
     from generate_series(1, $3::int) k returning id, title`,
    [ctx.owner.manufacturerId, CAMPAIGN_PREFIX, CAMPAIGNS],
  );
  const ownCampaigns = byNumber(own, (r) => r.title).map((r) => r.id);
  const { rows: makers } = await pool.query<{ id: string; name: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id, name',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  const neighbours = byNumber(makers, (r) => r.name).map((r) => r.id);
  const { rows: theirs } = await pool.query<{ id: string; manufacturer_id: string; title: string }>(
    `insert into campaigns ${campaign}
     select m, $2 || j, 'running', true, now() - interval '200 days', now() - interval '200 days', now()
     from unnest($1::uuid[]) m cross join generate_series(1, 2) j returning id, manufacturer_id, title`,
    [neighbours, `${CAMPAIGN_PREFIX}of a neighbour `],
  );
  const theirCampaigns = neighbours.flatMap((m) =>
    byNumber(
      theirs.filter((c) => c.manufacturer_id === m),
      (c) => c.title,
    ).map((c) => c.id),
  );
  // Two lanes of 500,000 tickets on two connections at once (one per core), as contact-list seeds:
  // the owner's, then 400,000 of the neighbours'; and the other 500,000.
  const split = 400_000;
  await Promise.all([
    pool
      .query(ownLane, [[ctx.owner.manufacturerId], ownCampaigns, 1, OWN, words, ctx.owner.ownerId])
      .then(() => pool.query(neighbourLane, [neighbours, theirCampaigns, 1, split, words, null])),
    pool.query(neighbourLane, [neighbours, theirCampaigns, split + 1, NEIGHBOUR_TICKETS, words, null]),
  ]);
  await pool.query(
    `update campaigns c set ticket_count = t.n
     from (select campaign_id, count(*)::int as n from campaign_tickets where campaign_id = any($1::uuid[])
           group by campaign_id) t
     where c.id = t.campaign_id`,
    [[...ownCampaigns, ...theirCampaigns]],
  );
  ctx.progress(`ticket inbox: inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Vacuumed and analysed now, so autovacuum does not start on the new rows while the inbox is measured.
  await pool.query('vacuum (analyze) contacts, campaigns, campaign_tickets, ticket_reads');
  return { campaigns: ownCampaigns, seedMs: performance.now() - started };
};

/** Removes what seedInbox made (also after a seeding that failed half-way). */
const removeInbox = async (ctx: BenchContext) => {
  const { pool } = ctx.rt;
  // The campaigns take their tickets (and these their reads) with them; then the contacts go.
  await Promise.all([
    pool
      .query(
        'delete from campaigns where manufacturer_id in (select id from manufacturers where name like $1)',
        [`${NEIGHBOUR_PREFIX}%`],
      )
      .then(() => pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`])),
    pool
      .query('delete from campaigns where manufacturer_id = $1 and title like $2', [
        ctx.owner.manufacturerId,
        `${CAMPAIGN_PREFIX}%`,
      ])
      .then(() =>
        pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
          ctx.owner.manufacturerId,
          `%.${DOMAIN}`,
        ]),
      ),
  ]);
  // So autovacuum does not clean up the dead rows while the next scenario runs.
  await pool.query('vacuum (analyze) contacts, campaigns, campaign_tickets, ticket_reads');
};

type Request = { label: string; query: string; filter: Partial<TicketFilterQuery> & { campaignId?: string } };

export const ticketInbox: Scenario = {
  name: 'ticket-inbox',
  run: async (ctx) => {
    // Counting 100,000 tickets costs what a contact-book search does: a twentieth of BENCH_REQUESTS per row.
    const requests = Math.max(40, Math.floor(ctx.load.requests / 20));
    const warmup = Math.max(10, Math.floor(ctx.load.warmup / 10));
    try {
      ctx.progress(
        `ticket inbox: seeding ${OWN} tickets of the owner and ${NEIGHBOUR_TICKETS} of ${NEIGHBOURS} neighbours`,
      );
      const { campaigns, seedMs } = await seedInbox(ctx);
      const largest = campaigns[0];
      if (!largest) throw new Error('the owner has no seeded campaign');
      const scope = { manufacturerId: ctx.owner.manufacturerId, ownerId: ctx.owner.ownerId };
      const list: Request[] = [
        { label: 'inbox, first page', query: '', filter: {} },
        { label: 'one campaign', query: `?campaignId=${largest}`, filter: { campaignId: largest } },
        { label: 'unanswered', query: '?unanswered=true', filter: { unanswered: true } },
        { label: 'new comments', query: '?newComments=true', filter: { newComments: true } },
        { label: 'rated up', query: '?rating=up', filter: { rating: 'up' } },
        { label: 'by latest activity', query: '?sort=activity', filter: { sort: 'activity' } },
        { label: `search "${SEARCH}"`, query: `?search=${SEARCH}`, filter: { search: SEARCH } },
      ];
      const lines: string[] = [];
      const pairs: BareSqlPair[] = [];
      for (const r of list) {
        // What the service hands the query for the route's defaults (page 1, limit 20, not archived, newest).
        const { pair, line } = await listPair(ctx, {
          label: r.label,
          path: `/api/campaignTicket/all${r.query}`,
          noun: 'tickets',
          run: (db) =>
            listTickets(db, {
              ...scope,
              archived: 'false',
              sort: 'newest',
              ...r.filter,
              limit: 20,
              offset: pageOffset({ page: 1, limit: 20 }),
            }),
        });
        lines.push(line);
        pairs.push(pair);
      }

      // allCmpTicketIds of the largest campaign: one statement, up to 10,000 ids.
      const idsFilter = { ...scope, archived: 'false', sort: 'newest', campaignId: largest } as const;
      const ids = await statementsOf(ctx.rt.pool, (db) =>
        listTicketIds(db, { ...idsFilter, max: ticketIdsMax }),
      );
      const [idsStatement] = ids.statements;
      if (ids.statements.length !== 1 || !idsStatement)
        throw new Error(`allCmpTicketIds sent ${ids.statements.length} statements, not one`);
      const idsPath = `/api/campaignTicket/${largest}/allCmpTicketIds`;
      const idsAnswer = await fetch(`${ctx.baseUrl}${idsPath}`, {
        headers: { 'x-auth-token': ctx.owner.idToken },
      });
      const idsBody = (await idsAnswer.json()) as { ids?: string[]; truncated?: boolean };
      if (
        idsAnswer.status !== 200 ||
        idsBody.ids?.length !== ids.result.ids.length ||
        idsBody.truncated !== ids.result.truncated
      )
        throw new Error(
          `allCmpTicketIds answered ${idsAnswer.status} with ${idsBody.ids?.length} ids, the bare SQL ${ids.result.ids.length}`,
        );
      lines.push(
        `allCmpTicketIds of the largest campaign: ${idsBody.ids.length} ids${idsBody.truncated ? ' (truncated)' : ''}`,
      );

      const compared = await compareToBareSql(ctx, {
        name: 'ticket inbox',
        pairs,
        requests,
        warmup,
        rounds: ROUNDS,
        targets: { throughput: TARGET_THROUGHPUT, p99Ms: TARGET_P99_MS },
      });
      // 10,000 ids a request (about 390 KB): half the requests of a list row, and no target.
      const idsCompared = await compareToBareSql(ctx, {
        name: 'ticket ids',
        pairs: [
          {
            label: 'allCmpTicketIds, one campaign',
            path: idsPath,
            bare: () => ctx.rt.pool.query(idsStatement),
          },
        ],
        requests: Math.max(20, Math.floor(requests / 2)),
        warmup: Math.max(5, Math.floor(warmup / 2)),
        rounds: ROUNDS,
      });
      return {
        report: [
          `GET /api/campaignTicket/all: ${OWN} tickets of the owner's manufacturer in ${CAMPAIGNS} campaigns (40 %, 25 %,`,
          `20 %, 10 %, 5 %), ${NEIGHBOURS} other manufacturers with ${NEIGHBOUR_TICKETS} tickets in 2 campaigns each, every ticket`,
          `from a contact of its own (seeded in ${(seedMs / 1000).toFixed(1)} s); first page, 20 rows, not archived, newest first`,
          `unless the row says otherwise; ${compared.requestsPerRow} requests per row in ${ROUNDS} rounds taking turns with the other`,
          "side; the bare SQL is the list query's page and count statements, as Drizzle sends them, side by side",
          'through the same pool with pg (with a campaign the route reads the campaign first: one statement more).',
          'The target ratio is throughput (req/s) API / bare SQL, as in owner-me-small.',
          ...lines,
          '',
          compared.table,
          '',
          `GET /api/campaignTicket/{campaignId}/allCmpTicketIds of the largest campaign (no target): ${idsCompared.requestsPerRow}`,
          "requests per row, against the ids query's one statement.",
          '',
          idsCompared.table,
        ].join('\n'),
        summary: `ticket inbox: ${[...compared.summaries, ...idsCompared.summaries].join('; ')}`,
        figures: compared.figures,
      };
    } finally {
      ctx.progress('ticket inbox: removing the seeded tickets, campaigns, contacts and neighbours');
      const started = performance.now();
      await removeInbox(ctx);
      ctx.progress(`ticket inbox: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
