import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CampaignStatistics, QuestionStats, QuestionType, TicketAnswer } from '@parley/contract';
import type { PoolClient } from 'pg';
import { questionOptions, questions } from '../../src/modules/questions/questions.tables.js';
import { type BareSqlPair, compareToBareSql } from '../lib/compare.js';
import { withSeedingLanes } from '../lib/seeding.js';
import type { BenchContext, Scenario } from '../types.js';
import { measureXlsx } from './results-xlsx.js';

/**
 * A campaign's results (D23) on 1,000,000 tickets, seeded here by SQL (never in CI):
 *
 * - the owner's campaign of 100,000 tickets with 10 questions of all four types (3 to 6 options each; a
 *   path rule on the first question's fourth option leads past the next two), each ticket's answers
 *   drawn from 1,024 answer sets built here (as TicketAnswer, the texts and options as participants saw
 *   them), a contact of its own for 49 in 50 (a third of the contacts tagged), a fifth through an
 *   invitation (and 10,000 invitations more, not answered); created over 120 days, 5 % archived, some
 *   rated up and down;
 * - a second campaign of the owner with 10,000 tickets seeded alike (the XLSX's smaller size);
 * - 89 other manufacturers with 2 campaigns of 5,000 tickets each (890,000), 3 answers each (free text,
 *   single and multiple choice), without contacts;
 * - every ticket's ticket_answer_states and ticket_choices rows, written by the same INSERT … SELECT as the
 *   migration 0009's backfill (the rows insertAnswerRows writes with a ticket).
 *
 * Then, through the real routes over HTTP, signed in:
 *
 * 1. `GET /api/campaign/question/xlsx` of 10,000 and of 100,000 tickets, each served by a server process of
 *    its own after a warm-up export: the time to the last byte, rows a second, and the server process's
 *    peak RSS, the file checked; then the XLSX writer alone against ExcelJS's (results-xlsx.ts).
 * 2. `GET /api/campaign/:id/statistics` (daysNumber 90) and `GET /api/campaign/question/stats` without a
 *    filter, with `archived=false` and with a 30-day range, at concurrency 1 and 8, each against the bare
 *    SQL someone would write for the same figures: one aggregate query per figure, sent side by side
 *    through the same pool (the counts grouped over ticket_answer_states and ticket_choices, joined to the
 *    tickets in the filter when there is one, and a page of each free-text question's answers; the
 *    free-text totals are the grouped counts' own). The two sides take turns in ROUNDS rounds.
 *
 * It removes what it made and puts the manufacturer's canExport back.
 *
 * BENCH_RESULTS_XLSX_ONLY=1 measures the export alone, for a machine that is busy with other work: it seeds
 * only the owner's two campaigns (100,000 and 10,000 tickets with their answers, their contacts and
 * invitations, and their ticket_answer_states and ticket_choices rows: the export counts the states to find
 * removed questions) on one connection, without the 890,000 neighbour tickets and the 10,000 unanswered
 * invitations, and runs part 1 only: no statistics or question-stats comparison, so its figures are the
 * export's three.
 */
const OWN = 100_000;
const SMALL = 10_000;
const NEIGHBOURS = 89;
const NEIGHBOUR_TICKETS = 890_000;
const UNANSWERED_INVITATIONS = 10_000;
const TEMPLATES = 1024;
const DAYS = 120;
const STAT_DAYS = 90;
const RANGE_DAYS = 30;
const ROUNDS = 2;
/** The target: each figure at most 1.5 times its bare SQL (the export's: results-xlsx.ts). */
const TARGET_RATIO = 1.5;
const NEIGHBOUR_PREFIX = 'Bench results neighbour ';
const CAMPAIGN_PREFIX = 'Bench results ';
/** Every seeded address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
const DOMAIN = 'results.bench.parley.invalid';
/** BENCH_RESULTS_XLSX_ONLY=1: the owner's two campaigns and the XLSX export, nothing else (see above). */
const XLSX_ONLY = process.env.BENCH_RESULTS_XLSX_ONLY === '1';

type Spec = {
  type: QuestionType;
  text: string;
  optional: boolean;
  options: string[];
  /** An optional question's share left blank. */
  blank?: number;
  /** Led past when the first question's fourth option is chosen. */
  path?: true;
};

