import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { questionOptions, questions } from '../../src/modules/questions/questions.tables.js';
import type { BenchContext } from '../types.js';
import { withSeedingLanes } from './seeding.js';

/**
 * Seeding for the ticket-scale scenario: one campaign of the owner with ten questions, grown in place by
 * numbered tickets (g) with everything the ticket screens and the results read: a contact each, answer
 * rows (ticket_answer_states, ticket_choices) drawn from TEMPLATES answer sets, invitations for a fifth,
 * what the owner read, and one contact list holding one contact in 100. Written by SQL over
 * generate_series, as the other scenarios seed (never in CI).
 */
export const TEMPLATES = 256;
/** The tickets are created over this many days before now. */
export const DAYS = 120;
/** Every seeded contact's address is at a subdomain of this (reserved, RFC 2606), so the clean-up finds them. */
export const DOMAIN = 'scale.bench.parley.invalid';
/** In the answers of one ticket in 200; no other word holds it. */
export const SEARCH = 'kondenswasser';
export const CAMPAIGN_PREFIX = 'Bench scale ';
export const NEIGHBOUR_PREFIX = 'Bench scale neighbour ';
export const LIST_NAME = 'Bench scale list';

type Spec = {
  type: 'FreeText' | 'SingleChoice' | 'MultiChoice' | 'Ranking';
  options: number;
  blank?: number;
};
/** Ten questions as results has them: 3 free texts, 3 single choices, 2 multiple choices, 2 rankings. */
const SPEC: Spec[] = [
  { type: 'SingleChoice', options: 4 },
  { type: 'FreeText', options: 0 },
  { type: 'MultiChoice', options: 5 },
  { type: 'Ranking', options: 4 },
  { type: 'SingleChoice', options: 3 },
  { type: 'FreeText', options: 0, blank: 0.3 },
  { type: 'MultiChoice', options: 6, blank: 0.25 },
  { type: 'Ranking', options: 5 },
  { type: 'SingleChoice', options: 6 },
  { type: 'FreeText', options: 0, blank: 0.6 },
];

