import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQuestion, choice, createCampaign, post } from './campaign-api.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

/**
 * The quality bar for every private route, proven generically: the test walks the
 * routes the app registered, so routes added later are covered without new code.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
const apiRoutes = () =>
  ctx.app.registeredRoutes.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
const privateRoutes = () => apiRoutes().filter((r) => r.access !== 'public');

const tokenClaims = (ownerId: string, manufacturerId: string) => ({
  email: 'x@example.com',
  mid: manufacturerId,
  sub: ownerId,
});

describe('every private /api route', () => {
  it('exists at all (the walk is not empty)', () => {
    expect(privateRoutes().length).toBeGreaterThanOrEqual(4);
  });

  it('answers 401 without a token, whatever the body', async () => {
    for (const r of privateRoutes()) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: fill(r.url), payload: { junk: 1 } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code, `${r.method} ${r.url}`).toBe('auth/missing-token');
    }
  });

  it('answers 401 on an encoded path that reaches the same route, before validating the body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/%61pi/campaign', payload: { title: 5 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth/missing-token');
  });

  it('answers 401 to a token signed by another key', async () => {
    const owner = await ownerSession(ctx);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(tokenClaims(owner.ownerId, owner.manufacturerId))
      .setProtectedHeader({ alg: 'ES256', kid: (await ctx.rt.keyStore.get()).signing.kid })
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience(ctx.rt.config.identity.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    for (const r of privateRoutes()) {
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: { 'x-auth-token': forged },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe('auth/invalid-token');
    }
  });

  it('answers 401 to an expired token signed by the right key', async () => {
    const owner = await ownerSession(ctx);
    const { signing } = await ctx.rt.keyStore.get();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(tokenClaims(owner.ownerId, owner.manufacturerId))
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience(ctx.rt.config.identity.audience)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(signing.key);
    for (const r of privateRoutes()) {
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: fill(r.url),
        headers: { 'x-auth-token': expired },
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code).toBe('auth/id-token-expired');
    }
  });

  it('answers 401 to a token for another audience and to garbage', async () => {
    const owner = await ownerSession(ctx);
    const { signing } = await ctx.rt.keyStore.get();
    const otherAudience = await new SignJWT(tokenClaims(owner.ownerId, owner.manufacturerId))
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience('someone-else')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(signing.key);
    for (const token of [otherAudience, 'not-a-jwt', `${owner.tokens.idToken}x`]) {
      const res = await owner.call({ method: 'GET', url: '/api/owner/me/small' });
      expect(res.statusCode).toBe(200);
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/owner/me/small',
        headers: { 'x-auth-token': token },
      });
      expect(bad.statusCode).toBe(401);
    }
  });

  it('answers 403 connect/not-enabled on connect routes for an owner without connect, whatever the body', async () => {
    const owner = await ownerSession(ctx, { connect: false });
    for (const r of privateRoutes().filter((x) => x.access === 'connect')) {
      const res = await owner.call({ method: r.method as 'GET', url: fill(r.url), payload: { junk: 1 } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code).toBe('connect/not-enabled');
    }
  });

  it('never answers 500 to unknown ids or empty input for a signed-in owner', async () => {
    const owner = await ownerSession(ctx);
    for (const r of privateRoutes()) {
      const res = await owner.call({ method: r.method as 'GET', url: fill(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().code).toBe('string');
      // A malformed id answers 404 like an unknown one (D3), whatever the body.
      if (r.url.includes(':')) {
        const bad = await owner.call({
          method: r.method as 'GET',
          url: r.url.replace(/:[A-Za-z]+/g, 'not-a-uuid'),
        });
        expect(bad.statusCode, `${r.method} ${r.url} malformed id`).toBe(404);
      }
    }
  });
});

describe("another manufacturer's records", () => {
  it('answer 404 on every private route with an id, exactly like an unknown id (D4)', async () => {
    // Manufacturer A owns a running campaign with a choice question and one ticket.
    const a = await ownerSession(ctx);
    const campaign = await createCampaign(a, { title: 'Owned by A' });
    const question = await addQuestion(a, campaign._id, choice('Which one?', ['This', 'That']));
    await post(a, api.campaigns.start, campaign._id);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/campaign/${campaign._id}/answer`,
      payload: {
        email: 'participant@example.com',
        submissionId: randomUUID(),
        answers: [{ questionId: question._id, optionIds: [question.options[0]!._id] }],
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const tickets = await a.call({
      method: 'GET',
      url: '/api/campaignTicket/all',
      query: { campaignId: campaign._id },
    });
    const ticketId: string = tickets.json().documents[0]._id;
    // Every id of A a path parameter could name; B tries each one in every slot.
    const aIds = [campaign._id, question._id, question.options[0]!._id, ticketId];

    const b = await ownerSession(ctx);
    const withIds = privateRoutes().filter((r) => r.url.includes(':'));
    expect(withIds.length).toBeGreaterThan(10);
    for (const r of withIds) {
      for (const id of aIds) {
        const url = r.url.replace(/:[A-Za-z]+/g, id);
        const res = await b.call({ method: r.method as 'GET', url, payload: {} });
        // A body the route finds invalid may answer 400 first; it must never reveal or touch A's record.
        expect([400, 404], `${r.method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // A's records are untouched and still A's alone.
    const again = await a.call({ method: 'GET', url: `/api/campaign/${campaign._id}` });
    expect(again.json()).toMatchObject({ title: 'Owned by A', state: 'running', ticketCount: 1 });
    const list = await b.call({
      method: 'GET',
      url: '/api/campaignTicket/all',
      query: { campaignId: campaign._id },
    });
    expect(list.statusCode).toBe(404);
  });
});

describe('public routes and the API shell', () => {
  it('unknown /api paths answer JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found' });
  });

  it('serves the OpenAPI document without a token, listing the contract routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/owner/me/small', '/api/history/me']),
    );
  });

  it('answers malformed JSON with 400 validation, not 500', async () => {
    const owner = await ownerSession(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/history/seen',
      headers: { 'x-auth-token': owner.tokens.idToken, 'content-type': 'application/json' },
      payload: '{"ids": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
  });

  it('takes an empty JSON body as no body (start, stop and copy take none, D3)', async () => {
    const owner = await ownerSession(ctx);
    const campaign = await createCampaign(owner);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaign/${campaign._id}/copy`,
      headers: { 'x-auth-token': owner.tokens.idToken, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    // Prototype poisoning is still refused by Fastify's own parser.
    const poisoned = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/owner/me',
      headers: { 'x-auth-token': owner.tokens.idToken, 'content-type': 'application/json' },
      payload: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('echoes a request id on every answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