/** The ten questions, in order: 3 free texts, 3 single choices, 2 multiple choices, 2 rankings. */
const SPEC: Spec[] = [
  {
    type: 'SingleChoice',
    text: 'Wie sind Sie auf das Gerät aufmerksam geworden?',
    optional: false,
    options: ['Im Fachhandel', 'Durch Freunde', 'Werbung im Netz', 'Gar nicht, es war ein Geschenk'],
  },
  { type: 'FreeText', text: 'Was gefällt Ihnen am besten?', optional: false, options: [], path: true },
  {
    type: 'MultiChoice',
    text: 'Welche Funktionen nutzen Sie?',
    optional: false,
    options: ['Zeitschaltung', 'App-Steuerung', 'Nachtmodus', 'Filteranzeige', 'Sprachsteuerung'],
    path: true,
  },
  {
    type: 'Ranking',
    text: 'Was ist Ihnen am wichtigsten?',
    optional: false,
    options: ['Preis', 'Lautstärke', 'Design', 'Energieverbrauch'],
  },
  {
    type: 'SingleChoice',
    text: 'Wie zufrieden sind Sie insgesamt?',
    optional: false,
    options: ['Sehr zufrieden', 'Zufrieden', 'Unzufrieden'],
  },
  { type: 'FreeText', text: 'Was sollten wir verbessern?', optional: true, options: [], blank: 0.3 },
  {
    type: 'MultiChoice',
    text: 'Wo steht das Gerät?',
    optional: true,
    options: ['Wohnzimmer', 'Schlafzimmer', 'Küche', 'Büro', 'Kinderzimmer', 'Bad'],
    blank: 0.25,
  },
  {
    type: 'Ranking',
    text: 'Ordnen Sie das Zubehör',
    optional: false,
    options: ['Ersatzfilter', 'Fernbedienung', 'Wandhalterung', 'Tragetasche', 'Duftpads'],
  },
  {
    type: 'SingleChoice',
    text: 'Würden Sie uns weiterempfehlen? (0 = nie, 5 = sicher)',
    optional: false,
    options: ['0', '1', '2', '3', '4', '5'],
  },
  { type: 'FreeText', text: 'Möchten Sie uns noch etwas sagen?', optional: true, options: [], blank: 0.6 },
];

type SeedQuestion = Spec & { id: string; optionIds: string[] };

const words = (
  'lieferung verpackung akku display preis qualität service bedienung anleitung farbe größe gewicht ' +
  'lautstärke montage garantie ersatzteil schnell langsam zufrieden enttäuscht stabil wackelig handlich ' +
  'schwer leicht ladekabel fernbedienung software reklamation kundendienst filter luft leise nachts ' +
  'delivery packaging battery screen price quality support manual colour weight noise easy broken love ' +
  'recommend sturdy cheap expensive charger button update warranty spare parts quiet clean air'
).split(' ');

/** A small deterministic generator (mulberry32), so every run seeds the same answers. */
const generator = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * TEMPLATES answer sets of the questions (each ticket takes one by a hash of its number): the answers as
 * TicketAnswer, their count, the search text and excerpt the survey page would store.
 */
const templatesOf = (qs: SeedQuestion[], seed: number) => {
  const r = generator(seed);
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(r() * (max - min + 1));
    const text = Array.from({ length: n }, () => words[Math.floor(r() * words.length)]).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const out = {
    answers: [] as string[],
    counts: [] as number[],
    search: [] as string[],
    excerpts: [] as (string | null)[],
  };
  for (let i = 0; i < TEMPLATES; i++) {
    let ledPast = false;
    const answers = qs.map((q, qi): TicketAnswer => {
      const base = {
        questionId: q.id,
        type: q.type,
        text: q.text,
        optional: q.optional,
        options: q.optionIds.map((id, k) => ({ _id: id, text: q.options[k] ?? '' })),
      };
      if (q.path && ledPast) return { ...base, value: {}, skipped: true, skip: 'path' };
      if (q.blank && r() < q.blank) return { ...base, value: {}, skipped: true, skip: 'blank' };
      const ids = q.optionIds;
      switch (q.type) {
        case 'FreeText':
          return { ...base, value: { text: sentence(3, 40) }, skipped: false };
        case 'SingleChoice': {
          // Skewed towards the first options; the first question's fourth leads past the next two.
          const k = Math.min(ids.length - 1, Math.floor(r() ** 1.3 * ids.length));
          if (qi === 0 && k === 3) ledPast = true;
          return { ...base, value: { optionIds: [ids[k] ?? ''] }, skipped: false };
        }
        case 'MultiChoice': {
          const chosen = ids.filter(() => r() < 0.45);
          return {
            ...base,
            value: { optionIds: chosen.length ? chosen : [ids[Math.floor(r() * ids.length)] ?? ''] },
            skipped: false,
          };
        }
        default: {
          // Ranking: every option, in an order of the participant's.
          const order = [...ids];
          for (let k = order.length - 1; k > 0; k--) {
            const j = Math.floor(r() * (k + 1));
            [order[k], order[j]] = [order[j] ?? '', order[k] ?? ''];
          }
          return { ...base, value: { optionIds: order }, skipped: false };
        }
      }
    });
    const given = answers.filter((a) => !a.skipped);
    const texts = given.filter((a) => a.type === 'FreeText').map((a) => a.value.text ?? '');
    const chosen = given.flatMap((a) =>
      (a.value.optionIds ?? []).map((id) => a.options.find((o) => o._id === id)?.text ?? ''),
    );
    out.answers.push(JSON.stringify(answers));
    out.counts.push(given.length);
    out.search.push([...texts, ...chosen].join(' ').toLowerCase());
    out.excerpts.push(texts[0] ? texts[0].slice(0, 140) : null);
  }
  return out;
};

/**
 * The owner's tickets of one campaign ($2, of manufacturer $1): $3 tickets numbered g, answers from the
 * templates ($4 answers, $5 counts, $6 search texts, $7 excerpts), contacts tagged `$8` in their address.
 * 49 in 50 from a contact (a third tagged `kunde`, some `premium`), a fifth through an invitation (mailed
 * 1–48 hours before, opened, answered), 5 % archived, 12 % rated up, 5 % down, created over DAYS days.
 */
