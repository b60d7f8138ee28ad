import { randomUUID } from 'node:crypto';
import { api, type Campaign, type RouteInput } from '@parley/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import {
  addQuestion,
  choice,
  createCampaign,
  endedCampaign,
  expectError,
  freeText,
  getCampaign,
  listQuestions,
  post,
  runningCampaign,
  type Session,
  setTicketCount,
} from './campaign-api.js';
import { ownerSession, useTestApp } from './helpers.js';

const clock = createTestClock();
const ctx = useTestApp({}, { clock });

const HOUR = 3600_000;
const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString();

type ListQuery = NonNullable<RouteInput<typeof api.campaigns.list>['query']>;

const list = async (s: Session, query: ListQuery = {}) => {
  const res = await s.api(api.campaigns.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The record as read, with changes: read-only keys and values the contract refuses go along too. */
const put = (s: Session, c: Campaign, patch: Record<string, unknown>) =>
  s.apiUnchecked(api.campaigns.update, { params: { id: c._id }, body: { ...c, ...patch } });

const endedEntries = (campaignId: string) =>
  ctx.rt.db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.subjectId, campaignId), eq(historyEntries.kind, 'campaignEnded')));

describe('create and read', () => {
  it('creates a draft with defaults, counters at zero and its open link (201)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s, { title: '  Customer survey  ' });
    expect(c).toMatchObject({
      title: 'Customer survey',
      description: '',
      language: 'en',
      image: null,
      endCondition: { type: 'never' },
      autoReminder: false,
      isGroupCampaign: false,
      allowMultipleParticipation: false,
      openLink: true,
      state: 'draft',
      archivedFrom: null,
      hasStarted: false,
      startedAt: null,
      endedAt: null,
      archivedAt: null,
      ticketCount: 0,
      questionCount: 0,
      openLinkUrl: `http://parley.test/p/c/${c._id}`,
    });
    expect(c.createdAt).toBe(clock.now().toISOString());
    expect(await getCampaign(s, c._id)).toEqual(c);
  });

  it('keeps every field it is given and ignores read-only and unknown ones', async () => {
    const s = await ownerSession(ctx);
    const endsAt = inHours(48);
    const res = await s.apiUnchecked(api.campaigns.create, {
      body: {
        title: 'Umfrage',
        description: 'Wie war es?',
        language: 'de',
        image: 'http://parley.test/files/x.png',
        endCondition: { type: 'date', endsAt },
        autoReminder: true,
        isGroupCampaign: true,
        allowMultipleParticipation: true,
        openLink: false,
        state: 'running',
        ticketCount: 7,
        _id: randomUUID(),
        bogus: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Umfrage',
      language: 'de',
      endCondition: { type: 'date', endsAt },
      autoReminder: true,
      isGroupCampaign: true,
      allowMultipleParticipation: true,
      openLink: false,
      state: 'draft',
      ticketCount: 0,
    });
    expect(res.json()).not.toHaveProperty('bogus');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const s = await ownerSession(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{}, 'title'],
      [{ title: 'ok ok', language: 'fr' }, 'language'],
      [{ title: 'ok ok', endCondition: { type: 'date', endsAt: 'tomorrow' } }, 'endCondition.endsAt'],
      [{ title: 'ok ok', endCondition: { type: 'participationTarget', target: 0 } }, 'endCondition.target'],
      [{ title: 'ok ok', endCondition: { type: 'sometimes' } }, 'endCondition.type'],
      [{ title: 'ok ok', openLink: 'yes' }, 'openLink'],
      [{ title: 'ok ok', image: 'javascript:alert(1)' }, 'image'],
      [{ title: 'ok ok', image: 'data:image/png;base64,AAAA' }, 'image'],
    ];
    for (const [payload, field] of cases) {
      const res = await s.apiUnchecked(api.campaigns.create, { body: payload });
      expectError(res, 400, 'validation', field);
    }
  });

  it('answers the light shape', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const res = await s.api(api.campaigns.light, { params: { id: c._id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: c._id,
      title: c.title,
      state: 'draft',
      language: 'en',
      endCondition: { type: 'never' },
      ticketCount: 0,
      questionCount: 0,
      hasStarted: false,
      updatedAt: c.updatedAt,
    });
  });

  it("answers 404 for another manufacturer's campaign on every campaign call, and changes nothing", async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const c = await runningCampaign(owner);
    const calls: ((s: Session, id: string) => Promise<{ statusCode: number; body: string }>)[] = [
      (s, id) => s.api(api.campaigns.get, { params: { id } }),
      (s, id) => s.api(api.campaigns.light, { params: { id } }),
      (s, id) => s.api(api.campaigns.update, { params: { id }, body: { ...c, title: 'Taken over' } }),
      (s, id) => s.api(api.campaigns.archive, { params: { id } }),
      (s, id) => s.api(api.campaigns.copy, { params: { id } }),
      (s, id) => s.api(api.campaigns.start, { params: { id } }),
      (s, id) => s.api(api.campaigns.stop, { params: { id } }),
    ];
    for (const call of calls) {
      expectError(await call(stranger, c._id), 404, 'not-found');
      // An id that exists nowhere answers exactly the same.
      expectError(await call(owner, randomUUID()), 404, 'not-found');
    }
    const after = await getCampaign(owner, c._id);
    expect(after).toMatchObject({ title: c.title, state: 'running', updatedAt: c.updatedAt });
    expect((await list(stranger)).total).toBe(0);
  });

  it('a colleague of the same manufacturer sees and edits the campaign', async () => {
    const owner = await ownerSession(ctx);
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const c = await createCampaign(owner);
    const res = await put(colleague, c, { title: 'Edited by a colleague' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('list, search and names', () => {
  const seed = async () => {
    const s = await ownerSession(ctx);
    const made: Campaign[] = [];
    for (const title of ['Beta', 'alpha', 'Gamma 100%', 'Delta_x', 'epsilon']) {
      clock.advance(1000);
      made.push(await createCampaign(s, { title }));
    }
    return { s, made };
  };

  it('pages in the database, newest first by default, with the total', async () => {
    const { s } = await seed();
    const page1 = await list(s, { limit: '2' });
    const page2 = await list(s, { limit: '2', page: '2' });
    const page3 = await list(s, { limit: '2', page: '3' });
    expect(page1.total).toBe(5);
    expect(page2.total).toBe(5);
    expect(page1.documents.map((c) => c.title)).toEqual(['epsilon', 'Delta_x']);
    expect(page2.documents.map((c) => c.title)).toEqual(['Gamma 100%', 'alpha']);
    expect(page3.documents.map((c) => c.title)).toEqual(['Beta']);
    expect((await list(s, { page: '9' })).documents).toEqual([]);
  });

  it('sorts by each contract field, ascending and descending', async () => {
    const { s, made } = await seed();
    const titles = async (sort: ListQuery['sort']) => (await list(s, { sort })).documents.map((c) => c.title);
    expect(await titles('title')).toEqual(['alpha', 'Beta', 'Delta_x', 'epsilon', 'Gamma 100%']);
    expect(await titles('-title')).toEqual(['Gamma 100%', 'epsilon', 'Delta_x', 'Beta', 'alpha']);
    expect(await titles('createdAt')).toEqual(['Beta', 'alpha', 'Gamma 100%', 'Delta_x', 'epsilon']);

    const [beta, alpha] = made as [Campaign, Campaign];
    clock.advance(1000);
    expect((await put(s, beta, { description: 'touched' })).statusCode).toBe(200);
    expect((await titles('-updatedAt'))[0]).toBe('Beta');
    expect((await titles('updatedAt'))[4]).toBe('Beta');

    await setTicketCount(ctx.rt, alpha._id, 9);
    await setTicketCount(ctx.rt, beta._id, 3);
    expect((await titles('-ticketCount')).slice(0, 2)).toEqual(['alpha', 'Beta']);
    expect((await titles('ticketCount')).slice(3)).toEqual(['Beta', 'alpha']);

    await runningCampaign(s, { title: 'Zeta running' });
    const byState = (await list(s, { sort: 'state' })).documents.map((c) => c.state);
    expect(byState).toEqual([...byState].sort());
    expect((await list(s, { sort: '-state' })).documents[0]?.state).toBe('running');

    expectError(
      await s.apiUnchecked(api.campaigns.list, { query: { sort: 'secret' } }),
      400,
      'validation',
      'sort',
    );
  });

  it('pages by keyset cursor in every sort: the same rows as page numbers, ties and microseconds included', async () => {
    const s = await ownerSession(ctx);
    const made: Campaign[] = [];
    // Equal sort keys (no clock step between some), to prove the id breaks ties without overlap or gaps.
    for (const [i, title] of ['bb', 'aa', 'BB', 'cc', 'aa', 'dd', 'CC'].entries()) {
      if (i % 3 === 0) clock.advance(1000);
      made.push(await createCampaign(s, { title }));
    }
    // Timestamps a millisecond cannot tell apart: a cursor must keep PostgreSQL's microseconds.
    await ctx.rt.pool.query(
      `update campaigns set created_at = date_trunc('second', created_at) + (random() * 1000) * interval '1 microsecond'
       where id = any($1::uuid[])`,
      [made.map((c) => c._id)],
    );
    await setTicketCount(ctx.rt, (made[0] as Campaign)._id, 4);
    for (const sort of [
      'title',
      '-title',
      'createdAt',
      '-createdAt',
      '-updatedAt',
      'ticketCount',
      '-state',
    ] as const) {
      const byPage = (await list(s, { sort, limit: '100' })).documents.map((c) => c._id);
      const walked: string[] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = await list(s, { sort, limit: '3', ...(after ? { after } : {}) });
        expect(page.total).toBe(7);
        walked.push(...page.documents.map((c) => c._id));
        after = page.next;
        if (!after) break;
      }
      expect(walked, sort).toEqual(byPage);
    }
  });

  it('keeps a cursor walk whole while campaigns are added, and refuses a cursor it did not give', async () => {
    const { s } = await seed();
    const first = await list(s, { limit: '2' });
    expect(first.documents.map((c) => c.title)).toEqual(['epsilon', 'Delta_x']);
    // A newer campaign lands before the cursor: offset paging would show Delta_x again, a cursor does not.
    clock.advance(1000);
    await createCampaign(s, { title: 'Newest' });
    const second = await list(s, { limit: '2', after: first.next });
    expect(second.documents.map((c) => c.title)).toEqual(['Gamma 100%', 'alpha']);
    const last = await list(s, { limit: '2', after: second.next });
    expect(last.documents.map((c) => c.title)).toEqual(['Beta']);
    expect(last.next).toBeUndefined();

    // Another sort's cursor, a damaged one, and one that is not a cursor at all: 400 naming `after`.
    for (const after of [(await list(s, { sort: 'title', limit: '1' })).next, 'bm90LWEtY3Vyc29y', '%%%']) {
      expectError(
        await s.apiUnchecked(api.campaigns.list, { query: { limit: '2', after } }),
        400,
        'validation',
        'after',
      );
    }
    // Another manufacturer's owner gets nothing of this one's through its cursor.
    const other = await ownerSession(ctx);
    const theirs = await list(other, { limit: '2', after: first.next });
    expect(theirs).toEqual({ documents: [], total: 0 });
  });

  it('searches titles case-insensitively, taking % and _ literally', async () => {
    const { s } = await seed();
    const found = async (search: string) => (await list(s, { search })).documents.map((c) => c.title).sort();
    expect(await found('ALPHA')).toEqual(['alpha']);
    expect(await found('ta')).toEqual(['Beta', 'Delta_x']);
    expect(await found('%')).toEqual(['Gamma 100%']);
    expect(await found('_')).toEqual(['Delta_x']);
    expect(await found('a_x')).toEqual(['Delta_x']);
    expect(await found('zzz')).toEqual([]);
    expect((await list(s, { search: 'a', limit: '1' })).total).toBe(4);
  });

  it('filters by state; archived campaigns appear only when asked for', async () => {
    const { s, made } = await seed();
    const running = await runningCampaign(s, { title: 'Running one' });
    const ended = await endedCampaign(s, { title: 'Ended one' });
    const archived = made[0] as Campaign;
    expect((await s.api(api.campaigns.archive, { params: { id: archived._id } })).statusCode).toBe(204);

    const all = await list(s);
    expect(all.total).toBe(6);
    expect(all.documents.map((c) => c._id)).not.toContain(archived._id);

    const runningOnly = await list(s, { 'states[]': 'running' });
    expect(runningOnly.documents.map((c) => c._id)).toEqual([running._id]);
    const res = await s.api(api.campaigns.list, { query: { 'states[]': ['ended', 'archived'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .documents.map((c) => c._id)
        .sort(),
    ).toEqual([ended._id, archived._id].sort());
    expect(res.json().total).toBe(2);
    expectError(
      await s.apiUnchecked(api.campaigns.list, { query: { 'states[]': 'paused' } }),
      400,
      'validation',
    );
  });

  it('search answers light campaigns, not archived ones, up to the limit', async () => {
    const { s, made } = await seed();
    expect(
      (await s.api(api.campaigns.archive, { params: { id: (made[1] as Campaign)._id } })).statusCode,
    ).toBe(204);
    const res = await s.api(api.campaigns.search, { query: { search: 'A' } });
    expect(res.statusCode).toBe(200);
    const docs = res.json().documents;
    expect(docs.map((c) => c.title)).toEqual(['Beta', 'Delta_x', 'Gamma 100%']);
    expect(Object.keys(docs[0] as object).sort()).toEqual(
      [
        '_id',
        'endCondition',
        'hasStarted',
        'language',
        'questionCount',
        'state',
        'ticketCount',
        'title',
        'updatedAt',
      ].sort(),
    );
    const limited = await s.api(api.campaigns.search, { query: { limit: '2' } });
    expect(limited.json().documents).toHaveLength(2);
    const other = await ownerSession(ctx);
    expect((await other.api(api.campaigns.search)).json().documents).toEqual([]);
  });

  it('names lists ids, titles and states, filtered by state', async () => {
    const { s, made } = await seed();
    const running = await runningCampaign(s, { title: 'Running one' });
    expect(
      (await s.api(api.campaigns.archive, { params: { id: (made[0] as Campaign)._id } })).statusCode,
    ).toBe(204);
    const all = (await s.api(api.campaigns.names)).json().documents;
    expect(all).toHaveLength(5);
    expect(all[0]).toEqual({ _id: made[1]?._id, title: 'alpha', state: 'draft' });
    const onlyRunning = (await s.api(api.campaigns.names, { query: { 'states[]': 'running' } })).json()
      .documents;
    expect(onlyRunning).toEqual([{ _id: running._id, title: 'Running one', state: 'running' }]);
    const archived = (await s.api(api.campaigns.names, { query: { 'states[]': 'archived' } })).json()
      .documents;
    expect(archived.map((c) => c._id)).toEqual([made[0]?._id]);
  });
});

describe('update', () => {
  it('refuses a garbled updatedAt (so the stale check is never skipped) and an end date out of range', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const garbled = await s.api(api.campaigns.update, {
      params: { id: c._id },
      body: { title: 'Other', updatedAt: 'garbage' },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.error()).toMatchObject({ code: 'validation', field: 'updatedAt' });
    for (const endsAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
      const res = await s.api(api.campaigns.create, {
        body: { title: 'Far away', endCondition: { type: 'date', endsAt } },
      });
      expect(res.statusCode, endsAt).toBe(400);
      expect(res.error()).toMatchObject({ code: 'validation', field: 'endCondition.endsAt' });
    }
  });

  it('replaces the editable fields and ignores read-only and unknown keys', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    clock.advance(1000);
    const res = await put(s, c, {
      title: 'Renamed',
      language: 'de',
      endCondition: { type: 'participationTarget', target: 10 },
      openLink: false,
      state: 'running',
      ticketCount: 5,
      hasStarted: true,
      openLinkUrl: 'http://evil.example',
      whatever: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      title: 'Renamed',
      language: 'de',
      endCondition: { type: 'participationTarget', target: 10 },
      openLink: false,
      state: 'draft',
      ticketCount: 0,
      hasStarted: false,
      openLinkUrl: `http://parley.test/p/c/${c._id}`,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    expect(await getCampaign(s, c._id)).toEqual(updated);
  });

  it('refuses a stale update with 409 conflict/stale, accepts the fresh one and one without updatedAt', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const first = await put(s, c, { title: 'First edit' });
    expect(first.statusCode).toBe(200);
    // Same millisecond on a clock that stands still: still detected.
    expectError(await put(s, c, { title: 'Lost edit' }), 409, 'conflict/stale', 'updatedAt');
    expect((await put(s, first.json(), { title: 'Second edit' })).statusCode).toBe(200);
    const { updatedAt: _dropped, ...withoutStamp } = c;
    const blind = await s.api(api.campaigns.update, { params: { id: c._id }, body: withoutStamp });
    expect(blind.statusCode).toBe(200);
    expect(blind.json().title).toBe(c.title);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    expectError(await put(s, c, { title: '' }), 400, 'validation', 'title');
    expectError(
      await put(s, c, { endCondition: { type: 'date' } }),
      400,
      'validation',
      'endCondition.endsAt',
    );
  });

  it('an ended campaign changes only its end condition (409 campaign/ended naming the field)', async () => {
    const s = await ownerSession(ctx);
    const c = await endedCampaign(s);
    for (const [field, value] of [
      ['title', 'New title'],
      ['description', 'new'],
      ['language', 'de'],
      ['image', 'http://x/y.png'],
      ['autoReminder', true],
      ['isGroupCampaign', true],
      ['allowMultipleParticipation', true],
      ['openLink', false],
    ] as const) {
      expectError(await put(s, c, { [field]: value }), 409, 'campaign/ended', field);
    }
    const res = await put(s, c, { endCondition: { type: 'participationTarget', target: 50 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'ended',
      endCondition: { type: 'participationTarget', target: 50 },
    });
  });

  it('a running campaign may change, but not to an end condition that is already met', async () => {
    const s = await ownerSession(ctx);
    const c = await runningCampaign(s);
    const renamed = await put(s, c, { title: 'Still running', allowMultipleParticipation: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fresh = renamed.json();
    expectError(
      await put(s, fresh, { endCondition: { type: 'date', endsAt: inHours(-1) } }),
      409,
      'campaign/end-condition-met',
      'endCondition',
    );
    await setTicketCount(ctx.rt, c._id, 4);
    expectError(
      await put(s, fresh, { endCondition: { type: 'participationTarget', target: 4 } }),
      409,
      'campaign/end-condition-met',
    );
    const ok = await put(s, fresh, { endCondition: { type: 'participationTarget', target: 5 } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an archived campaign answers 409 campaign/archived', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    expect((await s.api(api.campaigns.archive, { params: { id: c._id } })).statusCode).toBe(204);
    expectError(await put(s, c, { title: 'Back again' }), 409, 'campaign/archived');
  });
});

describe('archive', () => {
  it('archives from any state, remembers the state, stays readable and archiving again is harmless', async () => {
    const s = await ownerSession(ctx);
    const draft = await createCampaign(s);
    const running = await runningCampaign(s);
    const ended = await endedCampaign(s);
    for (const c of [draft, running, ended]) {
      const res = await s.api(api.campaigns.archive, { params: { id: c._id } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = await getCampaign(s, c._id);
      expect(after).toMatchObject({
        state: 'archived',
        archivedFrom: c.state,
        archivedAt: clock.now().toISOString(),
      });
      expect((await s.api(api.campaigns.archive, { params: { id: c._id } })).statusCode).toBe(204);
      expect((await getCampaign(s, c._id)).archivedFrom).toBe(c.state);
    }
    expect((await list(s)).total).toBe(0);
    expect((await list(s, { 'states[]': 'archived' })).total).toBe(3);
    expectError(await s.api(api.campaigns.start, { params: { id: draft._id } }), 409, 'campaign/archived');
    expectError(await s.api(api.campaigns.stop, { params: { id: running._id } }), 409, 'campaign/archived');
  });
});

describe('copy', () => {
  it('makes a new draft with the same settings, questions, options, option tags and path rules', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s, {
      title: 'Product survey',
      description: 'About our product',
      endCondition: { type: 'participationTarget', target: 3 },
      allowMultipleParticipation: true,
      openLink: false,
      image: 'http://parley.test/files/campaigns/x/y.png',
    });
    const q1 = await addQuestion(
      s,
      c._id,
      choice('Do you like it?', ['Yes', 'No'], {
        options: [{ text: 'Yes', tags: ['fan'] }, { text: 'No' }],
      }),
    );
    const q2 = await addQuestion(
      s,
      c._id,
      freeText('Why not?', { optional: true, link: 'https://example.com/a' }),
    );
    await addQuestion(s, c._id, {
      type: 'Ranking',
      text: 'Rank these',
      options: [{ text: 'A' }, { text: 'B' }],
    });
    const withRule = await s.api(api.questions.update, {
      params: { id: c._id, qid: q1._id },
      body: {
        ...q1,
        pathRules: [
          { optionId: q1.options[0]?._id, nextQuestionId: null },
          { optionId: q1.options[1]?._id, nextQuestionId: q2._id },
        ],
      },
    });
    expect(withRule.statusCode, withRule.body).toBe(200);
    const started = await post(s, api.campaigns.start, c._id);
    await setTicketCount(ctx.rt, c._id, 2);

    const res = await s.api(api.campaigns.copy, { params: { id: c._id } });
    expect(res.statusCode, res.body).toBe(201);
    const copy: Campaign = res.json();
    expect(copy._id).not.toBe(c._id);
    expect(copy).toMatchObject({
      title: 'Product survey (copy)',
      description: 'About our product',
      endCondition: { type: 'participationTarget', target: 3 },
      allowMultipleParticipation: true,
      openLink: false,
      image: c.image,
      state: 'draft',
      hasStarted: false,
      startedAt: null,
      ticketCount: 0,
      questionCount: 3,
      openLinkUrl: `http://parley.test/p/c/${copy._id}`,
    });
    expect(started.state).toBe('running');

    const original = await listQuestions(s, c._id);
    const copied = await listQuestions(s, copy._id);
    const shape = (qs: typeof original) =>
      qs.map((q) => ({
        type: q.type,
        text: q.text,
        optional: q.optional,
        link: q.link,
        order: q.order,
        options: q.options.map((o) => ({ text: o.text, order: o.order, tags: o.tags })),
      }));
    expect(shape(copied)).toEqual(shape(original));
    const ids = new Set([...original.flatMap((q) => [q._id, ...q.options.map((o) => o._id)])]);
    expect(copied.some((q) => ids.has(q._id) || q.options.some((o) => ids.has(o._id)))).toBe(false);
    // The rules point to the copy's own option and question.
    const [c1, c2] = copied as [(typeof copied)[0], (typeof copied)[0]];
    expect(c1.pathRules).toEqual([
      { optionId: c1.options[0]?._id, nextQuestionId: null },
      { optionId: c1.options[1]?._id, nextQuestionId: c2._id },
    ]);
    expect(c1.campaignId).toBe(copy._id);
  });

  it('suffixes the title in the campaign language, within the title limit', async () => {
    const s = await ownerSession(ctx);
    const de = await createCampaign(s, { title: 'Umfrage', language: 'de' });
    expect((await post(s, api.campaigns.copy, de._id, 201)).title).toBe('Umfrage (Kopie)');
    const long = await createCampaign(s, { title: 'x'.repeat(200) });
    const copy = await post(s, api.campaigns.copy, long._id, 201);
    expect(copy.title).toHaveLength(200);
    expect(copy.title.endsWith(' (copy)')).toBe(true);
  });

  it('copies an archived campaign into a draft', async () => {
    const s = await ownerSession(ctx);
    const c = await endedCampaign(s);
    expect((await s.api(api.campaigns.archive, { params: { id: c._id } })).statusCode).toBe(204);
    const copy = await post(s, api.campaigns.copy, c._id, 201);
    expect(copy).toMatchObject({ state: 'draft', questionCount: 1, archivedFrom: null });
  });
});

describe('start, stop, restart', () => {
  it('refuses to start without questions (409 campaign/too-few-questions)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    expectError(
      await s.api(api.campaigns.start, { params: { id: c._id } }),
      409,
      'campaign/too-few-questions',
    );
    expect((await getCampaign(s, c._id)).state).toBe('draft');
  });

  it('starts a draft, stops it with a history entry, restarts it', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    await addQuestion(s, c._id, freeText('Anything else?'));
    clock.advance(1000);
    const started = await post(s, api.campaigns.start, c._id);
    expect(started).toMatchObject({
      state: 'running',
      hasStarted: true,
      startedAt: clock.now().toISOString(),
      endedAt: null,
    });
    // Starting a running campaign again changes nothing.
    expect(await post(s, api.campaigns.start, c._id)).toEqual(started);

    clock.advance(1000);
    const stopped = await post(s, api.campaigns.stop, c._id);
    expect(stopped).toMatchObject({ state: 'ended', hasStarted: true, endedAt: clock.now().toISOString() });
    const entries = await endedEntries(c._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      manufacturerId: s.manufacturerId,
      product: 'connect',
      subjectType: 'campaign',
      subjectTitle: c.title,
      data: { reason: 'manual' },
    });
    const history = await s.api(api.history.me, { query: { product: 'connect' } });
    expect(history.json().documents[0]).toMatchObject({ kind: 'campaignEnded', subject: { _id: c._id } });

    expectError(await s.api(api.campaigns.stop, { params: { id: c._id } }), 409, 'campaign/not-running');
    clock.advance(1000);
    const restarted = await post(s, api.campaigns.start, c._id);
    expect(restarted).toMatchObject({
      state: 'running',
      endedAt: null,
      startedAt: clock.now().toISOString(),
    });
  });

  it('refuses to stop a draft (409 campaign/not-running)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    expectError(await s.api(api.campaigns.stop, { params: { id: c._id } }), 409, 'campaign/not-running');
  });

  it('refuses a restart whose end date has passed until the end condition changes', async () => {
    const s = await ownerSession(ctx);
    const c = await runningCampaign(s, { endCondition: { type: 'date', endsAt: inHours(2) } });
    await post(s, api.campaigns.stop, c._id);
    clock.advance(3 * HOUR);
    expectError(
      await s.api(api.campaigns.start, { params: { id: c._id } }),
      409,
      'campaign/end-condition-met',
      'endCondition',
    );
    const ended = await getCampaign(s, c._id);
    expect((await put(s, ended, { endCondition: { type: 'date', endsAt: inHours(24) } })).statusCode).toBe(
      200,
    );
    expect((await post(s, api.campaigns.start, c._id)).state).toBe('running');
  });

  it('refuses a restart whose participation target is reached', async () => {
    const s = await ownerSession(ctx);
    const c = await runningCampaign(s, { endCondition: { type: 'participationTarget', target: 2 } });
    await setTicketCount(ctx.rt, c._id, 2);
    await post(s, api.campaigns.stop, c._id);
    expectError(
      await s.api(api.campaigns.start, { params: { id: c._id } }),
      409,
      'campaign/end-condition-met',
    );
    const ended = await getCampaign(s, c._id);
    expect(
      (await put(s, ended, { endCondition: { type: 'participationTarget', target: 3 } })).statusCode,
    ).toBe(200);
    expect((await post(s, api.campaigns.start, c._id)).state).toBe('running');
  });

  it('refuses to start a draft whose end date has passed already', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s, { endCondition: { type: 'date', endsAt: inHours(-1) } });
    await addQuestion(s, c._id, freeText('Too late?'));
    expectError(
      await s.api(api.campaigns.start, { params: { id: c._id } }),
      409,
      'campaign/end-condition-met',
    );
  });
});
