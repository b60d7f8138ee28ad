import { randomUUID } from 'node:crypto';
import { api, type TicketFilter } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { ticketCountCap } from '../src/queries/tickets.query.js';
import { callApi } from './client.js';
import { type CampaignFixture, insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, useTestApp } from './helpers.js';

/**
 * The tallies of migration 0013 (campaign_ticket_tallies, ticket_answer_tallies, ticket_choice_tallies),
 * kept by triggers: after every way a ticket comes, changes or goes they equal a count of the rows, and
 * the lists' totals read from them equal the tickets in the filter. The lists' keyset pages and the count
 * that stops past the page for a filter the tallies cannot answer.
 */
const ctx = useTestApp();
type Owner = Awaited<ReturnType<typeof ownerSession>>;

const campaignOf = (manufacturerId: string) =>
  insertCampaign(ctx.rt, manufacturerId, {
    allowMultipleParticipation: true,
    questions: [
      { type: 'FreeText', text: 'Say something', optional: true },
      { type: 'SingleChoice', optional: true },
      { type: 'MultiChoice', optional: true },
      { type: 'Ranking', optional: true },
    ],
  });

/** A participant's answer through the public call, the way tickets arrive; answers the ticket's id. */
const answer = async (c: CampaignFixture, i: number) => {
  const [free, single, multi, rank] = c.questions;
  const email = `t${i}-${randomUUID()}@example.com`;
  const res = await callApi(ctx.app, api.participation.submit, {
    params: { id: c.id },
    body: {
      email,
      lastname: `Number ${i}`,
      submissionId: randomUUID(),
      answers: [
        ...(i % 3 === 0 ? [] : [{ questionId: free!.id, text: `answer ${i}` }]),
        { questionId: single!.id, optionIds: [single!.options[i % 3]!] },
        { questionId: multi!.id, optionIds: multi!.options.slice(0, 1 + (i % 3)) },
        ...(i % 2 ? [{ questionId: rank!.id, optionIds: [...rank!.options].reverse() }] : []),
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  const { rows } = await ctx.rt.pool.query<{ id: string; contact_id: string }>(
    `select t.id, t.contact_id from campaign_tickets t join contacts c on c.id = t.contact_id where c.email = $1`,
    [email],
  );
  return rows[0] as { id: string; contact_id: string };
};

/** Every tally of the campaigns next to a count of their rows, as the triggers should keep them. */
const expectTalliesCounted = async (campaignIds: string[]) => {
  const q = (text: string) => ctx.rt.pool.query(text, [campaignIds]).then((r) => r.rows);
  expect(
    await q(`select manufacturer_id, campaign_id, ignored, answered, rated_up, rated_down, source, n
      from campaign_ticket_tallies where campaign_id = any($1) and n <> 0 order by 1, 2, 3, 4, 5, 6, 7`),
  ).toEqual(
    await q(`select manufacturer_id, campaign_id, ignored, manu_answer is not null as answered,
        votes_up > 0 as rated_up, votes_down > 0 as rated_down, source, count(*)::int as n
      from campaign_tickets where campaign_id = any($1) group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`),
  );
  expect(
    await q(`select campaign_id, question_id, state, ignored, hour, n from ticket_answer_tallies
      where campaign_id = any($1) and n <> 0 order by 1, 2, 3, 4, 5`),
  ).toEqual(
    await q(`select a.campaign_id, a.question_id, a.state, t.ignored, date_trunc('hour', t.created_at, 'UTC') as hour,
        count(*)::int as n
      from ticket_answer_states a join campaign_tickets t on t.id = a.ticket_id
      where a.campaign_id = any($1) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
  expect(
    await q(`select campaign_id, question_id, option_id, position, ignored, hour, n from ticket_choice_tallies
      where campaign_id = any($1) and n <> 0 order by 1, 2, 3, 4, 5, 6`),
  ).toEqual(
    await q(`select c.campaign_id, c.question_id, c.option_id, coalesce(c.position, 0)::smallint as position,
        t.ignored, date_trunc('hour', t.created_at, 'UTC') as hour, count(*)::int as n
      from ticket_choices c join campaign_tickets t on t.id = c.ticket_id
      where c.campaign_id = any($1) group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
  );
};

/** The filters the tallies answer, each with its condition on campaign_tickets. */
const tallied: [TicketFilter, string][] = [
  [{}, 'not ignored'],
  [{ archived: 'true' }, 'ignored'],
  [{ archived: 'all' }, 'true'],
  [{ unanswered: 'true' }, 'not ignored and manu_answer is null'],
  [{ rating: 'up' }, 'not ignored and votes_up > 0'],
  [{ rating: 'down', archived: 'all' }, 'votes_down > 0'],
  [{ rating: 'none' }, 'not ignored and votes_up = 0 and votes_down = 0'],
  [
    { unanswered: 'true', rating: 'none', archived: 'all' },
    'manu_answer is null and votes_up = 0 and votes_down = 0',
  ],
];

/** Each tallied filter's total, of the campaign and of the inbox, against a count of the tickets. */
const expectTotals = async (owner: Owner, campaignId: string) => {
  for (const [filter, where] of tallied) {
    for (const campaign of [campaignId, undefined]) {
      const res = await owner.api(api.tickets.list, {
        query: { ...filter, ...(campaign ? { campaignId: campaign } : {}), limit: '1' },
      });
      const { rows } = await ctx.rt.pool.query<{ n: number }>(
        `select count(*)::int as n from campaign_tickets
         where manufacturer_id = $1 and ($2::uuid is null or campaign_id = $2) and ${where}`,
        [owner.manufacturerId, campaign ?? null],
      );
      expect(res.json(), `${JSON.stringify(filter)} ${campaign ? 'campaign' : 'inbox'}`).toMatchObject({
        total: rows[0]?.n,
      });
      expect(res.json().totalAtLeast).toBeUndefined();
    }
  }
};

describe('ticket tallies', () => {
  it('stay equal to a count of the tickets and answers as tickets come, are archived, answered, rated and erased', async () => {
    const owner = await ownerSession(ctx);
    const c = await campaignOf(owner.manufacturerId);
    const other = await campaignOf(owner.manufacturerId);
    const tickets = [];
    for (let i = 0; i < 8; i++) tickets.push(await answer(i % 4 === 3 ? other : c, i));
    const ids = [c.id, other.id];
    await expectTalliesCounted(ids);
    await expectTotals(owner, c.id);

    const [t0, t1, t2, , t4, t5, t6] = tickets as { id: string; contact_id: string }[];
    // Archived one by one, archived and restored in bulk.
    expect(
      (await owner.api(api.tickets.ignore, { params: { id: t0!.id }, body: { ignore: true } })).statusCode,
    ).toBe(200);
    const bulk = await owner.api(api.tickets.bulkArchive, {
      body: { ids: [t1!.id, t2!.id, t4!.id], archived: true },
    });
    expect(bulk.json()).toEqual({ changed: 3 });
    await owner.api(api.tickets.bulkArchive, { body: { ids: [t2!.id], archived: false } });
    await expectTalliesCounted(ids);
    await expectTotals(owner, c.id);

    // Answered and rated (up, down, cleared).
    const answered = await owner.api(api.tickets.answer, {
      params: { id: t5!.id },
      body: { manuAnswer: 'Thank you', notify: true },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const q = c.questions[1]!.id;
    await owner.api(api.tickets.rate, { params: { id: t5!.id, x: q }, body: { vote: 'up' } });
    await owner.api(api.tickets.rate, { params: { id: t6!.id, x: q }, body: { vote: 'down' } });
    await owner.api(api.tickets.rate, { params: { id: t2!.id, x: q }, body: { vote: 'up' } });
    await owner.api(api.tickets.rate, { params: { id: t2!.id, x: q }, body: { vote: null } });
    await expectTalliesCounted(ids);
    await expectTotals(owner, c.id);

    // A contact deleted with its answers takes its ticket (and its answer rows) out of the tallies; an
    // archived one's come out of the archived side.
    for (const t of [t5!, t0!]) {
      const erased = await owner.api(api.contacts.remove, {
        params: { id: t.contact_id },
        query: { eraseAnswers: 'true' },
      });
      expect(erased.statusCode, erased.body).toBe(204);
    }
    await expectTalliesCounted(ids);
    await expectTotals(owner, c.id);
    const { rows } = await ctx.rt.pool.query<{ n: number }>(
      'select sum(n)::int as n from campaign_ticket_tallies where campaign_id = $1',
      [c.id],
    );
    expect(rows[0]?.n).toBe(4);

    // A campaign deleted (with its manufacturer's other data, or on its own) takes its tallies with it.
    await ctx.rt.pool.query('delete from campaigns where id = $1', [c.id]);
    for (const table of ['campaign_ticket_tallies', 'ticket_answer_tallies', 'ticket_choice_tallies']) {
      const left = await ctx.rt.pool.query(`select 1 from ${table} where campaign_id = $1`, [c.id]);
      expect(left.rowCount, table).toBe(0);
    }
    await expectTalliesCounted([other.id]);
    await expectTotals(owner, other.id);
  });

  it('count only the manufacturer its own: another maker has tallies of its own and its campaign answers 404', async () => {
    const a = await ownerSession(ctx);
    const b = await ownerSession(ctx);
    const ca = await campaignOf(a.manufacturerId);
    const cb = await campaignOf(b.manufacturerId);
    for (let i = 0; i < 3; i++) await answer(ca, i);
    for (let i = 0; i < 2; i++) await answer(cb, i);
    expect((await a.api(api.tickets.list, {})).json()).toMatchObject({ total: 3 });
    expect((await b.api(api.tickets.list, {})).json()).toMatchObject({ total: 2 });
    expect((await a.api(api.tickets.list, { query: { campaignId: ca.id } })).json()).toMatchObject({
      total: 3,
    });
    const foreign = await a.api(api.tickets.list, { query: { campaignId: cb.id } });
    expect(foreign.statusCode).toBe(404);
    const { rows } = await ctx.rt.pool.query<{ manufacturer_id: string; n: number }>(
      `select manufacturer_id, sum(n)::int as n from campaign_ticket_tallies where campaign_id = any($1)
       group by 1 order by n desc`,
      [[ca.id, cb.id]],
    );
    expect(rows).toEqual([
      { manufacturer_id: a.manufacturerId, n: 3 },
      { manufacturer_id: b.manufacturerId, n: 2 },
    ]);
  });

  it(`counts a filter the tallies cannot answer up to ${ticketCountCap} rows past the page, then says "at least"`, async () => {
    const owner = await ownerSession(ctx);
    const c = await campaignOf(owner.manufacturerId);
    const many = ticketCountCap + 30;
    await ctx.rt.pool.query(
      `insert into campaign_tickets (manufacturer_id, campaign_id, source, language, answers, answered_count,
         search_text, submission_id, token_hash, created_at)
       select $1, $2, 'openLink', 'en', '[]', 1, case when g <= $4 then 'kondenswasser ' else 'other ' end || g,
         gen_random_uuid(), 'tally-' || gen_random_uuid(), now() - g * interval '1 minute'
       from generate_series(1, $3::int) g`,
      [owner.manufacturerId, c.id, many + 5, many],
    );
    const search = (page: string) =>
      owner
        .api(api.tickets.list, { query: { campaignId: c.id, search: 'kondenswasser', page, limit: '20' } })
        .then((r) => r.json());
    expect(await search('1')).toMatchObject({ total: ticketCountCap, totalAtLeast: true });
    // Further on, the count goes as far past the page asked for.
    expect(await search('2')).toMatchObject({ total: 20 + ticketCountCap, totalAtLeast: true });
    const last = await search(String(Math.ceil(many / 20)));
    expect(last).toMatchObject({ total: many });
    expect(last.totalAtLeast).toBeUndefined();
    // Below the cap the count is exact; the tallies count the rest exactly whatever their number.
    const few = await owner.api(api.tickets.list, { query: { campaignId: c.id, search: 'other' } });
    expect(few.json()).toMatchObject({ total: 5 });
    expect(few.json().totalAtLeast).toBeUndefined();
    await ctx.rt.pool.query('select ticket_tallies_recount(array[$1::uuid])', [c.id]);
    expect((await owner.api(api.tickets.list, { query: { campaignId: c.id } })).json()).toMatchObject({
      total: many + 5,
    });
    expect((await owner.api(api.tickets.list, {})).json()).toMatchObject({ total: many + 5 });
  });

  it('pages by cursor in every order without repeating or skipping a row, and refuses a cursor of another order', async () => {
    const owner = await ownerSession(ctx);
    const c = await campaignOf(owner.manufacturerId);
    for (let i = 0; i < 7; i++) await answer(c, i);
    // Three tickets share one instant: the id breaks the tie.
    await ctx.rt.pool.query(
      `update campaign_tickets set created_at = '2030-01-01T00:00:00Z', last_activity_at = '2030-01-01T00:00:00Z'
       where id in (select id from campaign_tickets where campaign_id = $1 order by id limit 3)`,
      [c.id],
    );
    for (const sort of ['newest', 'oldest', 'activity'] as const) {
      const byOffset = (
        await owner.api(api.tickets.list, { query: { campaignId: c.id, sort, limit: '100' } })
      ).json().documents;
      const walked: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 5; pages++) {
        const res = await owner.api(api.tickets.list, {
          query: { campaignId: c.id, sort, limit: '3', ...(after ? { after } : {}) },
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        walked.push(...body.documents.map((d) => d._id));
        expect(body.total).toBe(7);
        after = body.next;
        if (!after) break;
      }
      expect(walked, sort).toEqual(byOffset.map((d) => d._id));
    }
    const first = (await owner.api(api.tickets.list, { query: { campaignId: c.id, limit: '3' } })).json();
    const wrong = await owner.apiUnchecked(api.tickets.list, {
      query: { campaignId: c.id, sort: 'oldest', after: first.next },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation', field: 'after' });
    const damaged = await owner.apiUnchecked(api.tickets.list, { query: { after: 'bm90LWEtY3Vyc29y' } });
    expect(codeOf(damaged)).toBe('validation');
  });
});