const ownLane = `
  with tpl as materialized (
    select k, a::jsonb as answers, n, search, excerpt
    from unnest($4::text[], $5::int[], $6::text[], $7::text[]) with ordinality u(a, n, search, excerpt, k)),
  s as materialized (
    select g, gen_random_uuid() as cid, gen_random_uuid() as tid,
      now() - ((hashint4(g * 7 + 1) & 2147483647) % ${DAYS * 86400}) * interval '1 second' as at,
      1 + (hashint4(g * 13 + 5) & 2147483647) % ${TEMPLATES} as k
    from generate_series(1, $3::int) g),
  people as (
    insert into contacts (id, manufacturer_id, email, kind, firstname, lastname, tags, created_at, updated_at)
    select cid, $1, 'r' || g || '-' || $8 || '@mail' || (g % 97) || '.${DOMAIN}', 'contact',
      case when g % 17 <> 0 then (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10] end,
      (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
      case when g % 3 = 0 then array['kunde'] when g % 7 = 1 then array['kunde', 'premium'] else '{}'::text[] end,
      at, at
    from s where g % 50 <> 0),
  invited as (
    insert into invitations (manufacturer_id, campaign_id, contact_id, state, sent_at, last_mailed_at,
      opened_at, answered_at, created_at, updated_at)
    select $1, $2, cid, 'answered', at - (1 + g % 48) * interval '1 hour', at - (1 + g % 48) * interval '1 hour',
      at - interval '5 minutes', at, at - (1 + g % 48) * interval '1 hour', at
    from s where g % 5 = 0 and g % 50 <> 0)
  insert into campaign_tickets (id, manufacturer_id, campaign_id, contact_id, source, language, answers,
    answered_count, search_text, excerpt, submission_id, token_hash, ignored, votes_up, votes_down,
    last_activity_at, created_at, updated_at)
  select tid, $1, $2, case when g % 50 <> 0 then cid end,
    case when g % 5 = 0 and g % 50 <> 0 then 'invitation' else 'openLink' end,
    case when g % 3 = 0 then 'en' else 'de' end,
    tpl.answers, tpl.n, tpl.search, tpl.excerpt, gen_random_uuid(), 'bench-' || tid, g % 20 = 7,
    case when g % 8 = 1 then 1 else 0 end, case when g % 19 = 3 then 1 else 0 end,
    at, at, at
  from s join tpl using (k)`;

/** Invitations of the campaign $2 that were mailed (40 % opened) but not answered, each to a new contact. */
const unansweredLane = `
  with s as materialized (
    select g, gen_random_uuid() as cid, now() - ((hashint4(g * 11) & 2147483647) % ${DAYS * 86400}) * interval '1 second' as at
    from generate_series(1, $3::int) g),
  people as (
    insert into contacts (id, manufacturer_id, email, kind, lastname, created_at, updated_at)
    select cid, $1, 'invited' || g || '-' || $4 || '@mail' || (g % 97) || '.${DOMAIN}', 'contact', 'Gast', at, at
    from s)
  insert into invitations (manufacturer_id, campaign_id, contact_id, state, sent_at, last_mailed_at, opened_at,
    created_at, updated_at)
  select $1, $2, cid, case when g % 5 < 2 then 'opened' else 'sent' end, at, at,
    case when g % 5 < 2 then at + interval '3 hours' end, at, at
  from s`;

/** Word i of ticket g ($5: the words). */
const w = (i: number) => `($5::text[])[1 + (hashint4(g * 16 + ${i}) & 2147483647) % ${words.length}]`;

/**
 * The neighbours' tickets numbered g from $3 to $4: of manufacturer $1[…], campaign $2[…] (two each), no
 * contact, three answers (free text, single choice of 4, multiple choice of 4), the question and option
 * ids made from the campaign's id.
 */
const neighbourLane = `
  with cq as materialized (
    select c, ord, md5(c::text || ':q1')::uuid as q1, md5(c::text || ':q2')::uuid as q2,
      md5(c::text || ':q3')::uuid as q3,
      array(select md5(c::text || ':o' || k)::uuid from generate_series(1, 4) k) as o2,
      array(select md5(c::text || ':m' || k)::uuid from generate_series(1, 4) k) as o3
    from unnest($2::uuid[]) with ordinality u(c, ord)),
  cj as materialized (
    select *,
      jsonb_build_array(jsonb_build_object('_id', o2[1], 'text', 'Sehr gut'), jsonb_build_object('_id', o2[2], 'text', 'Gut'),
        jsonb_build_object('_id', o2[3], 'text', 'Geht so'), jsonb_build_object('_id', o2[4], 'text', 'Schlecht')) as opts2,
      jsonb_build_array(jsonb_build_object('_id', o3[1], 'text', 'Preis'), jsonb_build_object('_id', o3[2], 'text', 'Design'),
        jsonb_build_object('_id', o3[3], 'text', 'Service'), jsonb_build_object('_id', o3[4], 'text', 'Lieferung')) as opts3
    from cq),
  s as (
    select g, gen_random_uuid() as tid,
      now() - ((hashint4(g * 7 + 3) & 2147483647) % ${DAYS * 86400}) * interval '1 second' as at,
      ($1::uuid[])[1 + (g - 1) % ${NEIGHBOURS}] as m,
      2 * ((g - 1) % ${NEIGHBOURS}) + 1 + ((g - 1) / ${NEIGHBOURS}) % 2 as ci
    from generate_series($3::int, $4::int) g)
  insert into campaign_tickets (id, manufacturer_id, campaign_id, source, language, answers, answered_count,
    search_text, submission_id, token_hash, ignored, last_activity_at, created_at, updated_at)
  select tid, m, cj.c, 'openLink', 'de',
    jsonb_build_array(
      jsonb_build_object('questionId', cj.q1, 'type', 'FreeText', 'text', 'Was denken Sie?', 'optional', false,
        'options', '[]'::jsonb, 'value', jsonb_build_object('text', ${w(1)} || ' ' || ${w(2)} || ' ' || ${w(3)} || ' ' || ${w(4)}),
        'skipped', false),
      jsonb_build_object('questionId', cj.q2, 'type', 'SingleChoice', 'text', 'Wie zufrieden sind Sie?',
        'optional', false, 'options', cj.opts2, 'value', jsonb_build_object('optionIds', jsonb_build_array(cj.o2[1 + g % 4])),
        'skipped', false),
      jsonb_build_object('questionId', cj.q3, 'type', 'MultiChoice', 'text', 'Was zählt für Sie?',
        'optional', false, 'options', cj.opts3, 'value', jsonb_build_object('optionIds', to_jsonb(array_remove(array[
          cj.o3[1 + g % 4], case when g % 3 = 0 then cj.o3[1 + (g + 1) % 4] end], null))),
        'skipped', false)),
    3, '', gen_random_uuid(), 'bench-' || tid, g % 25 = 3, at, at, at
  from s join cj on cj.ord = s.ci`;

