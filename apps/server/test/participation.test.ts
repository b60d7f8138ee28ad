import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import { participationLimits } from '../src/modules/participation/participation.service.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { callApi, callApiUnchecked } from './client.js';
import { insertCampaign, readCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

const clock = createTestClock(new Date('2030-01-15T12:00:00Z'));
const ctx = useTestApp({ PRIVACY_URL: 'https://example.com/privacy' }, { clock });

type Answer = { questionId: string; text?: string; optionIds?: string[] };

const email = () => `p-${randomUUID()}@example.com`;
const form = (answers: Answer[], over: Record<string, unknown> = {}) => ({
  email: email(),
  submissionId: randomUUID(),
  answers,
  ...over,
});
/** Answers as the survey page sends them, or input the contract refuses (the tests of the refusals). */
const submit = (campaignId: string, payload: unknown, remoteAddress?: string) =>
  callApiUnchecked(
    ctx.app,
    api.participation.submit,
    { params: { id: campaignId }, body: payload },
    { remoteAddress },
  );
const survey = (id: string) => callApi(ctx.app, api.participation.survey, { params: { id } });
const ticketsOf = (campaignId: string) =>
  ctx.rt.db.select().from(campaignTickets).where(eq(campaignTickets.campaignId, campaignId));
const historyOf = (manufacturerId: string) =>
  ctx.rt.db.select().from(historyEntries).where(eq(historyEntries.manufacturerId, manufacturerId));

/** The "already answered" mails queued for `to` (by the address check's job). */
const answeredMails = async (to: string) =>
  (
    await ctx.rt.db.execute<{ text: string; subject: string }>(
      sql`select data->>'text' as text, data->>'subject' as subject from pgboss.job where name = 'mail-send'
        and data->>'to' = ${to} and data->>'kind' = 'participation/already-answered'`,
    )
  ).rows;
/** The address checks queued for `email` (as the job stores it), whatever their state. */
const checkJobs = async (email: string) =>
  (
    await ctx.rt.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'participation.already-answered-check'
        and data->>'email' = ${email.toLowerCase()}`,
    )
  ).rows;
/** Waits until every queued address check has run (the test app works jobs off every 0.5 s). */
const checksDone = async () => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await ctx.rt.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'participation.already-answered-check'
        and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('address checks still queued');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** One question of each type; the page's happy answer to them. */
const allTypes = async (manufacturerId: string, o: Parameters<typeof insertCampaign>[2] = {}) => {
  const c = await insertCampaign(ctx.rt, manufacturerId, {
    questions: [
      { type: 'FreeText', text: 'What do you like?' },
      { type: 'SingleChoice', text: 'Pick one', options: ['Red', 'Green'] },
      { type: 'MultiChoice', text: 'Pick some', options: ['A', 'B', 'C'] },
      { type: 'Ranking', text: 'Rank them', options: ['X', 'Y', 'Z'] },
    ],
    ...o,
  });
  const [free, single, multi, rank] = c.questions as [
    (typeof c.questions)[0],
    (typeof c.questions)[0],
    (typeof c.questions)[0],
    (typeof c.questions)[0],
  ];
  const answers: Answer[] = [
    { questionId: free.id, text: '  Everything  ' },
    { questionId: single.id, optionIds: [single.options[1] as string] },
    { questionId: multi.id, optionIds: [multi.options[0] as string, multi.options[2] as string] },
    { questionId: rank.id, optionIds: [...rank.options].reverse() },
  ];
  return { c, free, single, multi, rank, answers };
};

describe('GET /api/public/campaign/:id', () => {
  it('shows an open survey with its questions and options in order and the privacy link', async () => {
    const owner = await ownerSession(ctx);
    const { c } = await allTypes(owner.manufacturerId);
    const res = await survey(c.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: c.id,
      title: c.title,
      language: 'en',
      status: 'open',
      allowMultipleParticipation: false,
      privacyUrl: 'https://example.com/privacy',
      manufacturerName: expect.stringContaining('Maker'),
    });
    expect(body.questions.map((q: { type: string }) => q.type)).toEqual([
      'FreeText',
      'SingleChoice',
      'MultiChoice',
      'Ranking',
    ]);
    expect(body.questions[2]?.options.map((o) => o.text)).toEqual(['A', 'B', 'C']);
    // The owner's option tags stay private.
    expect(body.questions[2]?.options[0]).toEqual({ _id: expect.any(String), text: 'A' });
  });

  it.each([
    ['draft', { state: 'draft' as const }],
    ['ended', { state: 'ended' as const }],
    ['archived', { state: 'archived' as const }],
    ['closed', { openLink: false }],
  ])('says %s and hides the questions', async (status, o) => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, o);
    const body = (await survey(c.id)).json();
    expect(body.status).toBe(status);
    expect(body.questions).toEqual([]);
  });

  it('counts an end date already passed as ended before the job runs (by the clock)', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      endCondition: { type: 'date', endsAt: '2030-01-16T00:00:00.000Z' },
    });
    expect((await survey(c.id)).json().status).toBe('open');
    clock.set(new Date('2030-01-16T00:00:01Z'));
    try {
      expect((await survey(c.id)).json().status).toBe('ended');
      const res = await submit(c.id, form([{ questionId: c.questions[0]!.id, text: 'late' }]));
      expect(res.statusCode).toBe(409);
      expect(res.error().code).toBe('survey/ended');
    } finally {
      clock.set(new Date('2030-01-15T12:00:00Z'));
    }
  });

  it('is full at answerLimitation unless the manufacturer is a partner (D8)', async () => {
    const owner = await ownerSession(ctx);
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { answerLimitation: 1 });
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const q = c.questions[0]!.id;
    expect((await submit(c.id, form([{ questionId: q, text: 'first' }]))).statusCode).toBe(201);
    expect((await survey(c.id)).json()).toMatchObject({ status: 'full', questions: [] });
    const refused = await submit(c.id, form([{ questionId: q, text: 'second' }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.error().code).toBe('survey/full');

    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { isPartner: true });
    expect((await survey(c.id)).json().status).toBe('open');
    expect((await submit(c.id, form([{ questionId: q, text: 'partner' }]))).statusCode).toBe(201);
    expect(await ticketsOf(c.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown campaign and for a malformed id', async () => {
    expect((await survey(randomUUID())).statusCode).toBe(404);
    expect((await survey('nope')).statusCode).toBe(404);
  });
});

describe('GET /api/campaign/:id/preview', () => {
  it("shows the owner's campaign in any state with its questions and the status a participant would get", async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { state: 'draft' });
    const res = await owner.api(api.participation.preview, { params: { id: c.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', questions: [{ _id: c.questions[0]!.id }] });
  });

  it("answers 404 for another manufacturer's campaign and 401 without a token", async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    expect((await stranger.api(api.participation.preview, { params: { id: c.id } })).statusCode).toBe(404);
    expect((await callApi(ctx.app, api.participation.preview, { params: { id: c.id } })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/public/campaign/:id/answer', () => {
  it('stores the answers as shown, the contact, the count and a history entry, and mails the private link', async () => {
    const owner = await ownerSession(ctx);
    const { c, single, multi, rank, answers } = await allTypes(owner.manufacturerId);
    const to = email();
    const res = await submit(
      c.id,
      form(answers, { email: `  ${to.toUpperCase()} `, firstname: ' Ada ', lastname: 'Lovelace' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ stored: true, campaignEnded: false });

    const [ticket] = await ticketsOf(c.id);
    expect(ticket).toMatchObject({
      source: 'openLink',
      language: 'en',
      answeredCount: 4,
      emailConfirmedAt: null,
    });
    expect(ticket?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ticket?.answers[0]).toEqual({
      questionId: c.questions[0]!.id,
      type: 'FreeText',
      text: 'What do you like?',
      optional: false,
      options: [],
      value: { text: 'Everything' },
      skipped: false,
    });
    expect(ticket?.answers[1]?.options).toEqual([
      { _id: single.options[0], text: 'Red' },
      { _id: single.options[1], text: 'Green' },
    ]);
    expect(ticket?.answers[2]?.value.optionIds).toEqual([multi.options[0], multi.options[2]]);
    expect(ticket?.answers[3]?.value.optionIds).toEqual([...rank.options].reverse());

    const [contact] = await ctx.rt.db.select().from(contacts).where(eq(contacts.id, ticket!.contactId!));
    expect(contact).toMatchObject({ email: to, firstname: 'Ada', lastname: 'Lovelace' });
    expect((await readCampaign(ctx.rt, c.id))?.ticketCount).toBe(1);

    const history = await historyOf(owner.manufacturerId);
    expect(history).toEqual([
      expect.objectContaining({
        product: 'connect',
        kind: 'newCampaignTicket',
        subjectType: 'campaignTicket',
        subjectId: ticket!.id,
        subjectTitle: c.title,
        data: { campaignId: c.id, participant: 'Ada Lovelace' },
      }),
    ]);

    const [mail] = await readOutbox(ctx.rt, (m) => m.to === to);
    // The subject is MIME-encoded (it quotes the title); the body names the survey too.
    expect(mail?.subject).toContain(c.title.split(' ')[1]);
    expect(mail?.body).toContain(c.title);
    expect(mail?.body).toContain('Everything');
    expect(mail?.body).toContain('1. Z, 2. Y, 3. X');
    const link = mail?.links.find((l) => l.startsWith('http://parley.test/p/t/'));
    expect(link).toBeDefined();
  });

  it('mails in the campaign language', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { language: 'de', title: 'Umfrage Kaffee' });
    const to = email();
    const res = await submit(c.id, form([{ questionId: c.questions[0]!.id, text: 'Gut' }], { email: to }));
    expect(res.statusCode).toBe(201);
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === to);
    expect(mail?.body).toContain('Ihre Antworten');
    expect((await ticketsOf(c.id))[0]?.language).toBe('de');
  });

  it('stores one ticket for a double submit, one after the other and at once', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const payload = form([{ questionId: c.questions[0]!.id, text: 'twice' }]);
    const first = await submit(c.id, payload);
    const again = await submit(c.id, payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(await ticketsOf(c.id)).toHaveLength(1);

    const racing = form([{ questionId: c.questions[0]!.id, text: 'racing' }]);
    const both = await Promise.all([submit(c.id, racing), submit(c.id, racing)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await ticketsOf(c.id)).toHaveLength(2);
    expect((await readCampaign(ctx.rt, c.id))?.ticketCount).toBe(2);
  });

  it('with a participation target of 1, stores exactly one of two answers at once and ends the campaign', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      endCondition: { type: 'participationTarget', target: 1 },
    });
    const q = c.questions[0]!.id;
    const results = await Promise.all([
      submit(c.id, form([{ questionId: q, text: 'one' }])),
      submit(c.id, form([{ questionId: q, text: 'two' }])),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 201)?.json()).toEqual({ stored: true, campaignEnded: true });
    expect(results.find((r) => r.statusCode === 409)?.error().code).toBe('survey/ended');
    expect(await ticketsOf(c.id)).toHaveLength(1);
    const campaign = await readCampaign(ctx.rt, c.id);
    expect(campaign).toMatchObject({ state: 'ended', ticketCount: 1 });
    expect(campaign?.endedAt?.toISOString()).toBe(clock.now().toISOString());
    expect((await survey(c.id)).json().status).toBe('ended');
    const kinds = (await historyOf(owner.manufacturerId)).map((h) => h.kind).sort();
    expect(kinds).toEqual(['campaignEnded', 'newCampaignTicket']);
  });

  it.each([
    ['draft', { state: 'draft' as const }],
    ['ended', { state: 'ended' as const }],
    ['archived', { state: 'archived' as const }],
    ['closed', { openLink: false }],
  ])('refuses an answer when the survey is %s', async (status, o) => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, o);
    const res = await submit(c.id, form([{ questionId: c.questions[0]!.id, text: 'hi' }]));
    expect(res.statusCode).toBe(409);
    expect(res.error().code).toBe(`survey/${status}`);
    expect(await ticketsOf(c.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown campaign', async () => {
    const res = await submit(randomUUID(), form([]));
    expect(res.statusCode).toBe(404);
  });

  it('refuses a second answer of the same address unless multiple participation is allowed', async () => {
    const owner = await ownerSession(ctx);
    const once = await insertCampaign(ctx.rt, owner.manufacturerId);
    const to = email();
    const a = [{ questionId: once.questions[0]!.id, text: 'hi' }];
    expect((await submit(once.id, form(a, { email: to }))).statusCode).toBe(201);
    const second = await submit(once.id, form(a, { email: to.toUpperCase() }));
    expect(second.statusCode).toBe(409);
    expect(second.error().code).toBe('survey/already-answered');
    await checksDone();

    const many = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const b = [{ questionId: many.questions[0]!.id, text: 'again' }];
    expect((await submit(many.id, form(b, { email: to }))).statusCode).toBe(201);
    expect((await submit(many.id, form(b, { email: to, firstname: 'Grace' }))).statusCode).toBe(201);
    const tickets = await ticketsOf(many.id);
    expect(tickets).toHaveLength(2);
    // One contact per address and manufacturer, named once a name is given.
    expect(new Set(tickets.map((t) => t.contactId)).size).toBe(1);
    const found = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, to));
    expect(found).toEqual([
      expect.objectContaining({ firstname: 'Grace', manufacturerId: owner.manufacturerId }),
    ]);
  });

  it('mails the link to its answers to an address refused as answered, without any check before (once a day)', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { title: 'Resumed survey' });
    const to = email();
    const a = [{ questionId: c.questions[0]!.id, text: 'first' }];
    expect((await submit(c.id, form(a, { email: to }))).statusCode).toBe(201);
    // A draft resumed on another device sends the same address again: no check-email came before.
    const again = await submit(
      c.id,
      form([{ questionId: c.questions[0]!.id, text: 'second' }], { email: to }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.error().code).toBe('survey/already-answered');
    const [mail] = await readOutbox(
      ctx.rt,
      (m) => m.to === to && m.body.includes('answered this survey already'),
    );
    expect(mail?.body).toContain('Resumed survey');
    const token = mail?.links.find((l) => l.startsWith('http://parley.test/p/t/'))?.split('/p/t/')[1] ?? '';
    const ticket = await callApi(ctx.app, api.participation.ticket, { params: { token } });
    expect(ticket.json().answers[0]?.value.text).toBe('first');
    // Under the same per-day limit as the check: another refusal that day mails nothing more.
    expect((await submit(c.id, form(a, { email: to }))).statusCode).toBe(409);
    await checksDone();
    expect(await answeredMails(to)).toHaveLength(1);
  });

  it('keeps contacts apart per manufacturer', async () => {
    const one = await ownerSession(ctx);
    const two = await ownerSession(ctx);
    const to = email();
    for (const owner of [one, two]) {
      const c = await insertCampaign(ctx.rt, owner.manufacturerId);
      expect(
        (await submit(c.id, form([{ questionId: c.questions[0]!.id, text: 'x' }], { email: to }))).statusCode,
      ).toBe(201);
    }
    expect(await ctx.rt.db.select().from(contacts).where(eq(contacts.email, to))).toHaveLength(2);
  });
});

describe('POST /api/public/campaign/:id/check-email', () => {
  const check = (campaignId: string, payload: unknown, remoteAddress = '203.0.113.50') =>
    callApiUnchecked(
      ctx.app,
      api.participation.checkEmail,
      { params: { id: campaignId }, body: payload },
      { remoteAddress },
    );

  /** What a caller sees of a check: everything but the request's own id and time. */
  const seen = (res: Awaited<ReturnType<typeof check>>) => {
    const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
    return { status: res.statusCode, body: res.body, headers };
  };

  it('answers the same for an address that answered and one that did not, and mails the one that did, once a day', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { title: 'Bike survey' });
    const to = email();
    const stranger = email();
    expect((await check(c.id, { email: to })).statusCode).toBe(204);
    // Asking made no contact and no ticket.
    expect(await ctx.rt.db.select().from(contacts).where(eq(contacts.email, to))).toEqual([]);
    expect(
      await submit(c.id, form([{ questionId: c.questions[0]!.id, text: 'hi' }], { email: to })),
    ).toMatchObject({ statusCode: 201 });
    await checksDone();

    const answered = await check(c.id, { email: ` ${to.toUpperCase()} ` });
    const notAnswered = await check(c.id, { email: stranger });
    expect(seen(answered)).toEqual(seen(notAnswered));
    expect(seen(answered)).toMatchObject({ status: 204, body: '' });
    // Both requests did the same work: one queued check each (the job looks the address up).
    expect(await checkJobs(to)).toHaveLength(2);
    expect(await checkJobs(stranger)).toHaveLength(1);

    // The address that answered is told by mail, with a working link to its answers; the other is not.
    await checksDone();
    expect(await answeredMails(stranger)).toEqual([]);
    const [mail] = await readOutbox(
      ctx.rt,
      (m) => m.to === to && m.body.includes('answered this survey already'),
    );
    expect(mail?.body).toContain('Bike survey');
    const link = mail?.links.find((l) => l.startsWith('http://parley.test/p/t/'));
    const token = link?.split('/p/t/')[1] ?? '';
    const ticket = await callApi(ctx.app, api.participation.ticket, { params: { token } });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json().answers[0]?.value.text).toBe('hi');

    // However often it is typed in, that day it gets one mail, and the caller sees the same 204.
    for (let i = 0; i < 3; i++) {
      expect(seen(await check(c.id, { email: to }, `203.0.113.${60 + i}`))).toEqual(seen(notAnswered));
      await checksDone();
    }
    expect(await answeredMails(to)).toHaveLength(1);
    const start = clock.now();
    clock.advance(24 * 60 * 60_000 + 1000);
    try {
      expect((await check(c.id, { email: to })).statusCode).toBe(204);
      await checksDone();
      expect(await answeredMails(to)).toHaveLength(2);
    } finally {
      clock.set(start);
    }

    // In the ticket's language; a survey that takes several answers per address mails nothing.
    const de = await insertCampaign(ctx.rt, owner.manufacturerId, { language: 'de', title: 'Umfrage Rad' });
    await submit(de.id, form([{ questionId: de.questions[0]!.id, text: 'gut' }], { email: to }));
    expect((await check(de.id, { email: to })).statusCode).toBe(204);
    await checksDone();
    const german = (await answeredMails(to)).filter((m) => m.text.includes('Umfrage Rad'));
    expect(german).toHaveLength(1);
    expect(german[0]?.text).toContain('bereits beantwortet');
    const many = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    await submit(many.id, form([{ questionId: many.questions[0]!.id, text: 'hi' }], { email: to }));
    expect((await check(many.id, { email: to })).statusCode).toBe(204);
    await checksDone();
    expect(await answeredMails(to)).toHaveLength(3);
  });

  it('refuses as the answer would: a survey not open, an unknown one, a bad address', async () => {
    const owner = await ownerSession(ctx);
    const draft = await insertCampaign(ctx.rt, owner.manufacturerId, { state: 'draft' });
    const res = await check(draft.id, { email: email() });
    expect(res.statusCode).toBe(409);
    expect(res.error().code).toBe('survey/draft');
    expect((await check(randomUUID(), { email: email() })).statusCode).toBe(404);
    const bad = await check(draft.id, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ code: 'validation', field: 'email' });
  });

  it('is limited per client address and campaign, apart from the answers', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    for (let i = 0; i < participationLimits.perAddress.max; i++) {
      expect((await check(c.id, { email: email() }, '203.0.113.77')).statusCode).toBe(204);
    }
    const res = await check(c.id, { email: email() }, '203.0.113.77');
    expect(res.statusCode).toBe(429);
    expect(res.error().code).toBe('rate-limit');
    // The checks used none of the answers' budget.
    const answered = await submit(
      c.id,
      form([{ questionId: c.questions[0]!.id, text: 'hi' }]),
      '203.0.113.77',
    );
    expect(answered.statusCode).toBe(201);
  });
});

describe('answer validation', () => {
  const expectInvalid = async (res: Awaited<ReturnType<typeof submit>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.error()).toMatchObject({ code: 'validation', field });
  };

  it('accepts every type answered right', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers } = await allTypes(owner.manufacturerId);
    expect((await submit(c.id, form(answers))).statusCode).toBe(201);
  });

  it('checks the form fields', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers } = await allTypes(owner.manufacturerId);
    await expectInvalid(await submit(c.id, form(answers, { email: 'not-an-email' })), 'email');
    await expectInvalid(await submit(c.id, form(answers, { submissionId: 'x' })), 'submissionId');
    await expectInvalid(await submit(c.id, form(answers, { firstname: 'n'.repeat(101) })), 'firstname');
  });

  it('requires every non-optional question', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers } = await allTypes(owner.manufacturerId);
    const res = await submit(c.id, form(answers.slice(1)));
    await expectInvalid(res, 'answers');
    expect(res.error().message).toContain(c.questions[0]!.id);
    await expectInvalid(
      await submit(c.id, form([{ ...answers[0]!, text: '   ' }, ...answers.slice(1)])),
      'answers.0',
    );
  });

  it('refuses unknown and repeated questions', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers } = await allTypes(owner.manufacturerId);
    await expectInvalid(
      await submit(c.id, form([...answers, { questionId: randomUUID(), text: 'x' }])),
      'answers.4.questionId',
    );
    await expectInvalid(await submit(c.id, form([...answers, answers[0]!])), 'answers.4.questionId');
  });

  it('checks free text: not blank, at most 5000 characters, no options', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers, multi } = await allTypes(owner.manufacturerId);
    const withFree = (a: Answer) => form([a, ...answers.slice(1)]);
    const q = c.questions[0]!.id;
    await expectInvalid(
      await submit(c.id, withFree({ questionId: q, text: 'x'.repeat(5001) })),
      'answers.0.text',
    );
    await expectInvalid(
      await submit(c.id, withFree({ questionId: q, text: 'x', optionIds: [multi.options[0]!] })),
      'answers.0.optionIds',
    );
    // 5000 characters after trimming fit.
    expect((await submit(c.id, withFree({ questionId: q, text: ` ${'x'.repeat(4998)} ` }))).statusCode).toBe(
      201,
    );
  });

  it('checks single choice: exactly one of its own options, no text', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers, single, multi } = await allTypes(owner.manufacturerId);
    const withSingle = (optionIds: string[], text?: string) =>
      form(
        answers.map((a, i) =>
          i === 1 ? { questionId: single.id, optionIds, ...(text ? { text } : {}) } : a,
        ),
      );
    await expectInvalid(await submit(c.id, withSingle(single.options)), 'answers.1.optionIds');
    await expectInvalid(await submit(c.id, withSingle([multi.options[0]!])), 'answers.1.optionIds.0');
    await expectInvalid(await submit(c.id, withSingle([single.options[0]!], 'also text')), 'answers.1.text');
    await expectInvalid(await submit(c.id, withSingle([])), 'answers.1');
  });

  it('checks multiple choice: at least one, no duplicates, no foreign options', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers, multi, rank } = await allTypes(owner.manufacturerId);
    const withMulti = (optionIds: string[]) =>
      form(answers.map((a, i) => (i === 2 ? { questionId: multi.id, optionIds } : a)));
    await expectInvalid(await submit(c.id, withMulti([])), 'answers.2');
    await expectInvalid(
      await submit(c.id, withMulti([multi.options[0]!, multi.options[0]!])),
      'answers.2.optionIds.1',
    );
    await expectInvalid(await submit(c.id, withMulti([rank.options[0]!])), 'answers.2.optionIds.0');
    expect((await submit(c.id, withMulti(multi.options))).statusCode).toBe(201);
  });

  it('checks ranking: a permutation of all its options', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers, rank } = await allTypes(owner.manufacturerId);
    const withRank = (optionIds: string[]) =>
      form(answers.map((a, i) => (i === 3 ? { questionId: rank.id, optionIds } : a)));
    await expectInvalid(await submit(c.id, withRank(rank.options.slice(0, 2))), 'answers.3.optionIds');
    await expectInvalid(
      await submit(c.id, withRank([rank.options[0]!, rank.options[0]!, rank.options[1]!])),
      'answers.3.optionIds.1',
    );
    await expectInvalid(
      await submit(c.id, withRank([rank.options[0]!, rank.options[1]!, randomUUID()])),
      'answers.3.optionIds.2',
    );
  });

  it('stores an optional question left blank as skipped', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      questions: [
        { type: 'FreeText', optional: true },
        { type: 'Ranking', optional: true },
        { type: 'SingleChoice' },
      ],
    });
    const [, , single] = c.questions;
    const res = await submit(
      c.id,
      form([
        { questionId: c.questions[0]!.id, text: '' },
        { questionId: single!.id, optionIds: [single!.options[0]!] },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const [ticket] = await ticketsOf(c.id);
    expect(ticket?.answers.map((a) => a.skipped)).toEqual([true, true, false]);
    expect(ticket?.answeredCount).toBe(1);
  });
});

describe('path rules', () => {
  /** Q0 SingleChoice: option 0 → Q2, option 1 → end, option 2 → next. Q1, Q2 FreeText required. */
  const withRules = async (manufacturerId: string) =>
    insertCampaign(ctx.rt, manufacturerId, {
      questions: [
        {
          type: 'SingleChoice',
          options: ['Skip one', 'Stop', 'Go on'],
          rules: [
            { option: 0, to: 2 },
            { option: 1, to: null },
          ],
        },
        { type: 'FreeText', text: 'Only on the long path' },
        { type: 'FreeText', text: 'The last one' },
      ],
    });

  it('exposes the rules to the page', async () => {
    const owner = await ownerSession(ctx);
    const c = await withRules(owner.manufacturerId);
    const body = (await survey(c.id)).json();
    expect(body.questions[0]?.pathRules).toEqual([
      { optionId: c.questions[0]!.options[0], nextQuestionId: c.questions[2]!.id },
      { optionId: c.questions[0]!.options[1], nextQuestionId: null },
    ]);
  });

  it('skips the questions a jump passes over and drops answers sent for them', async () => {
    const owner = await ownerSession(ctx);
    const c = await withRules(owner.manufacturerId);
    const [q0, q1, q2] = c.questions as [
      (typeof c.questions)[0],
      (typeof c.questions)[0],
      (typeof c.questions)[0],
    ];
    const res = await submit(
      c.id,
      form([
        { questionId: q0.id, optionIds: [q0.options[0]!] },
        { questionId: q1.id, text: 'not on my path' },
        { questionId: q2.id, text: 'last' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const [ticket] = await ticketsOf(c.id);
    expect(ticket?.answers[1]).toMatchObject({ questionId: q1.id, skipped: true, value: {} });
    expect(ticket?.answers[2]).toMatchObject({ skipped: false, value: { text: 'last' } });
    expect(ticket?.answeredCount).toBe(2);
  });

  it('ends the survey on a rule to the end, so later required questions need no answer', async () => {
    const owner = await ownerSession(ctx);
    const c = await withRules(owner.manufacturerId);
    const q0 = c.questions[0]!;
    expect((await submit(c.id, form([{ questionId: q0.id, optionIds: [q0.options[1]!] }]))).statusCode).toBe(
      201,
    );
    const [ticket] = await ticketsOf(c.id);
    expect(ticket?.answers.map((a) => a.skipped)).toEqual([false, true, true]);
  });

  it('still requires the questions on the chosen path', async () => {
    const owner = await ownerSession(ctx);
    const c = await withRules(owner.manufacturerId);
    const q0 = c.questions[0]!;
    const res = await submit(c.id, form([{ questionId: q0.id, optionIds: [q0.options[2]!] }]));
    expect(res.statusCode).toBe(400);
    expect(res.error().message).toContain(c.questions[1]!.id);
  });
});

describe('rate limits', () => {
  it(`allows ${participationLimits.perAddress.max} answers per client address and campaign in 10 minutes`, async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const a = [{ questionId: c.questions[0]!.id, text: 'spam' }];
    for (let i = 0; i < participationLimits.perAddress.max; i++) {
      expect((await submit(c.id, form(a), '203.0.113.7')).statusCode).toBe(201);
    }
    const res = await submit(c.id, form(a), '203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(res.error().code).toBe('rate-limit');
    // Another address is not affected.
    expect((await submit(c.id, form(a), '203.0.113.8')).statusCode).toBe(201);
  });

  it(`allows ${participationLimits.perEmail.max} answers per email address in an hour`, async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const a = [{ questionId: c.questions[0]!.id, text: 'again' }];
    const to = email();
    for (let i = 0; i < participationLimits.perEmail.max; i++) {
      expect((await submit(c.id, form(a, { email: to }), `198.51.100.${i}`)).statusCode).toBe(201);
    }
    const res = await submit(c.id, form(a, { email: to.toUpperCase() }), '198.51.100.200');
    expect(res.statusCode).toBe(429);
    expect(res.error().code).toBe('rate-limit');
  });

  it('counts exactly when answers for one email arrive in parallel', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const a = [{ questionId: c.questions[0]!.id, text: 'flood' }];
    const to = email();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => submit(c.id, form(a, { email: to }), `192.0.2.${i}`)),
    );
    const stored = results.filter((r) => r.statusCode === 201).length;
    expect(stored).toBe(participationLimits.perEmail.max);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(25 - stored);
    expect(await ticketsOf(c.id)).toHaveLength(participationLimits.perEmail.max);
  });
});

describe('the contact behind an answer', () => {
  it('keeps the name a contact has: an anonymous answer only fills a missing one', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const a = [{ questionId: c.questions[0]!.id, text: 'hi' }];
    const to = email();
    expect((await submit(c.id, form(a, { email: to, firstname: 'Alice' }))).statusCode).toBe(201);
    expect(
      (await submit(c.id, form(a, { email: to, firstname: 'Mallory', lastname: 'Smith' }))).statusCode,
    ).toBe(201);
    const [contact] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, to));
    expect(contact).toMatchObject({ firstname: 'Alice', lastname: 'Smith' });
  });
});

describe('GET /api/public/ticket/:token', () => {
  it('shows the ticket by the mailed link and confirms the address on the first opening', async () => {
    const owner = await ownerSession(ctx);
    const { c, answers } = await allTypes(owner.manufacturerId);
    const to = email();
    expect((await submit(c.id, form(answers, { email: to, firstname: 'Ada' }))).statusCode).toBe(201);
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === to);
    const link = mail?.links.find((l) => l.includes('/p/t/')) ?? '';
    const token = link.split('/p/t/')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await callApi(ctx.app, api.participation.ticket, { params: { token } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      campaign: { _id: c.id, title: c.title, language: 'en' },
      contact: { email: to, firstname: 'Ada', lastname: null },
      privacyUrl: 'https://example.com/privacy',
    });
    expect(body.answers).toHaveLength(4);
    const [ticket] = await ticketsOf(c.id);
    expect(ticket?.emailConfirmedAt?.toISOString()).toBe(clock.now().toISOString());

    // The console's list marks it confirmed.
    const list = await owner.api(api.tickets.list, { query: { campaignId: c.id } });
    expect(list.json().documents[0]?.emailConfirmed).toBe(true);
  });

  it('answers 404 for an unknown token', async () => {
    const res = await callApi(ctx.app, api.participation.ticket, { params: { token: 'a'.repeat(43) } });
    expect(res.statusCode).toBe(404);
  });
});

describe('with campaigns built through the console calls', () => {
  it('answers a started campaign and ends it at its target, as the console then shows', async () => {
    const owner = await ownerSession(ctx);
    const created = await owner.api(api.campaigns.create, {
      body: { title: 'Console built', endCondition: { type: 'participationTarget', target: 1 } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    const question = await owner.api(api.questions.create, {
      params: { id },
      body: { type: 'MultiChoice', text: 'Which ones?', options: [{ text: 'One' }, { text: 'Two' }] },
    });
    expect(question.statusCode).toBe(201);
    const q = question.json();

    expect((await survey(id)).json().status).toBe('draft');
    expect((await owner.api(api.campaigns.start, { params: { id } })).statusCode).toBe(200);
    const open = (await survey(id)).json();
    expect(open.status).toBe('open');
    expect(open.questions[0]?.options.map((o) => o.text)).toEqual(['One', 'Two']);

    const res = await submit(id, form([{ questionId: q._id, optionIds: q.options.map((o) => o._id) }]));
    expect(res.json()).toEqual({ stored: true, campaignEnded: true });
    const campaign = (await owner.api(api.campaigns.get, { params: { id } })).json();
    expect(campaign).toMatchObject({ state: 'ended', ticketCount: 1 });
    const tickets = (await owner.api(api.tickets.list, { query: { campaignId: id } })).json();
    expect(tickets).toMatchObject({ total: 1, documents: [{ emailConfirmed: false, answeredCount: 1 }] });
    const late = await submit(id, form([{ questionId: q._id, optionIds: [q.options[0]!._id] }]));
    expect(late.error().code).toBe('survey/ended');
  });
});
