import { randomUUID } from 'node:crypto';
import {
  api,
  type CampaignStatistics,
  type QuestionResult,
  type QuestionStats,
  type SharedResults,
} from '@parley/contract';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import readXlsxFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import { questionOptions } from '../src/modules/questions/questions.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { expectError, post, type Session } from './campaign-api.js';
import { callApi, callApiUnchecked } from './client.js';
import { type CampaignFixture, insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * D23's results, statistics, exports and shared link, against hand-counted answers: five participants
 * of one campaign with a question of each type and a path rule, one of them archived and one outside
 * the 90-day window, one option renamed after the answers.
 */
const now = new Date('2030-01-15T03:00:00Z');
const clock = createTestClock(now);
const ctx = useTestApp({}, { clock });
const day = 86_400_000;

type Answer = { questionId: string; text?: string; optionIds?: string[] };

let owner: Session;
let c: CampaignFixture;
const tickets: { id: string; contactId: string | null }[] = [];
const q = (i: number) => c.questions[i] as CampaignFixture['questions'][number];
const opt = (i: number, o: number) => q(i).options[o] as string;

const submit = async (answers: Answer[]) => {
  const res = await callApiUnchecked(ctx.app, api.participation.submit, {
    params: { id: c.id },
    body: { email: `p-${randomUUID()}@example.com`, submissionId: randomUUID(), answers },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await ctx.rt.db
    .select({ id: campaignTickets.id, contactId: campaignTickets.contactId })
    .from(campaignTickets)
    .where(eq(campaignTickets.campaignId, c.id))
    .orderBy(campaignTickets.createdAt)
    .offset(tickets.length);
  if (!row) throw new Error('no ticket stored');
  tickets.push(row);
};

const stats = async (query: Record<string, string> = {}) => {
  const res = await owner.apiUnchecked(api.results.questionStats, { query: { campaignId: c.id, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuestionStats;
};
/** The first sheet's rows, read by a reader of its own (not the library that wrote it). */
const sheetRows = async (file: Buffer) => {
  const sheets = (await readXlsxFile(file)) as unknown as { sheet: string; data: unknown[][] }[];
  return sheets[0]?.data ?? [];
};
const byText = (r: QuestionResult, text: string) => r.options.find((o) => o.text === text);

beforeAll(async () => {
  owner = await ownerSession(ctx);
  // The days count in New York: 03:00 UTC on the 15th is still the 14th there.
  await ctx.rt.db
    .update(manufacturers)
    .set({ timeZone: 'America/New_York' })
    .where(eq(manufacturers.id, owner.manufacturerId));
  c = await insertCampaign(ctx.rt, owner.manufacturerId, {
    title: 'Results survey',
    questions: [
      // Blue leads past the next two questions, straight to the comments.
      {
        type: 'SingleChoice',
        text: 'Colour?',
        options: ['Red', 'Green', 'Blue'],
        rules: [{ option: 2, to: 3 }],
      },
      { type: 'MultiChoice', text: 'Features?', options: ['Fast', 'Cheap', 'Pretty'] },
      { type: 'Ranking', text: 'Rank them', options: ['X', 'Y', 'Z'] },
      { type: 'FreeText', text: 'Comments?', optional: true },
    ],
  });
  const [x, y, z] = [opt(2, 0), opt(2, 1), opt(2, 2)];
  // P5 answered 120 days ago: outside the window, inside the totals.
  clock.set(new Date(now.getTime() - 120 * day));
  await submit([
    { questionId: q(0).id, optionIds: [opt(0, 1)] },
    { questionId: q(1).id, optionIds: [opt(1, 1)] },
    { questionId: q(2).id, optionIds: [z, y, x] },
    { questionId: q(3).id, text: 'Old one' },
  ]);
  clock.set(new Date(now.getTime() - 3 * 60_000));
  // P1
  await submit([
    { questionId: q(0).id, optionIds: [opt(0, 0)] },
    { questionId: q(1).id, optionIds: [opt(1, 0), opt(1, 1)] },
    { questionId: q(2).id, optionIds: [x, y, z] },
    { questionId: q(3).id, text: 'Great product' },
  ]);
  clock.set(new Date(now.getTime() - 2 * 60_000));
  // P2 leaves the comment blank.
  await submit([
    { questionId: q(0).id, optionIds: [opt(0, 1)] },
    { questionId: q(1).id, optionIds: [opt(1, 0)] },
    { questionId: q(2).id, optionIds: [y, x, z] },
  ]);
  clock.set(new Date(now.getTime() - 60_000));
  // P3 picks Blue: the path rule skips Features and Rank.
  await submit([
    { questionId: q(0).id, optionIds: [opt(0, 2)] },
    { questionId: q(3).id, text: 'Too blue' },
  ]);
  clock.set(now);
  // P4, archived below.
  await submit([
    { questionId: q(0).id, optionIds: [opt(0, 0)] },
    { questionId: q(1).id, optionIds: [opt(1, 2), opt(1, 0)] },
    { questionId: q(2).id, optionIds: [x, z, y] },
    { questionId: q(3).id, text: 'Fine' },
  ]);
  const [p5, p1, , p3, p4] = tickets;
  await ctx.rt.db
    .update(campaignTickets)
    .set({ ignored: true })
    .where(eq(campaignTickets.id, p4?.id ?? ''));
  const rated = await owner.api(api.tickets.rate, {
    params: { id: p1?.id ?? '', x: q(0).id },
    body: { vote: 'up' },
  });
  expect(rated.statusCode, rated.body).toBe(200);
  await ctx.rt.db
    .update(contacts)
    .set({ tags: ['vip'] })
    .where(eq(contacts.id, p3?.contactId ?? ''));
  // Red becomes Crimson after the answers: its count follows the option's id.
  await ctx.rt.db
    .update(questionOptions)
    .set({ text: 'Crimson' })
    .where(eq(questionOptions.id, opt(0, 0)));
  expect(p5).toBeDefined();
});

describe('GET /api/campaign/question/stats', () => {
  it('counts every question by hand-counted fixtures: choices, multi-choice shares of participants, rankings, skips', async () => {
    const s = await stats();
    expect(s.tickets).toBe(5);
    const [colour, features, rank, comments] = s.questions as [
      QuestionResult,
      QuestionResult,
      QuestionResult,
      QuestionResult,
    ];

    expect(colour).toMatchObject({ answered: 5, skipped: 0, skippedByPath: 0, removed: false });
    expect(colour.options.map((o) => [o.text, o.count, o.share])).toEqual([
      ['Crimson', 2, 0.4],
      ['Green', 2, 0.4],
      ['Blue', 1, 0.2],
    ]);

    expect(features).toMatchObject({ answered: 4, skippedByPath: 1, skipped: 0 });
    expect(features.options.map((o) => [o.text, o.count, o.share])).toEqual([
      ['Fast', 3, 0.75],
      ['Cheap', 2, 0.5],
      ['Pretty', 1, 0.25],
    ]);

    expect(rank).toMatchObject({ answered: 4, skippedByPath: 1 });
    expect(byText(rank, 'X')).toMatchObject({
      positions: [2, 1, 1],
      meanPosition: 1.75,
      medianPosition: 1.5,
    });
    expect(byText(rank, 'Y')).toMatchObject({ positions: [1, 2, 1], meanPosition: 2, medianPosition: 2 });
    expect(byText(rank, 'Z')).toMatchObject({
      positions: [1, 1, 2],
      meanPosition: 2.25,
      medianPosition: 2.5,
    });

    expect(comments).toMatchObject({ answered: 4, skipped: 1, skippedByPath: 0 });
    expect(comments.freeText?.total).toBe(4);
    expect(comments.freeText?.items.map((i) => i.text)).toEqual([
      'Fine',
      'Too blue',
      'Great product',
      'Old one',
    ]);
    expect(comments.freeText?.items[0]?.ticketId).toBe(tickets[4]?.id);
  });

  it('narrows by archive, date range, rating, tag and contact list', async () => {
    const colourCounts = (s: QuestionStats) => (s.questions[0] as QuestionResult).options.map((o) => o.count);

    const open = await stats({ archived: 'false' });
    expect(open.tickets).toBe(4);
    expect(colourCounts(open)).toEqual([1, 2, 1]);
    expect((await stats({ archived: 'true' })).tickets).toBe(1);

    // The window's days are New York's: the 14th holds the four recent answers.
    const recent = await stats({ from: '2030-01-05', to: '2030-01-14' });
    expect(recent.tickets).toBe(4);
    expect(colourCounts(recent)).toEqual([2, 1, 1]);
    expect((await stats({ from: '2030-01-15' })).tickets).toBe(0);

    const up = await stats({ rating: 'up' });
    expect(up.tickets).toBe(1);
    expect(colourCounts(up)).toEqual([1, 0, 0]);
    expect((await stats({ rating: 'none' })).tickets).toBe(4);

    const vip = await stats({ tag: 'VIP' });
    expect(vip.tickets).toBe(1);
    expect(colourCounts(vip)).toEqual([0, 0, 1]);

    const list = await owner.api(api.contactLists.create, {
      body: { name: `List ${randomUUID()}`, contactIds: [tickets[2]?.contactId ?? ''] },
    });
    expect(list.statusCode, list.body).toBe(201);
    const members = await stats({ contactListId: list.json()._id });
    expect(members.tickets).toBe(1);
    expect(colourCounts(members)).toEqual([0, 1, 0]);
  });

  it('pages and searches one free-text question', async () => {
    const s = await stats({ questionId: q(3).id, limit: '2', page: '2' });
    expect(s.questions).toHaveLength(1);
    expect(s.questions[0]?.freeText).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(s.questions[0]?.freeText?.items.map((i) => i.text)).toEqual(['Great product', 'Old one']);
    const found = await stats({ questionId: q(3).id, search: 'BLUE' });
    expect(found.questions[0]?.freeText?.items.map((i) => i.text)).toEqual(['Too blue']);
  });

  it('keeps counting a removed option and a removed question with the texts participants saw', async () => {
    const other = await insertCampaign(ctx.rt, owner.manufacturerId, {
      questions: [
        { type: 'SingleChoice', text: 'Keep?', options: ['Yes', 'No'] },
        { type: 'FreeText', text: 'Gone soon' },
      ],
    });
    const [keep, gone] = other.questions as [
      CampaignFixture['questions'][0],
      CampaignFixture['questions'][0],
    ];
    const res = await callApiUnchecked(ctx.app, api.participation.submit, {
      params: { id: other.id },
      body: {
        email: `p-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [
          { questionId: keep.id, optionIds: [keep.options[1]] },
          { questionId: gone.id, text: 'Bye' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // A later participant, after "No" is gone from the survey they see, still counts "No" by its old text.
    await ctx.rt.db.delete(questionOptions).where(eq(questionOptions.id, keep.options[1] ?? ''));
    const later = await callApiUnchecked(ctx.app, api.participation.submit, {
      params: { id: other.id },
      body: {
        email: `p-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [
          { questionId: keep.id, optionIds: [keep.options[0]] },
          { questionId: gone.id, text: 'Still here' },
        ],
      },
    });
    expect(later.statusCode, later.body).toBe(201);
    const removed = await owner.api(api.questions.remove, { params: { id: other.id, qid: gone.id } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const got = await owner.apiUnchecked(api.results.questionStats, { query: { campaignId: other.id } });
    const s = got.json() as QuestionStats;
    expect(s.questions.map((x) => [x.text, x.removed, x.answered])).toEqual([
      ['Keep?', false, 2],
      ['Gone soon', true, 2],
    ]);
    expect(s.questions[0]?.options.map((o) => [o.text, o.removed, o.count])).toEqual([
      ['Yes', false, 1],
      ['No', true, 1],
    ]);
  });

  it("refuses a bad filter with 400 naming the field, and hides other makers' campaigns", async () => {
    expectError(
      await owner.apiUnchecked(api.results.questionStats, {
        query: { campaignId: c.id, from: '2030-02-01', to: '2030-01-01' },
      }),
      400,
      'validation',
      'to',
    );
    expectError(
      await owner.apiUnchecked(api.results.questionStats, { query: { campaignId: c.id, from: 'yesterday' } }),
      400,
      'validation',
      'from',
    );
    const stranger = await ownerSession(ctx);
    expectError(
      await stranger.apiUnchecked(api.results.questionStats, { query: { campaignId: c.id } }),
      404,
      'not-found',
    );
    expectError(await stranger.api(api.results.statistics, { params: { id: c.id } }), 404, 'not-found');
    await setManufacturerLimits(ctx.rt, stranger.manufacturerId, { canExport: true });
    expectError(
      await stranger.apiUnchecked(api.results.xlsx, { query: { campaignId: c.id } }),
      404,
      'not-found',
    );
    expectError(await stranger.api(api.results.pdf, { params: { id: c.id } }), 404, 'not-found');
    expectError(await stranger.api(api.results.share, { params: { id: c.id } }), 404, 'not-found');
  });
});

describe('GET /api/campaign/:id/statistics', () => {
  it("counts answers per day in the maker's time zone, days without answers included, and the invitations", async () => {
    // Invitations: one not mailed yet, three mailed, two opened, one answered two hours after its mail.
    const [contact] = await ctx.rt.db
      .insert(contacts)
      .values({ manufacturerId: owner.manufacturerId, email: `i-${randomUUID()}@example.com` })
      .returning();
    const others = await ctx.rt.db
      .insert(contacts)
      .values(
        [1, 2, 3].map((i) => ({
          manufacturerId: owner.manufacturerId,
          email: `i${i}-${randomUUID()}@example.com`,
        })),
      )
      .returning();
    const sent = new Date(now.getTime() - day);
    const base = { manufacturerId: owner.manufacturerId, campaignId: c.id };
    await ctx.rt.db.insert(invitations).values([
      { ...base, contactId: contact?.id ?? '', state: 'queued' },
      { ...base, contactId: others[0]?.id ?? '', state: 'sent', sentAt: sent },
      { ...base, contactId: others[1]?.id ?? '', state: 'opened', sentAt: sent, openedAt: now },
      {
        ...base,
        contactId: others[2]?.id ?? '',
        state: 'answered',
        sentAt: sent,
        openedAt: now,
        answeredAt: new Date(sent.getTime() + 2 * 3600_000),
      },
    ]);

    const res = await owner.api(api.results.statistics, { params: { id: c.id }, query: { daysNumber: 90 } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as CampaignStatistics;
    expect(s).toMatchObject({
      timeZone: 'America/New_York',
      daysNumber: 90,
      to: '2030-01-14',
      from: '2029-10-17',
      answers: 5,
      answersInWindow: 4,
      bySource: { openLink: 5, invitation: 0 },
      invited: 4,
      delivered: 3,
      opened: 2,
      invitationAnswers: 1,
      medianSecondsToAnswer: 7200,
    });
    expect(s.responseRate).toBeCloseTo(1 / 3);
    expect(s.completion).toBeCloseTo(1 / 2);
    expect(s.perDay).toHaveLength(90);
    expect(s.perDay.at(-1)).toEqual({ date: '2030-01-14', answers: 4 });
    expect(s.perDay.filter((d) => d.answers > 0)).toHaveLength(1);

    const week = await owner.api(api.results.statistics, { params: { id: c.id }, query: { daysNumber: 7 } });
    expect((week.json() as CampaignStatistics).perDay.map((d) => d.date)[0]).toBe('2030-01-08');
    expectError(
      await owner.apiUnchecked(api.results.statistics, { params: { id: c.id }, query: { daysNumber: '0' } }),
      400,
      'validation',
      'daysNumber',
    );
  });
});

describe('exports', () => {
  it('answers 403 feature/disabled without canExport', async () => {
    const s = await ownerSession(ctx);
    const mine = await insertCampaign(ctx.rt, s.manufacturerId);
    expectError(
      await s.apiUnchecked(api.results.xlsx, { query: { campaignId: mine.id } }),
      403,
      'feature/disabled',
    );
    expectError(await s.api(api.results.pdf, { params: { id: mine.id } }), 403, 'feature/disabled');
  });

  it('writes one row per ticket and one column per question, read back cell by cell', async () => {
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canExport: true });
    const res = await owner.apiUnchecked(api.results.xlsx, { query: { campaignId: c.id, archived: 'all' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Results%20survey-results.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Ticket',
      'Participant',
      'Email',
      'Date',
      'Source',
      'Archived',
      'Rating',
      'Tags',
      'Colour?',
      'Features?',
      'Rank them',
      'Comments?',
    ]);
    expect(rows).toHaveLength(6);
    // Oldest first: P5, P1, P2, P3, P4.
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(tickets.map((t) => t.id));
    expect(body.map((r) => r.slice(5))).toEqual([
      ['no', null, null, 'Green', 'Cheap', '1. Z; 2. Y; 3. X', 'Old one'],
      ['no', 'up', null, 'Crimson', 'Fast; Cheap', '1. X; 2. Y; 3. Z', 'Great product'],
      ['no', null, null, 'Green', 'Fast', '1. Y; 2. X; 3. Z', null],
      ['no', null, 'vip', 'Blue', null, null, 'Too blue'],
      ['yes', null, null, 'Crimson', 'Pretty; Fast', '1. X; 2. Z; 3. Y', 'Fine'],
    ]);
    // The date shows New York's wall clock: 22:00 on the 14th for P4.
    const p4Date = body[4]?.[3] as Date;
    expect(p4Date.toISOString()).toBe('2030-01-14T22:00:00.000Z');
    expect(body[4]?.[4]).toBe('Open link');
    expect(String(body[0]?.[2])).toMatch(/^p-.*@example\.com$/);

    const filtered = await owner.apiUnchecked(api.results.xlsx, {
      query: { campaignId: c.id, archived: 'false' },
    });
    expect(await sheetRows(filtered.rawPayload)).toHaveLength(5);
  });

  it("writes the PDF report in the campaign's language with its figures and charts", async () => {
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canExport: true });
    const res = await owner.api(api.results.pdf, { params: { id: c.id } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text, total, pages } = await parser.getText();
    await parser.destroy();
    // Every page carries its number, and no page is blank (a footer in the margin once added pages).
    expect(text).toContain(`Page ${total} of ${total}`);
    for (const page of pages) expect(page.text.trim().length).toBeGreaterThan(40);
    for (const expected of [
      'Results survey',
      'Results report',
      'Response rate',
      'Colour?',
      'Crimson',
      '2 (40%)',
      'Great product',
      'Fast',
      '75%',
    ]) {
      expect(text).toContain(expected);
    }

    const german = await insertCampaign(ctx.rt, owner.manufacturerId, { title: 'Umfrage Ü', language: 'de' });
    const de = await owner.api(api.results.pdf, { params: { id: german.id } });
    const deParser = new PDFParse({ data: new Uint8Array(de.rawPayload) });
    const deText = (await deParser.getText()).text;
    await deParser.destroy();
    expect(deText).toContain('Umfrage Ü');
    expect(deText).toContain('Ergebnisbericht');
    expect(deText).toContain('Rücklaufquote');
  });
});

describe('sharing results', () => {
  const shared = (token: string) => callApi(ctx.app, api.results.shared, { params: { token }, query: {} });

  it('shares only an ended campaign, hides identities and free text unless chosen, and withdraws the link', async () => {
    const s = await ownerSession(ctx);
    const mine = await insertCampaign(ctx.rt, s.manufacturerId, {
      title: 'Shared survey',
      questions: [
        { type: 'SingleChoice', text: 'Yes or no?', options: ['Yes', 'No'] },
        { type: 'FreeText', text: 'Why?' },
      ],
    });
    const [yesNo, why] = mine.questions as [CampaignFixture['questions'][0], CampaignFixture['questions'][0]];
    const answer = await callApiUnchecked(ctx.app, api.participation.submit, {
      params: { id: mine.id },
      body: {
        email: `secret-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [
          { questionId: yesNo.id, optionIds: [yesNo.options[0]] },
          { questionId: why.id, text: 'Because' },
        ],
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);

    expectError(
      await s.api(api.results.setShare, { params: { id: mine.id }, body: { shared: true } }),
      409,
      'campaign/not-ended',
    );
    expect((await s.api(api.results.share, { params: { id: mine.id } })).json()).toMatchObject({
      shared: false,
      url: null,
    });

    await post(s, api.campaigns.stop, mine.id);
    const on = await s.api(api.results.setShare, { params: { id: mine.id }, body: { shared: true } });
    expect(on.statusCode, on.body).toBe(200);
    const url = on.json().url as string;
    expect(url).toMatch(/\/p\/results\/[A-Za-z0-9_-]{20,}$/);
    const token = url.split('/').pop() ?? '';

    const page = await shared(token);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as SharedResults;
    expect(body).toMatchObject({ title: 'Shared survey', answers: 1, includeFreeText: false });
    expect(body.questions[0]?.options.map((o) => o.count)).toEqual([1, 0]);
    expect(body.questions[1]?.freeText).toBeNull();
    expect(page.body).not.toContain('secret-');
    expect(page.body).not.toContain('Because');
    expect(page.headers['cache-control']).toContain('no-store');

    // Free text when chosen, still without whose it is; the link stays the same.
    const withText = await s.api(api.results.setShare, {
      params: { id: mine.id },
      body: { shared: true, includeFreeText: true },
    });
    expect(withText.json().url).toBe(url);
    const again = await shared(token);
    expect((again.json() as SharedResults).questions[1]?.freeText?.items).toEqual([
      { text: 'Because', createdAt: expect.any(String) },
    ]);
    expect(again.body).not.toContain('ticketId');
    expect(again.body).not.toContain('secret-');

    // A restart pauses the link; ending again brings it back.
    await post(s, api.campaigns.start, mine.id);
    expectError(await shared(token), 404, 'not-found');
    await post(s, api.campaigns.stop, mine.id);
    expect((await shared(token)).statusCode).toBe(200);

    const off = await s.api(api.results.setShare, { params: { id: mine.id }, body: { shared: false } });
    expect(off.json()).toMatchObject({ shared: false, url: null });
    expectError(await shared(token), 404, 'not-found');
    expectError(await shared('x'.repeat(43)), 404, 'not-found');

    // Sharing anew makes a new link; the withdrawn one stays dead.
    const renewed = await s.api(api.results.setShare, { params: { id: mine.id }, body: { shared: true } });
    expect(renewed.json().url).not.toBe(url);
    expectError(await shared(token), 404, 'not-found');
  });
});

describe('GET /api/campaign/dashboard', () => {
  it('lists the running campaigns with their headline numbers, most recently answered first', async () => {
    const res = await owner.api(api.results.dashboard);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const mine = body.campaigns.find((x: { _id: string }) => x._id === c.id);
    expect(mine).toMatchObject({
      title: 'Results survey',
      state: 'running',
      answersLast7Days: 4,
      invited: 4,
    });
    expect(mine?.responseRate).toBeCloseTo(1 / 3);
    expect(body.total).toBeGreaterThanOrEqual(1);
  });
});