/** The migration 0009's backfill, for the campaigns $1: what insertAnswerRows writes with each ticket. */
const backfillStates = `
  insert into ticket_answer_states (ticket_id, campaign_id, question_id, state, text, created_at)
  select t.id, t.campaign_id, (a->>'questionId')::uuid,
    case
      when not (a->>'skipped')::boolean then 'answered'
      when a->>'skip' = 'path' or (a->>'skip' is null and not (a->>'optional')::boolean) then 'path'
      else 'blank'
    end,
    case when a->>'type' = 'FreeText' and not (a->>'skipped')::boolean then a->'value'->>'text' end,
    t.created_at
  from campaign_tickets t cross join lateral jsonb_array_elements(t.answers) a
  where t.campaign_id = any($1::uuid[])
  on conflict do nothing`;
const backfillChoices = `
  insert into ticket_choices (ticket_id, campaign_id, question_id, option_id, position)
  select t.id, t.campaign_id, (a->>'questionId')::uuid, o.id::uuid, case when a->>'type' = 'Ranking' then o.n end
  from campaign_tickets t
    cross join lateral jsonb_array_elements(t.answers) a
    cross join lateral jsonb_array_elements_text(coalesce(a->'value'->'optionIds', '[]'::jsonb)) with ordinality o(id, n)
  where t.campaign_id = any($1::uuid[]) and a->>'type' <> 'FreeText' and not (a->>'skipped')::boolean
  on conflict do nothing`;

/** A campaign of the owner with the ten questions (the path rule on the first); answers its questions. */
const ownCampaign = async (ctx: BenchContext, title: string, language: 'de' | 'en') => {
  const { rows } = await ctx.rt.pool.query<{ id: string }>(
    `insert into campaigns (manufacturer_id, title, language, state, has_started, started_at, question_count,
       created_at, updated_at)
     values ($1, $2, $3, 'running', true, now() - interval '${DAYS + 1} days', $4, now() - interval '${DAYS + 1} days', now())
     returning id`,
    [ctx.owner.manufacturerId, title, language, SPEC.length],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) throw new Error('the campaign was not made');
  const qs: SeedQuestion[] = SPEC.map((s) => ({
    ...s,
    id: randomUUID(),
    optionIds: s.options.map(() => randomUUID()),
  }));
  const [first, , , fourth] = qs;
  await ctx.rt.db.insert(questions).values(
    qs.map((q, order) => ({
      id: q.id,
      campaignId,
      manufacturerId: ctx.owner.manufacturerId,
      type: q.type,
      text: q.text,
      optional: q.optional,
      order,
      pathRules: q === first && fourth ? [{ optionId: q.optionIds[3] ?? '', nextQuestionId: fourth.id }] : [],
    })),
  );
  await ctx.rt.db.insert(questionOptions).values(
    qs.flatMap((q) =>
      q.optionIds.map((id, order) => ({
        id,
        questionId: q.id,
        manufacturerId: ctx.owner.manufacturerId,
        text: q.options[order] ?? '',
        order,
      })),
    ),
  );
  return { campaignId, qs };
};

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { pool } = ctx.rt;
  const m = ctx.owner.manufacturerId;
  const big = await ownCampaign(ctx, `${CAMPAIGN_PREFIX}100k`, 'de');
  const small = await ownCampaign(ctx, `${CAMPAIGN_PREFIX}10k`, 'en');
  if (XLSX_ONLY) {
    // One connection, the foreign-key triggers on: the owner's 110,000 tickets alone.
    const lane = await pool.connect();
    try {
      return await seedXlsxOnly(ctx, lane, { m, big, small, started });
    } finally {
      lane.release();
    }
  }
  const { rows: makers } = await pool.query<{ id: string; name: string }>(
    'insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id, name',
    [NEIGHBOUR_PREFIX, NEIGHBOURS],
  );
  const byNumber = <T>(xs: T[], name: (x: T) => string) =>
    [...xs].sort((a, b) => Number(/\d+$/.exec(name(a))?.[0]) - Number(/\d+$/.exec(name(b))?.[0]));
  const neighbours = byNumber(makers, (r) => r.name).map((r) => r.id);
  const { rows: theirs } = await pool.query<{ id: string; manufacturer_id: string; title: string }>(
    `insert into campaigns (manufacturer_id, title, state, has_started, started_at, question_count, created_at, updated_at)
     select m, $2 || j, 'running', true, now() - interval '200 days', 3, now() - interval '200 days', now()
     from unnest($1::uuid[]) m cross join generate_series(1, 2) j returning id, manufacturer_id, title`,
    [neighbours, `${CAMPAIGN_PREFIX}of a neighbour `],
  );
  const theirCampaigns = neighbours.flatMap((n) =>
    byNumber(
      theirs.filter((c) => c.manufacturer_id === n),
      (c) => c.title,
    ).map((c) => c.id),
  );
  // Two connections, one per core, the foreign-key triggers off while they seed when it can (lib/seeding.ts).
  return withSeedingLanes(ctx, (one, two, replica) =>
    seedOn(ctx, one, two, { m, big, small, neighbours, theirCampaigns, started, replica }),
  );
};

