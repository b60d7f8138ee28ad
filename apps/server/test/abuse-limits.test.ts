import { randomUUID } from 'node:crypto';
import { api, identityApi } from '@parley/contract';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRUNE_RATE_LIMITS_JOB } from '../src/lib/rate-limit.js';
import { rateLimitHits } from '../src/lib/rate-limit.tables.js';
import { identityLimits } from '../src/modules/identity/identity.limits.js';
import { participationLimits } from '../src/modules/participation/participation.service.js';
import { callApi, callApiUnchecked } from './client.js';
import { insertCampaign } from './fixtures.js';
import { createOwner, useTestApp } from './helpers.js';

/**
 * Strangers must not be able to lock someone else out: not of answering surveys (by spending the
 * address's budget with requests that could never succeed), not of signing in (by failing from
 * elsewhere); and requests naming nothing real must not grow the rate-limit table.
 */
const ctx = useTestApp();

const email = () => `p-${randomUUID()}@example.com`;
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const submit = (campaignId: string, payload: object, remoteAddress: string) =>
  callApiUnchecked(
    ctx.app,
    api.participation.submit,
    { params: { id: campaignId }, body: payload },
    { remoteAddress },
  );
const answerTo = (c: { questions: { id: string }[] }, to: string, text = 'hello') => ({
  email: to,
  submissionId: randomUUID(),
  answers: [{ questionId: c.questions[0]?.id, text }],
});
const hitRows = async () => (await ctx.rt.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).length;
const rowsOfKey = async (key: string) =>
  (await ctx.rt.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).length;

describe('answers: only attempts that could succeed count', () => {
  it('a flood of answers to unknown campaigns with an address neither blocks it nor writes a row', async () => {
    const owner = await createOwner(ctx.rt);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const victim = email();
    const attacker = ip();
    const before = await hitRows();
    for (let i = 0; i < participationLimits.perEmail.max + 5; i++) {
      const res = await submit(randomUUID(), answerTo(c, victim), attacker);
      expect(res.statusCode).toBe(404);
    }
    expect(await hitRows()).toBe(before);
    // The address's owner answers a real survey from their own client.
    expect((await submit(c.id, answerTo(c, victim), ip())).statusCode).toBe(201);
  });

  it('refused answers to a real survey do not spend the address budget; the stranger is throttled by client', async () => {
    const owner = await createOwner(ctx.rt);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const ended = await insertCampaign(ctx.rt, owner.manufacturerId, { state: 'ended' });
    const victim = email();
    const attacker = ip();
    const before = await hitRows();
    // A survey that is not open: refused, and nothing counted anywhere.
    for (let i = 0; i < participationLimits.perEmail.max + 2; i++) {
      expect((await submit(ended.id, answerTo(ended, victim), attacker)).statusCode).toBe(409);
    }
    expect(await hitRows()).toBe(before);
    // Invalid answers to an open survey count for the stranger's client only, which is then throttled.
    for (let i = 0; i < participationLimits.perAddress.max; i++) {
      expect((await submit(c.id, answerTo(c, victim, ' '), attacker)).statusCode).toBe(400);
    }
    const throttled = await submit(c.id, answerTo(c, victim), attacker);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.error().code).toBe('rate-limit');
    // The address's own budget is whole: all of it can still be stored.
    for (let i = 0; i < participationLimits.perEmail.max; i++) {
      expect((await submit(c.id, answerTo(c, victim), ip())).statusCode).toBe(201);
    }
    expect((await submit(c.id, answerTo(c, victim), ip())).statusCode).toBe(429);
  });

  it('an early address check on an unknown campaign writes no row', async () => {
    const before = await hitRows();
    for (let i = 0; i < 5; i++) {
      const res = await callApi(
        ctx.app,
        api.participation.checkEmail,
        { params: { id: randomUUID() }, body: { email: email() } },
        { remoteAddress: ip() },
      );
      expect(res.statusCode).toBe(404);
    }
    expect(await hitRows()).toBe(before);
  });
});