const words = (
  'lieferung verpackung akku display preis qualität service bedienung anleitung farbe größe gewicht ' +
  'lautstärke montage garantie ersatzteil schnell langsam zufrieden enttäuscht stabil wackelig handlich ' +
  'delivery packaging battery screen price quality support manual colour weight noise easy broken love'
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

export type ScaleQuestion = Spec & { id: string; optionIds: string[] };

/** The answer sets as arrays for unnest: per template its count, search text and excerpt; its rows. */
const templatesOf = (qs: ScaleQuestion[]) => {
  const r = generator(29);
  const t = {
    k: [] as number[],
    n: [] as number[],
    search: [] as string[],
    excerpt: [] as (string | null)[],
    states: { k: [] as number[], q: [] as string[], state: [] as string[], text: [] as (string | null)[] },
    choices: { k: [] as number[], q: [] as string[], o: [] as string[], p: [] as (number | null)[] },
  };
  for (let k = 1; k <= TEMPLATES; k++) {
    let ledPast = false;
    const texts: string[] = [];
    let given = 0;
    qs.forEach((q, qi) => {
      const state =
        q.type !== 'SingleChoice' && qi < 3 && ledPast
          ? 'path'
          : q.blank && r() < q.blank
            ? 'blank'
            : 'answered';
      let text: string | null = null;
      if (state === 'answered') {
        given++;
        const ids = q.optionIds;
        let chosen: string[] = [];
        if (q.type === 'FreeText') {
          const n = 3 + Math.floor(r() * 20);
          text = Array.from({ length: n }, () => words[Math.floor(r() * words.length)]).join(' ');
          texts.push(text);
        } else if (q.type === 'SingleChoice') {
          const i = Math.min(ids.length - 1, Math.floor(r() ** 1.3 * ids.length));
          if (qi === 0 && i === 3) ledPast = true;
          chosen = [ids[i] ?? ''];
        } else if (q.type === 'MultiChoice') {
          chosen = ids.filter(() => r() < 0.45);
          if (chosen.length === 0) chosen = [ids[Math.floor(r() * ids.length)] ?? ''];
        } else {
          chosen = [...ids].sort(() => r() - 0.5);
        }
        chosen.forEach((o, i) => {
          t.choices.k.push(k);
          t.choices.q.push(q.id);
          t.choices.o.push(o);
          t.choices.p.push(q.type === 'Ranking' ? i + 1 : null);
        });
      }
      t.states.k.push(k);
      t.states.q.push(q.id);
      t.states.state.push(state);
      t.states.text.push(text);
    });
    t.k.push(k);
    t.n.push(given);
    t.search.push(texts.join(' '));
    t.excerpt.push(texts[0] ? texts[0].slice(0, 140) : null);
  }
  return t;
};
export type Templates = ReturnType<typeof templatesOf>;

/** A running campaign of the owner with the ten questions; answers its id, questions and answer sets. */
export const scaleCampaign = async (ctx: BenchContext, title: string) => {
  const { rows } = await ctx.rt.pool.query<{ id: string }>(
    `insert into campaigns (manufacturer_id, title, language, state, has_started, started_at, question_count,
       created_at, updated_at)
     values ($1, $2, 'de', 'running', true, now() - interval '${DAYS + 1} days', $3,
       now() - interval '${DAYS + 1} days', now())
     returning id`,
    [ctx.owner.manufacturerId, title, SPEC.length],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) throw new Error('the campaign was not made');
  const qs: ScaleQuestion[] = SPEC.map((s) => ({
    ...s,
    id: randomUUID(),
    optionIds: Array.from({ length: s.options }, () => randomUUID()),
  }));
  await ctx.rt.db.insert(questions).values(
    qs.map((q, order) => ({
      id: q.id,
      campaignId,
      manufacturerId: ctx.owner.manufacturerId,
      type: q.type,
      text: `Frage ${order + 1}`,
      optional: q.blank !== undefined,
      order,
    })),
  );
  await ctx.rt.db.insert(questionOptions).values(
    qs.flatMap((q) =>
      q.optionIds.map((id, order) => ({
        id,
        questionId: q.id,
        manufacturerId: ctx.owner.manufacturerId,
        text: `Option ${order + 1}`,
        order,
      })),
    ),
  );
  const { rows: list } = await ctx.rt.pool.query<{ id: string }>(
    'insert into contact_lists (manufacturer_id, name) values ($1, $2) returning id',
    [ctx.owner.manufacturerId, `${LIST_NAME} ${campaignId.slice(0, 8)}`],
  );
  const listId = list[0]?.id;
  if (!listId) throw new Error('the contact list was not made');
  return { campaignId, listId, qs, templates: templatesOf(qs) };
};
export type ScaleCampaign = Awaited<ReturnType<typeof scaleCampaign>>;

/** The i-th word of ticket g. */
const w = (i: number) =>
  `($19::text[])[1 + (hashint4(g * 16 + ${i}) & 2147483647) % array_length($19::text[], 1)]`;

/**
 * Tickets g = $3..$4 of the campaign $2 (manufacturer $1, owner $5, list $6), with the answer sets $7..$18.
 * Of the tickets: 30 % answered, about 4 % archived, 14 % rated up and 8 % down, 9 % with a participant's
 * message (6 % new for the owner), a fifth through an invitation, one in 100 in the list.
 */
const laneSql = `
  with tpl as materialized (
    select * from unnest($7::int[], $8::int[], $9::text[], $10::text[]) u(k, n, search, excerpt)),
  tpl_states as materialized (
    select * from unnest($11::int[], $12::uuid[], $13::text[], $14::text[]) u(k, q, state, text)),
  tpl_choices as materialized (
    select * from unnest($15::int[], $16::uuid[], $17::uuid[], $18::smallint[]) u(k, q, o, p)),
  s as materialized (
    select g, gen_random_uuid() as cid, gen_random_uuid() as tid,
      now() - ((hashint4(g * 7 + 1) & 2147483647) % ${DAYS * 86400}) * interval '1 second' as at,
      1 + (hashint4(g * 13 + 5) & 2147483647) % ${TEMPLATES} as k
    from generate_series($3::int, $4::int) g),
  t as materialized (
    select s.*,
      case when g % 11 = 4 then least(now(), at + ((g * 53) % 1440) * interval '1 minute') end as lpa,
      case when g % 10 < 3 or g % 11 = 4
        then least(now(), at + (1440 + (g * 37) % 1440) * interval '1 minute') else at end as last_at
    from s),
  people as (
    insert into contacts (id, manufacturer_id, email, kind, firstname, lastname, created_at, updated_at)
    select cid, $1, 's' || g || '@mail' || (g % 97) || '.${DOMAIN}', 'contact',
      (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
      (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
      at, at
    from t),
  members as (
    insert into contact_list_members (list_id, contact_id, manufacturer_id, added_at)
    select $6, cid, $1, at from t where g % 100 = 3),
  invited as (
    insert into invitations (manufacturer_id, campaign_id, contact_id, state, sent_at, last_mailed_at,
      opened_at, answered_at, created_at, updated_at)
    select $1, $2, cid, 'answered', at - (1 + g % 48) * interval '1 hour', at - (1 + g % 48) * interval '1 hour',
      at - interval '5 minutes', at, at - (1 + g % 48) * interval '1 hour', at
    from t where g % 5 = 0),
  tickets as (
    insert into campaign_tickets (id, manufacturer_id, campaign_id, contact_id, source, language, answers,
      answered_count, search_text, excerpt, submission_id, token_hash, email_confirmed_at, manu_answer,
      manu_answered_at, manu_answered_by, manu_answer_notified, ignored, votes_up, votes_down, comment_count,
      last_activity_at, last_participant_activity_at, created_at, updated_at)
    select tid, $1, $2, cid, case when g % 5 = 0 then 'invitation' else 'openLink' end, 'de', '[]'::jsonb,
      tpl.n, lower(tpl.search) || ' ' || ${w(1)} || case when g % 200 = 37 then ' ${SEARCH}' else '' end,
      tpl.excerpt, gen_random_uuid(), 'bench-scale-' || tid, case when g % 4 <> 0 then at + interval '5 minutes' end,
      case when g % 10 < 3 then 'Thank you for your feedback.' end,
      case when g % 10 < 3 then last_at end, case when g % 10 < 3 then 'Bench Owner' end,
      g % 10 < 2, g % 23 = 11,
      case when g % 7 = 2 then 1 + g % 3 else 0 end, case when g % 13 = 5 then 1 else 0 end,
      case when g % 11 = 4 then 1 + g % 3 else 0 end,
      last_at, lpa, at, last_at
    from t join tpl using (k)),
  states as (
    insert into ticket_answer_states (ticket_id, campaign_id, question_id, state, text, created_at)
    select t.tid, $2, x.q, x.state, x.text, t.at from t join tpl_states x using (k)),
  choices as (
    insert into ticket_choices (ticket_id, campaign_id, question_id, option_id, position)
    select t.tid, $2, x.q, x.o, x.p from t join tpl_choices x using (k))
  insert into ticket_reads (ticket_id, owner_id, seen_at)
  select tid, $5::uuid,
    case when g % 11 = 7 then at + interval '2 hours' when g % 3 = 0 then lpa + interval '1 minute' else at end
  from t
  where g % 11 = 7 or (g % 11 = 4 and g % 3 <> 2)`;

/** Inserts tickets `from`..`to` (numbered) of the campaign on `lane`, read as seeded by `readerId`. */
export const insertTickets = (
  ctx: BenchContext,
  lane: PoolClient,
  c: ScaleCampaign,
  range: { from: number; to: number; readerId: string },
) => {
  const t = c.templates;
  return lane.query(laneSql, [
    ctx.owner.manufacturerId,
    c.campaignId,
    range.from,
    range.to,
    range.readerId,
    c.listId,
    t.k,
    t.n,
    t.search,
    t.excerpt,
    t.states.k,
    t.states.q,
    t.states.state,
    t.states.text,
    t.choices.k,
    t.choices.q,
    t.choices.o,
    t.choices.p,
    words,
  ]);
};

/**
 * Other manufacturers' tickets (`count` in `makers` campaigns of their own), bare rows without answers or
 * contacts: what a per-campaign aggregate must not read.
 */
export const insertNeighbours = async (lane: PoolClient, makers: number, count: number) => {
  const { rows } = await lane.query<{ id: string; manufacturer_id: string }>(
    `with m as (insert into manufacturers (name) select $1 || g from generate_series(1, $2::int) g returning id)
     insert into campaigns (manufacturer_id, title, state, has_started, started_at, created_at, updated_at)
     select id, 'Neighbour campaign', 'running', true, now() - interval '200 days', now() - interval '200 days', now()
     from m returning id, manufacturer_id`,
    [NEIGHBOUR_PREFIX, makers],
  );
  await lane.query(
    `insert into campaign_tickets (manufacturer_id, campaign_id, source, language, answers, answered_count,
       search_text, submission_id, token_hash, ignored, last_activity_at, created_at, updated_at)
     select ($1::uuid[])[1 + g % $3], ($2::uuid[])[1 + g % $3], 'openLink', 'de', '[]'::jsonb, 3,
       'neighbour words', gen_random_uuid(), 'bench-scale-n-' || g, g % 25 = 3, at, at, at
     from (select g, now() - ((hashint4(g) & 2147483647) % ${DAYS * 86400}) * interval '1 second' as at
           from generate_series(1, $4::int) g) x`,
    [rows.map((r) => r.manufacturer_id), rows.map((r) => r.id), rows.length, count],
  );
  return rows.map((r) => r.id);
};

/**
 * After a step's seeding (its tallies counted again by withSeedingLanes): the campaigns' ticket counts,
 * then a vacuum and analyse (the visibility map for index-only scans; no autovacuum while measuring).
 */
export const finishStep = async (ctx: BenchContext, campaignIds: string[]) => {
  const { pool } = ctx.rt;
  await pool.query(
    `update campaigns c set ticket_count = t.n
     from (select campaign_id, count(*)::int as n from campaign_tickets where campaign_id = any($1::uuid[])
           group by campaign_id) t
     where c.id = t.campaign_id`,
    [campaignIds],
  );
  await pool.query(
    'vacuum (analyze) contacts, contact_list_members, campaigns, campaign_tickets, invitations, ticket_reads, ticket_answer_states, ticket_choices',
  );
};

/**
 * Removes what the scenario seeded (also after a seeding that failed half-way). As a superuser the rows go
 * table by table with the triggers off, children first (a cascade would look up every child table for each
 * of a million tickets and contacts, for many minutes), then the tallies the triggers kept.
 */
export const removeScale = async (ctx: BenchContext) => {
  const { pool } = ctx.rt;
  const { rows } = await pool.query<{ id: string }>(
    `select c.id from campaigns c
     where (c.manufacturer_id = $1 and c.title like $2)
        or c.manufacturer_id in (select id from manufacturers where name like $3)`,
    [ctx.owner.manufacturerId, `${CAMPAIGN_PREFIX}%`, `${NEIGHBOUR_PREFIX}%`],
  );
  const ids = rows.map((r) => r.id);
  const m = ctx.owner.manufacturerId;
  const contactsOf = `select id from contacts where manufacturer_id = $1 and email like '%.${DOMAIN}'`;
  const ticketsOf = 'select id from campaign_tickets where campaign_id = any($1::uuid[])';
  await withSeedingLanes(ctx, async (one, two, replica) => {
    if (!replica) return;
    await Promise.all([
      one.query('delete from ticket_answer_states where campaign_id = any($1::uuid[])', [ids]),
      two.query('delete from ticket_choices where campaign_id = any($1::uuid[])', [ids]),
    ]);
    await Promise.all([
      one.query(`delete from ticket_reads where ticket_id in (${ticketsOf})`, [ids]),
      two.query('delete from invitations where campaign_id = any($1::uuid[])', [ids]),
    ]);
    await Promise.all([
      one.query('delete from campaign_tickets where campaign_id = any($1::uuid[])', [ids]),
      two.query(`delete from contact_list_members where contact_id in (${contactsOf})`, [m]),
    ]);
    await Promise.all([
      one.query(`delete from contacts where id in (${contactsOf})`, [m]),
      two.query(
        `delete from question_options where question_id in (select id from questions where campaign_id = any($1::uuid[]))`,
        [ids],
      ),
    ]);
    // The tallies (migration 0013) where the schema has them; the questions after their options.
    for (const table of [
      'campaign_ticket_tallies',
      'ticket_answer_tallies',
      'ticket_choice_tallies',
      'questions',
    ]) {
      const { rows: found } = await one.query<{ t: string | null }>('select to_regclass($1)::text as t', [
        table,
      ]);
      if (found[0]?.t) await one.query(`delete from ${table} where campaign_id = any($1::uuid[])`, [ids]);
    }
  });
  // What is left (everything, without superuser rights) goes the ordinary way, cascades and triggers on.
  await Promise.all([
    pool.query('delete from ticket_answer_states where campaign_id = any($1::uuid[])', [ids]),
    pool.query('delete from ticket_choices where campaign_id = any($1::uuid[])', [ids]),
  ]);
  await pool.query('delete from campaigns where id = any($1::uuid[])', [ids]);
  await Promise.all([
    pool.query('delete from manufacturers where name like $1', [`${NEIGHBOUR_PREFIX}%`]),
    pool.query('delete from contact_lists where manufacturer_id = $1 and name like $2', [m, `${LIST_NAME}%`]),
  ]);
  await pool.query(`delete from contacts where id in (${contactsOf})`, [m]);
  await pool.query(
    'vacuum (analyze) contacts, contact_list_members, campaigns, campaign_tickets, invitations, ticket_reads, ticket_answer_states, ticket_choices',
  );
};