/** BENCH_RESULTS_XLSX_ONLY: the owner's two campaigns' tickets and their answer rows, on one connection. */
const seedXlsxOnly = async (
  ctx: BenchContext,
  lane: PoolClient,
  x: Pick<Seeding, 'm' | 'big' | 'small' | 'started'>,
) => {
  const { m, big, small, started } = x;
  ctx.progress("results: inserting the owner's tickets (BENCH_RESULTS_XLSX_ONLY: nothing else)");
  for (const [c, n, tag, seedNo] of [
    [big, OWN, 'big', 1],
    [small, SMALL, 'small', 2],
  ] as const) {
    const t = templatesOf(c.qs, seedNo);
    await lane.query(ownLane, [m, c.campaignId, n, t.answers, t.counts, t.search, t.excerpts, tag]);
  }
  const inserted = performance.now();
  ctx.progress(
    `results: tickets inserted in ${((inserted - started) / 1000).toFixed(1)} s, now their answer rows`,
  );
  const all = [big.campaignId, small.campaignId];
  await lane.query(backfillStates, [all]);
  await lane.query(backfillChoices, [all]);
  return finishSeeding(ctx, { big, small, all, started, inserted });
};

type Seeding = {
  m: string;
  big: { campaignId: string; qs: SeedQuestion[] };
  small: { campaignId: string; qs: SeedQuestion[] };
  neighbours: string[];
  theirCampaigns: string[];
  started: number;
  replica: boolean;
};

const seedOn = async (ctx: BenchContext, one: PoolClient, two: PoolClient, x: Seeding) => {
  const { m, big, small, neighbours, theirCampaigns, started } = x;
  const own = async (
    c: { campaignId: string; qs: SeedQuestion[] },
    n: number,
    tag: string,
    seedNo: number,
  ) => {
    const t = templatesOf(c.qs, seedNo);
    await one.query(ownLane, [m, c.campaignId, n, t.answers, t.counts, t.search, t.excerpts, tag]);
  };
  const split = 400_000;
  ctx.progress(
    `results: inserting the tickets${x.replica ? ' (foreign-key triggers off while seeding)' : ''}`,
  );
  await Promise.all([
    own(big, OWN, 'big', 1)
      .then(() => own(small, SMALL, 'small', 2))
      .then(() => one.query(unansweredLane, [m, big.campaignId, UNANSWERED_INVITATIONS, 'big']))
      .then(() => one.query(neighbourLane, [neighbours, theirCampaigns, 1, split, words])),
    two.query(neighbourLane, [neighbours, theirCampaigns, split + 1, NEIGHBOUR_TICKETS, words]),
  ]);
  const inserted = performance.now();
  ctx.progress(
    `results: tickets inserted in ${((inserted - started) / 1000).toFixed(1)} s, now their answer rows`,
  );
  const half = theirCampaigns.length / 2;
  await Promise.all(
    (
      [
        [one, [big.campaignId, small.campaignId, ...theirCampaigns.slice(0, half)]],
        [two, theirCampaigns.slice(half)],
      ] as const
    ).map(([c, ids]) => c.query(backfillStates, [ids]).then(() => c.query(backfillChoices, [ids]))),
  );
  const all = [big.campaignId, small.campaignId, ...theirCampaigns];
  return finishSeeding(ctx, { big, small, all, started, inserted });
};

/**
 * The end of either seeding: the campaigns' ticket counts, a vacuum and analyse (the visibility map, for
 * index-only scans; and so autovacuum does not start on the new rows while the routes are measured), and
 * the sizes the report prints.
 */