describe('the rate-limit table stays bounded', () => {
  it('holds at most the limit per key, and a key drops its expired rows on its next hit', async () => {
    const owner = await createOwner(ctx.rt);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    const client = ip();
    const key = `participation-address:${c.id}:${client}`;
    for (let i = 0; i < participationLimits.perAddress.max + 10; i++) {
      await submit(c.id, answerTo(c, email()), client);
    }
    expect(await rowsOfKey(key)).toBe(participationLimits.perAddress.max);

    // The window passes: the next hit of the key deletes its old rows instead of piling up.
    await ctx.rt.db
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '11 minutes'` })
      .where(eq(rateLimitHits.key, key));
    expect((await submit(c.id, answerTo(c, email()), client)).statusCode).toBe(201);
    expect(await rowsOfKey(key)).toBe(1);
  });

  it('prunes keys that are never hit again on the job queue’s schedule', async () => {
    const schedules = await ctx.rt.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = ${PRUNE_RATE_LIMITS_JOB}`,
    );
    expect(schedules.rows).toHaveLength(1);

    const stale = `test-stale-${randomUUID()}`;
    const fresh = `test-fresh-${randomUUID()}`;
    await ctx.rt.db.insert(rateLimitHits).values([
      ...Array.from({ length: 20 }, () => ({
        key: stale,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      })),
      { key: fresh, createdAt: new Date() },
    ]);
    await ctx.rt.jobs.send(PRUNE_RATE_LIMITS_JOB, {});
    const deadline = Date.now() + 15_000;
    while ((await rowsOfKey(stale)) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await rowsOfKey(stale)).toBe(0);
    expect(await rowsOfKey(fresh)).toBe(1);
    await ctx.rt.db.delete(rateLimitHits).where(like(rateLimitHits.key, 'test-%'));
  });
});

describe('sign-in lock-out: per address and client, with a looser ceiling per address', () => {
  const signIn = (emailAddress: string, password: string, remoteAddress: string) =>
    callApi(ctx.app, identityApi.signIn, { body: { email: emailAddress, password } }, { remoteAddress });

  it('five failures from one client do not shut out the right password from a clean client', async () => {
    const owner = await createOwner(ctx.rt);
    const attacker = ip();
    for (let i = 0; i < identityLimits.failuresPerEmailAndClient; i++) {
      expect((await signIn(owner.email, `wrong-${i}-password`, attacker)).error().code).toBe(
        'auth/invalid-credential',
      );
    }
    // The failing client is locked out of the address, even with the right password …
    const locked = await signIn(owner.email, owner.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.error().code).toBe('auth/too-many-requests');
    // … the owner, on a client that has not failed, is not.
    expect((await signIn(owner.email, owner.password, ip())).statusCode).toBe(200);
  });

  it('the per-address ceiling stops guessing spread over many clients, but not the owner’s known client', async () => {
    const owner = await createOwner(ctx.rt);
    const usual = ip();
    expect((await signIn(owner.email, owner.password, usual)).statusCode).toBe(200);

    // One failure from each of many clients: no client reaches its own limit.
    for (let i = 0; i < identityLimits.failuresPerEmail; i++) {
      const res = await signIn(owner.email, `guess-${i}-password`, ip());
      expect(res.error().code).toBe('auth/invalid-credential');
    }
    // The ceiling is reached: a further client is refused, whatever the password.
    const guess = await signIn(owner.email, 'guess-final-password', ip());
    expect(guess.statusCode).toBe(429);
    expect(guess.error().code).toBe('auth/too-many-requests');
    expect((await signIn(owner.email, owner.password, ip())).statusCode).toBe(429);
    // The client the owner signed in from before is spared.
    expect((await signIn(owner.email, owner.password, usual)).statusCode).toBe(200);
  });
});
