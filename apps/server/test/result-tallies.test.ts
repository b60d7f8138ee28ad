import { randomUUID } from 'node:crypto';
import { api, type QuestionStats } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import { answerStateCounts, choiceCounts, countTickets } from '../src/queries/result-counts.query.js';
import type { ResultScope } from '../src/queries/results.query.js';
import { callApi } from './client.js';
import { type CampaignFixture, insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * A campaign's results by archive flag and days add up the tallies per hour (migration 0013), and count the
 * hours a day boundary cuts from their tickets: in a time zone off the whole hour (Kolkata +05:30, Kathmandu
 * +05:45) and on it (New York), every count equals the same count made from the answer rows themselves.
 */
const clock = createTestClock(new Date('2030-01-13T12:00:00Z'));
const ctx = useTestApp({}, { clock });

let owner: Awaited<ReturnType<typeof ownerSession>>;
let c: CampaignFixture;

/** Instants around the days' starts in the three zones (Kolkata 18:30Z, Kathmandu 18:15Z, New York 05:00Z). */
const instants = [
  '2030-01-10T04:59:59.999Z',
  '2030-01-10T05:00:00Z',
  '2030-01-10T18:14:59Z',
  '2030-01-10T18:15:00Z',
  '2030-01-10T18:29:59.500Z',
  '2030-01-10T18:30:00Z',
  '2030-01-10T18:45:00Z',
  '2030-01-10T19:10:00Z',
  '2030-01-11T06:00:00Z',
  '2030-01-11T18:20:00Z',
  '2030-01-11T18:31:00Z',
  '2030-01-11T18:59:00Z',
  '2030-01-12T09:00:00Z',
  '2030-01-12T18:40:00Z',
];

beforeAll(async () => {
  owner = await ownerSession(ctx);
  c = await insertCampaign(ctx.rt, owner.manufacturerId, {
    allowMultipleParticipation: true,
    questions: [
      { type: 'SingleChoice', options: ['Red', 'Green', 'Blue'] },
      { type: 'MultiChoice', optional: true, options: ['Fast', 'Cheap', 'Pretty'] },
      { type: 'Ranking', options: ['X', 'Y', 'Z'] },
      { type: 'FreeText', optional: true },
    ],
  });
  const [single, multi, rank, free] = c.questions;
  for (const [i, at] of instants.entries()) {
    clock.set(new Date(at));
    const res = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email: `p${i}-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [
          { questionId: single!.id, optionIds: [single!.options[i % 3]!] },
          ...(i % 4 === 1
            ? []
            : [{ questionId: multi!.id, optionIds: multi!.options.slice(i % 2, 2 + (i % 2)) }]),
          { questionId: rank!.id, optionIds: i % 2 ? [...rank!.options].reverse() : rank!.options },
          ...(i % 3 ? [{ questionId: free!.id, text: `Comment ${i}` }] : []),
        ],
      },
    });
    expect(res.statusCode).toBe(201);
  }
  clock.set(new Date('2030-01-13T12:00:00Z'));
  // Every third ticket archived: its answers move to the archived side of the tallies.
  await ctx.rt.pool.query(
    `update campaign_tickets set ignored = true
     where id in (select id from campaign_tickets where campaign_id = $1 order by created_at offset 1)
       and (extract(epoch from created_at)::bigint % 3) = 0`,
    [c.id],
  );
});

/** The same counts from the answer rows of the tickets in the scope (no tallies). */
const counted = async (s: ResultScope) => {
  const conds = ['t.campaign_id = $1'];
  const params: unknown[] = [c.id, s.timeZone];
  if (s.archived !== 'all') conds.push(`t.ignored = ${s.archived === 'true'}`);
  if (s.from) {
    params.push(s.from);
    conds.push(`t.created_at >= ($${params.length}::date)::timestamp at time zone $2`);
  }
  if (s.to) {
    params.push(s.to);
    conds.push(`t.created_at < ($${params.length}::date + 1)::timestamp at time zone $2`);
  }
  const where = `${conds.join(' and ')} and $2::text is not null`;
  const pool = ctx.rt.pool;
  const [tickets, states, choices] = await Promise.all([
    pool.query<{ n: number }>(`select count(*)::int as n from campaign_tickets t where ${where}`, params),
    pool.query(
      `select a.question_id as "questionId", a.state, count(*)::int as n from ticket_answer_states a
       join campaign_tickets t on t.id = a.ticket_id where ${where} group by 1, 2 order by 1, 2`,
      params,
    ),
    pool.query(
      `select x.question_id as "questionId", x.option_id as "optionId", x.position, count(*)::int as n
       from ticket_choices x join campaign_tickets t on t.id = x.ticket_id where ${where}
       group by 1, 2, 3 order by 1, 2, 3`,
      params,
    ),
  ]);
  return { tickets: tickets.rows[0]?.n, states: states.rows, choices: choices.rows };
};

const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
  [...rows].sort((a, b) => JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b))));

describe('results from the tallies', () => {
  for (const timeZone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York']) {
    it(`count as the answer rows do by archive flag and days in ${timeZone}`, async () => {
      const filters: Pick<ResultScope, 'archived' | 'from' | 'to'>[] = [
        { archived: 'all' },
        { archived: 'false' },
        { archived: 'true' },
        { archived: 'all', from: '2030-01-11', to: '2030-01-11' },
        { archived: 'false', from: '2030-01-10', to: '2030-01-11' },
        { archived: 'all', from: '2030-01-11' },
        { archived: 'true', to: '2030-01-11' },
        { archived: 'all', from: '2030-01-12', to: '2030-01-13' },
      ];
      for (const f of filters) {
        const scope: ResultScope = { ...f, manufacturerId: owner.manufacturerId, campaignId: c.id, timeZone };
        const want = await counted(scope);
        const label = `${timeZone} ${JSON.stringify(f)}`;
        expect(await countTickets(ctx.rt.db, scope), label).toBe(want.tickets);
        expect(sorted(await answerStateCounts(ctx.rt.db, scope)), label).toEqual(sorted(want.states));
        expect(sorted(await choiceCounts(ctx.rt.db, scope)), label).toEqual(sorted(want.choices));
        const one = c.questions[2]!.id;
        expect(sorted(await choiceCounts(ctx.rt.db, scope, one)), label).toEqual(
          sorted(want.choices.filter((r) => r.questionId === one)),
        );
      }
    });
  }

  it('answer the route with the same tickets and answers, the free-text page counted from them', async () => {
    await ctx.rt.db
      .update(manufacturers)
      .set({ timeZone: 'Asia/Kolkata' })
      .where(eq(manufacturers.id, owner.manufacturerId));
    const res = await owner.api(api.results.questionStats, {
      query: { campaignId: c.id, archived: 'false', from: '2030-01-10', to: '2030-01-11' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QuestionStats;
    const want = await counted({
      archived: 'false',
      from: '2030-01-10',
      to: '2030-01-11',
      manufacturerId: owner.manufacturerId,
      campaignId: c.id,
      timeZone: 'Asia/Kolkata',
    });
    expect(body.tickets).toBe(want.tickets);
    const free = body.questions.find((q) => q.questionId === c.questions[3]!.id);
    const answered = want.states.find((s) => s.questionId === c.questions[3]!.id && s.state === 'answered');
    expect(free?.freeText?.total).toBe(answered?.n);
    expect(free?.freeText?.items.length).toBe(Math.min(answered?.n ?? 0, free?.freeText?.limit ?? 0));
  });
});