const finishSeeding = async (
  ctx: BenchContext,
  x: { big: Seeding['big']; small: Seeding['small']; all: string[]; started: number; inserted: number },
) => {
  const { pool } = ctx.rt;
  const { big, small, all, started, inserted } = x;
  await pool.query(
    `update campaigns c set ticket_count = t.n
     from (select campaign_id, count(*)::int as n from campaign_tickets where campaign_id = any($1::uuid[])
           group by campaign_id) t
     where c.id = t.campaign_id`,
    [all],
  );
  const answerRows = performance.now();
  ctx.progress(
    `results: answer rows in ${((answerRows - inserted) / 1000).toFixed(1)} s, now vacuum and analyze`,
  );
  await pool.query(
    'vacuum (analyze) contacts, campaigns, campaign_tickets, invitations, questions, question_options, ticket_answer_states, ticket_choices',
  );
  const { rows: sizes } = await pool.query<{ tickets: number; states: number; choices: number }>(
    `select (select count(*)::int from campaign_tickets) as tickets,
       (select count(*)::int from ticket_answer_states) as states,
       (select count(*)::int from ticket_choices) as choices`,
  );
  const { rows: mine } = await pool.query<{ states: number; choices: number }>(
    `select (select count(*)::int from ticket_answer_states where campaign_id = $1) as states,
       (select count(*)::int from ticket_choices where campaign_id = $1) as choices`,
    [big.campaignId],
  );
  return {
    big,
    small,
    all,
    sizes: sizes[0],
    mine: mine[0],
    seedMs: performance.now() - started,
    phases: {
      ticketsMs: inserted - started,
      answersMs: answerRows - inserted,
      vacuumMs: performance.now() - answerRows,
    },
  };
};

/** Removes what seed made (also after a seeding that failed half-way). */
const remove = async (ctx: BenchContext) => {
  const { pool } = ctx.rt;
  const { rows } = await pool.query<{ id: string }>(
    `select c.id from campaigns c
     where (c.manufacturer_id = $1 and c.title like $2)
        or c.manufacturer_id in (select id from manufacturers where name like $3)`,
    [ctx.owner.manufacturerId, `${CAMPAIGN_PREFIX}%`, `${NEIGHBOUR_PREFIX}%`],
  );
  const ids = rows.map((r) => r.id);
  // The answer rows by their campaign index first (the tickets' cascade would find them one ticket at a time).
  await Promise.all([
    pool.query('delete from ticket_answer_states where campaign_id = any($1::uuid[])', [ids]),
    pool.query('delete from ticket_choices where campaign_id = any($1::uuid[])', [ids]),
  ]);
  await pool.query('delete from campaigns where id = any($1::uuid[])', [ids]);
  await Promise.all([
    pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
    pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
      ctx.owner.manufacturerId,
      `%.${DOMAIN}`,
    ]),
  ]);
  await pool.query(
    'vacuum (analyze) contacts, campaigns, campaign_tickets, invitations, ticket_answer_states, ticket_choices',
  );
};

/** The instants a calendar day starts and the day after `to` starts, in the time zone ($tz). */
const dayWindow = (from: string, to: string, timeZone: string) => ({
  from: { text: `(($F::date)::timestamp at time zone $TZ)`, value: from },
  to: { text: `(($T::date + 1)::timestamp at time zone $TZ)`, value: to },
  timeZone,
});

/** `text` with $F, $T, $TZ numbered after the other parameters. */
const numbered = (text: string, first: number) =>
  text
    .replaceAll('$TZ', `$${first + 2}`)
    .replaceAll('$T', `$${first + 1}`)
    .replaceAll('$F', `$${first}`);

/** A filter of question stats: its query, and the bare SQL's conditions on the tickets `t`. */
type Filter = { label: string; query: string; where: string; params: unknown[] };

/** The bare SQL of question stats for `filter`: the ticket count, the grouped counts, a free-text page each. */
const questionStatsBare = (ctx: BenchContext, campaignId: string, freeText: string[], f: Filter) => {
  const { pool } = ctx.rt;
  const p = [campaignId, ...f.params];
  const count = `select count(*)::int as n from campaign_tickets t where t.campaign_id = $1${f.where}`;
  const joined = f.where ? ' join campaign_tickets t on t.id = x.ticket_id' : '';
  const states = `select x.question_id, x.state, count(*)::int as n from ticket_answer_states x${joined}
    where x.campaign_id = $1${f.where} group by x.question_id, x.state`;
  const choices = `select x.question_id, x.option_id, x.position, count(*)::int as n from ticket_choices x${joined}
    where x.campaign_id = $1${f.where} group by x.question_id, x.option_id, x.position`;
  const page = `select x.ticket_id, x.text, x.created_at from ticket_answer_states x${joined}
    where x.campaign_id = $1 and x.question_id = $${p.length + 1} and x.state = 'answered'${f.where}
    order by x.created_at desc, x.ticket_id desc limit 10`;
  return {
    run: () =>
      Promise.all([
        pool.query<{ n: number }>(count, p),
        pool.query<{ question_id: string; state: string; n: number }>(states, p),
        pool.query<{ question_id: string; option_id: string; position: number | null; n: number }>(
          choices,
          p,
        ),
        ...freeText.map((q) => pool.query<{ ticket_id: string }>(page, [...p, q])),
      ]),
    statements: { count, states, choices, page },
  };
};

