import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInfo } from '../src/modules/info/info.repository.js';
import { owners } from '../src/modules/owner/owner.tables.js';
import { registerErrorHandler } from '../src/plugins/error-handler.js';
import {
  addQuestion,
  choice,
  createCampaign,
  expectError,
  freeText,
  post,
  type Session,
} from './campaign-api.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';
import { tenantSnapshot } from './snapshot.js';

let ctx: TestContext;
let owner: Session;
let campaignId: string;
let choiceQuestion: { _id: string; options: { _id: string }[] };
let textQuestion: { _id: string };

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await ownerSession(ctx);
  const campaign = await createCampaign(owner, { title: 'Edge cases' });
  campaignId = campaign._id;
  choiceQuestion = await addQuestion(owner, campaignId, choice('Which one?', ['This', 'That']));
  textQuestion = await addQuestion(owner, campaignId, freeText('Why?'));
  await post(owner, api.campaigns.start, campaignId);
});
afterAll(() => ctx?.close());

const snapshot = () => tenantSnapshot(ctx.rt, owner.manufacturerId);

const answer = (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/public/campaign/${campaignId}/answer`,
    payload: {
      email: `p-${randomUUID()}@example.com`,
      submissionId: randomUUID(),
      answers: [
        { questionId: choiceQuestion._id, optionIds: [choiceQuestion.options[0]?._id] },
        { questionId: textQuestion._id, text: 'Because.' },
      ],
      ...body,
    },
  });

describe('text PostgreSQL cannot store (NUL, lone surrogates) answers 400 naming the field, and changes nothing', () => {
  it('anonymously, in the query of GET /api/info/all', async () => {
    await addInfo(ctx.rt.db, { platform: 'Web', category: 'WebInfo', title: 'Hello', text: 'x' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/info/all?platform=a%00&category=b' });
    expectError(res, 400, 'validation', 'platform');
    expect(res.json().message).toMatch(/NUL/);
  });

  it('in the public answer: first name, answer text, a key; nothing is stored', async () => {
    const before = await snapshot();
    expectError(await answer({ firstname: 'P\u0000' }), 400, 'validation', 'firstname');
    expectError(
      await answer({ answers: [{ questionId: textQuestion._id, text: 'ok\u0000' }] }),
      400,
      'validation',
      'answers.0.text',
    );
    // A lone surrogate (JSON "\ud800") would be refused by PostgreSQL's jsonb as well.
    const lone = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/campaign/${campaignId}/answer`,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"lone@example.com","submissionId":"${randomUUID()}","answers":[{"questionId":"${textQuestion._id}","text":"a\\ud800b"}]}`,
    });
    expectError(lone, 400, 'validation', 'answers.0.text');
    expect(lone.json().message).toMatch(/Unicode/);
    expectError(await answer({ 'x\u0000': 1 }), 400, 'validation');
    expect(await snapshot()).toEqual(before);
    // The same answer without the NUL is stored.
    expect((await answer({ firstname: 'P' })).statusCode).toBe(201);
  });

  it('in campaign and question texts, options, tags and the owner name', async () => {
    const draft = await createCampaign(owner, { title: 'Draft for NULs' });
    const question = await addQuestion(owner, draft._id, choice('Colour?', ['Red', 'Blue']));
    const optionId = question.options[0]?._id;
    const before = await snapshot();
    const cases: [Parameters<Session['call']>[0], string][] = [
      [{ method: 'POST', url: '/api/campaign', payload: { title: 'New\u0000' } }, 'title'],
      [
        {
          method: 'PUT',
          url: `/api/campaign/${draft._id}`,
          payload: { description: 'x\u0000', updatedAt: draft.updatedAt },
        },
        'description',
      ],
      [
        {
          method: 'POST',
          url: `/api/campaign/${draft._id}/question`,
          payload: choice('Q\u0000', ['a', 'b']),
        },
        'text',
      ],
      [
        {
          method: 'POST',
          url: `/api/campaign/${draft._id}/question`,
          payload: choice('Fine?', ['a', 'b\u0000']),
        },
        'options.1.text',
      ],
      [
        {
          method: 'POST',
          url: `/api/campaign/${draft._id}/question/${question._id}/option/${optionId}`,
          payload: { tags: ['ok', 'bad\u0000'] },
        },
        'tags.1',
      ],
      [{ method: 'PATCH', url: '/api/owner/me', payload: { name: 'Bob\u0000' } }, 'name'],
      [{ method: 'GET', url: '/api/campaign/search?search=%00' }, 'search'],
      [{ method: 'GET', url: '/api/v2/campaign/all?search=a%00b' }, 'search'],
      [{ method: 'GET', url: '/api/history/me?product=a%00' }, 'product'],
    ];
    for (const [request, field] of cases) {
      expectError(await owner.call(request), 400, 'validation', field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('on the identity routes', async () => {
    const before = await snapshot();
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/identity/sign-in',
      payload: { email: owner.email, password: `${owner.password}\u0000` },
    });
    expectError(signIn, 400, 'validation', 'password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/identity/password-reset',
      payload: { email: `a\u0000${owner.email}` },
    });
    expectError(reset, 400, 'validation', 'email');
    // Sign-out has no body schema and answers 204 whatever it is sent (D5).
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/identity/sign-out',
      payload: { refreshToken: 'x\u0000y' },
    });
    expect(signOut.statusCode).toBe(204);
    expect(await snapshot()).toEqual(before);
  });

  it('in a path parameter: a malformed id, 404 like any other (D3)', async () => {
    const res = await owner.call({ method: 'GET', url: `/api/campaign/${campaignId}%00` });
    expectError(res, 404, 'not-found');
    const token = await ctx.app.inject({ method: 'GET', url: `/api/public/ticket/${'a'.repeat(40)}%00` });
    expectError(token, 404, 'not-found');
  });
});

describe('JSON in a charset other than UTF-8', () => {
  const create = (contentType: string, body = JSON.stringify({ title: 'Charset check' })) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: { 'x-auth-token': owner.tokens.idToken, 'content-type': contentType },
      payload: body,
    });

  it('is refused with 415, nothing stored', async () => {
    const before = await snapshot();
    for (const type of [
      'application/json; charset=utf-16',
      'application/json; charset=UTF-16LE',
      'application/json; charset=latin1',
      'application/json;charset="iso-8859-1"',
    ]) {
      const res = await create(type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toMatchObject({ code: 'validation/media-type', message: expect.any(String) });
    }
    const utf16 = await create(
      'application/json; charset=utf-16',
      Buffer.from('{"title":"Wide"}', 'utf16le').toString('latin1'),
    );
    expect(utf16.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('takes no charset, or UTF-8 in any spelling', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'Application/JSON;charset="Utf-8"',
      'application/json; charset=utf8',
    ]) {
      expect((await create(type)).statusCode, type).toBe(201);
    }
  });
});

describe('PostgreSQL errors under Drizzle', () => {
  /**
   * The three mappings cannot be reached through the API any more: validation and the input guard
   * refuse their causes first (UUIDs are checked, end dates are limited to years 2000–9999, unique
   * values are checked or upserted, text PostgreSQL cannot store is refused). So the handler gets
   * real Drizzle errors from real queries on the test database, through a route of its own.
   */
  const failing = async (query: () => Promise<unknown>) => {
    const app = Fastify();
    registerErrorHandler(app);
    let thrown: unknown;
    app.get('/', async () => {
      try {
        await query();
      } catch (err) {
        thrown = err;
        throw err;
      }
      return 'ok';
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    // Drizzle wraps the driver's error: the code is on the cause, not on the error itself.
    expect((thrown as { code?: string }).code).toBeUndefined();
    expect((thrown as { cause?: { code?: string } }).cause?.code).toMatch(/^[0-9A-Z]{5}$/);
    return res;
  };

  it('a unique violation answers 409 conflict/duplicate', async () => {
    const [row] = await ctx.rt.db.select().from(owners).where(eq(owners.id, owner.ownerId));
    if (!row) throw new Error('no owner');
    const res = await failing(() => ctx.rt.db.insert(owners).values({ ...row, id: randomUUID() }));
    expectError(res, 409, 'conflict/duplicate');
  });

  it('an invalid text representation (a malformed UUID) answers 404', async () => {
    const res = await failing(() => ctx.rt.db.select().from(owners).where(eq(owners.id, 'not-a-uuid')));
    expectError(res, 404, 'not-found');
  });

  it('a datetime field overflow answers 400 validation', async () => {
    const res = await failing(() => ctx.rt.db.execute(sql`select '2026-02-30T10:00:00Z'::timestamptz`));
    expectError(res, 400, 'validation');
  });

  it('anything else stays a masked 500', async () => {
    const res = await failing(() => ctx.rt.db.execute(sql`select 1 / 0`));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal' });
  });
});