/** Checks the route's answer against the bare SQL's rows: the same tickets, states, choices and pages. */
const checkStats = async (
  ctx: BenchContext,
  pathAndQuery: string,
  bare: ReturnType<typeof questionStatsBare>,
) => {
  const res = await fetch(`${ctx.baseUrl}${pathAndQuery}`, {
    headers: { 'x-auth-token': ctx.owner.idToken },
  });
  const body = (await res.json()) as QuestionStats;
  if (res.status !== 200) throw new Error(`${pathAndQuery} answered ${res.status}: ${JSON.stringify(body)}`);
  const [count, states, choices, ...pages] = await bare.run();
  const n = count.rows[0]?.n ?? -1;
  if (body.tickets !== n) throw new Error(`${pathAndQuery}: ${body.tickets} tickets, the bare SQL ${n}`);
  const stateSum = (q: string, s: string) =>
    states.rows.filter((r) => r.question_id === q && r.state === s).reduce((a, r) => a + r.n, 0);
  let free = 0;
  for (const q of body.questions) {
    if (
      q.answered !== stateSum(q.questionId, 'answered') ||
      q.skippedByPath !== stateSum(q.questionId, 'path')
    )
      throw new Error(`${pathAndQuery}: question ${q.text} counts differ from the bare SQL's`);
    for (const o of q.options) {
      const c = choices.rows.filter((r) => r.question_id === q.questionId && r.option_id === o._id);
      if (o.count !== c.reduce((a, r) => a + r.n, 0))
        throw new Error(`${pathAndQuery}: option ${o.text} counts differ from the bare SQL's`);
    }
    if (q.freeText) {
      const page = pages[free++];
      if (q.freeText.items.map((i) => i.ticketId).join() !== page?.rows.map((r) => r.ticket_id).join())
        throw new Error(`${pathAndQuery}: the free-text page of ${q.text} differs from the bare SQL's`);
    }
  }
  return {
    tickets: body.tickets,
    bytes: JSON.stringify(body).length,
    stateRows: states.rows.reduce((a, r) => a + r.n, 0),
    choiceRows: choices.rows.reduce((a, r) => a + r.n, 0),
  };
};

/** A calendar day `n` days before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export const results: Scenario = {
  name: 'results',
  run: async (ctx) => {
    const { pool } = ctx.rt;
    const requests = Math.max(20, Math.floor(ctx.load.requests / 50));
    const warmup = Math.max(4, Math.floor(ctx.load.warmup / 20));
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-bench-xlsx-'));
    const { rows: flags } = await pool.query<{ can_export: boolean }>(
      'select can_export from manufacturers where id = $1',
      [ctx.owner.manufacturerId],
    );
    try {
      await pool.query('update manufacturers set can_export = true where id = $1', [
        ctx.owner.manufacturerId,
      ]);
      ctx.progress(
        XLSX_ONLY
          ? `results: seeding ${OWN} + ${SMALL} tickets of the owner only (BENCH_RESULTS_XLSX_ONLY)`
          : `results: seeding ${OWN} + ${SMALL} tickets of the owner and ${NEIGHBOUR_TICKETS} of ${NEIGHBOURS} neighbours, with their answer rows`,
      );
      const seeded = await seed(ctx);
      const bigId = seeded.big.campaignId;
      const smallId = seeded.small.campaignId;

      // 1. The XLSX, each size in a server process of its own (results-xlsx.ts).
      const xlsx = await measureXlsx(ctx, {
        smallId,
        small: SMALL,
        bigId,
        big: OWN,
        columns: 8 + SPEC.length,
        dir,
      });
      if (XLSX_ONLY) {
        const { sizes, mine, phases } = seeded;
        return {
          report: [
            `Results (D23), BENCH_RESULTS_XLSX_ONLY: the owner's campaigns of ${OWN} and ${SMALL} tickets alone (10 questions:`,
            `3 free texts, 3 single choices, 2 multiple choices, 2 rankings, 3–6 options; a path rule leads past two questions),`,
            `${sizes?.tickets} tickets in all, no neighbours; ticket_answer_states ${sizes?.states} rows (${mine?.states} of the ${OWN}),`,
            `ticket_choices ${sizes?.choices} (${mine?.choices}); no statistics or question stats measured. Seeded in`,
            `${(seeded.seedMs / 1000).toFixed(1)} s (tickets ${(phases.ticketsMs / 1000).toFixed(1)} s, answer rows ${(phases.answersMs / 1000).toFixed(1)} s, vacuum and analyze ${(phases.vacuumMs / 1000).toFixed(1)} s).`,
            '',
            ...xlsx.report,
          ].join('\n'),
          summary: xlsx.summary,
          figures: xlsx.figures,
        };
      }

      // 2. Statistics and question stats against their bare SQL.
      const statsPath = `/api/campaign/${bigId}/statistics?daysNumber=${STAT_DAYS}`;
      const statsRes = await fetch(`${ctx.baseUrl}${statsPath}`, {
        headers: { 'x-auth-token': ctx.owner.idToken },
      });
      const stats = (await statsRes.json()) as CampaignStatistics;
      if (statsRes.status !== 200) throw new Error(`${statsPath} answered ${statsRes.status}`);
      const win = dayWindow(stats.from, stats.to, stats.timeZone);
      const statsBare = {
        totals: `select count(*)::int as answers, (count(*) filter (where source = 'openLink'))::int as open_link,
            (count(*) filter (where source = 'invitation'))::int as invitation
          from campaign_tickets where campaign_id = $1`,
        invitations: `select count(*)::int as invited, count(sent_at)::int as delivered,
            (count(*) filter (where opened_at is not null or answered_at is not null))::int as opened,
            count(answered_at)::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from answered_at - sent_at))
              filter (where answered_at is not null and sent_at is not null) as median_seconds
          from invitations where campaign_id = $1`,
        perDay: numbered(
          `select (created_at at time zone $TZ)::date as day, count(*)::int as n from campaign_tickets
          where campaign_id = $1 and created_at >= ${win.from.text} and created_at < ${win.to.text}
          group by 1 order by 1`,
          2,
        ),
      };
      const runStatsBare = () =>
        Promise.all([
          pool.query<{ answers: number; open_link: number; invitation: number }>(statsBare.totals, [bigId]),
          pool.query<{ invited: number; delivered: number; answered: number }>(statsBare.invitations, [
            bigId,
          ]),
          pool.query<{ day: string; n: number }>(statsBare.perDay, [
            bigId,
            win.from.value,
            win.to.value,
            win.timeZone,
          ]),
        ]);
      const [totals, inv, perDay] = await runStatsBare();
      const inWindow = perDay.rows.reduce((a, r) => a + r.n, 0);
      if (
        totals.rows[0]?.answers !== stats.answers ||
        totals.rows[0]?.invitation !== stats.bySource.invitation ||
        inv.rows[0]?.delivered !== stats.delivered ||
        inWindow !== stats.answersInWindow
      )
        throw new Error(`the statistics differ from the bare SQL's: ${JSON.stringify(stats).slice(0, 300)}`);

      const freeText = seeded.big.qs.filter((q) => q.type === 'FreeText').map((q) => q.id);
      const to = stats.to;
      const from = daysBefore(to, RANGE_DAYS - 1);
      const filters: Filter[] = [
        { label: 'question stats, no filter', query: '', where: '', params: [] },
        {
          label: 'question stats, archived=false',
          query: '&archived=false',
          where: ' and t.ignored = false',
          params: [],
        },
        {
          label: `question stats, ${RANGE_DAYS} days`,
          query: `&from=${from}&to=${to}`,
          where: numbered(` and t.created_at >= ${win.from.text} and t.created_at < ${win.to.text}`, 2),
          params: [from, to, stats.timeZone],
        },
      ];
      const lines: string[] = [
        `statistics, ${STAT_DAYS} days (${stats.from} to ${stats.to}, ${stats.timeZone}): ${stats.answers} answers, ${stats.answersInWindow} in the window, ${stats.invited} invited, ${stats.delivered} delivered, ${stats.invitationAnswers} answered`,
      ];
      const pairs: BareSqlPair[] = [
        { label: `statistics, ${STAT_DAYS} days`, path: statsPath, bare: runStatsBare },
      ];
      for (const f of filters) {
        const bare = questionStatsBare(ctx, bigId, freeText, f);
        const p = `/api/campaign/question/stats?campaignId=${bigId}${f.query}`;
        const checked = await checkStats(ctx, p, bare);
        lines.push(
          `${f.label}: ${checked.tickets} tickets, ${checked.stateRows} answer states and ${checked.choiceRows} choices counted, ${(checked.bytes / 1024).toFixed(1)} KiB of JSON`,
        );
        pairs.push({ label: f.label, path: p, bare: bare.run });
      }
      const compared = await compareToBareSql(ctx, {
        name: 'results',
        pairs,
        requests,
        warmup,
        rounds: ROUNDS,
        targets: { latencyRatio: TARGET_RATIO },
      });

      const { sizes, mine, phases } = seeded;
      return {
        report: [
          `Results (D23): the owner's campaign of ${OWN} tickets (10 questions: 3 free texts, 3 single choices, 2 multiple`,
          `choices, 2 rankings, 3–6 options; a path rule leads past two questions) and one of ${SMALL}, among ${sizes?.tickets}`,
          `tickets in all (${NEIGHBOURS} other manufacturers, 2 campaigns each); ticket_answer_states ${sizes?.states} rows`,
          `(${mine?.states} of the campaign), ticket_choices ${sizes?.choices} (${mine?.choices}). Seeded in ${(seeded.seedMs / 1000).toFixed(1)} s`,
          `(tickets ${(phases.ticketsMs / 1000).toFixed(1)} s, answer rows ${(phases.answersMs / 1000).toFixed(1)} s, vacuum and analyze ${(phases.vacuumMs / 1000).toFixed(1)} s).`,
          '',
          ...xlsx.report,
          '',
          `Statistics and question stats of the ${OWN}-ticket campaign against one hand-written aggregate query per`,
          `figure sent side by side through the same pool (${compared.requestsPerRow} requests per side and row, in ${ROUNDS} rounds`,
          'taking turns); the route also reads the campaign (and for question stats its questions) first.',
          ...lines,
          '',
          compared.table,
        ].join('\n'),
        summary: `${xlsx.summary}; ${compared.summaries.join('; ')}`,
        figures: [...compared.figures, ...xlsx.figures],
      };
    } finally {
      ctx.progress('results: removing the seeded tickets, campaigns, contacts and neighbours');
      const started = performance.now();
      await remove(ctx);
      await pool.query('update manufacturers set can_export = $2 where id = $1', [
        ctx.owner.manufacturerId,
        flags[0]?.can_export ?? false,
      ]);
      await rm(dir, { recursive: true, force: true });
      ctx.progress(`results: removed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  },
};
