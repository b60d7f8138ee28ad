import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, type RouteDef } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestClock } from '../src/lib/clock.js';
import { startRuntime } from '../src/runtime.js';
import { callApiUnchecked, type UncheckedInput } from './client.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

/**
 * The translation budget (docs/product-decisions.md, "Translation") against real HTTP: a local server
 * on 127.0.0.1 speaks LibreTranslate's API and counts the characters it is sent (the paid provider's
 * bill), two app instances share one PostgreSQL, and a test clock moves through the hours.
 */

const HOUR = 3_600_000;
const perHour = 10_000;
const perDay = 15_000;
const timeoutMs = 1000;

type Reply = (res: ServerResponse, q: string[]) => void;
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** What the provider was sent: one entry per request, its characters; `next` answers instead of translating. */
const provider = { requests: [] as number[], next: [] as Reply[] };
const charsSent = () => provider.requests.reduce((a, b) => a + b, 0);
const open = new Set<ServerResponse>();

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  open.add(res);
  res.on('close', () => open.delete(res));
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { q } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string[] };
    provider.requests.push(q.reduce((n, t) => n + t.length, 0));
    const reply = provider.next.shift();
    if (reply) return reply(res, q);
    json(res, 200, { translatedText: q.map((t) => `de(${t})`) });
  });
});

/**
 * The test clock starts 20 minutes into an hour with at least six hours of its day left, so the tests
 * that move it on by an hour stay within one day. A clock ahead of the real one is fine for the
 * sessions (their tokens are signed at the clock's time and expire later still).
 */
const start = (() => {
  const nextHour = Math.ceil(Date.now() / HOUR) * HOUR;
  const at = new Date(nextHour + 20 * 60_000);
  if (at.getUTCHours() < 18) return at;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 0, 20));
})();
const clock = createTestClock(start);

let ctx: TestContext;
/** A second instance on the same database, as behind a load balancer. */
let second: { app: FastifyInstance; close: () => Promise<void> };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestApp(
    {
      TRANSLATION_PROVIDER: 'libretranslate',
      TRANSLATION_URL: base,
      TRANSLATION_TIMEOUT_MS: String(timeoutMs),
      TRANSLATION_BUDGET_CHARS_PER_HOUR: String(perHour),
      TRANSLATION_BUDGET_CHARS_PER_DAY: String(perDay),
    },
    { clock },
  );
  const rt = await startRuntime({ ...ctx.rt.config, jobs: false }, pino({ level: 'silent' }), {
    clock,
    work: false,
  });
  const app = await buildApp(rt);
  await app.ready();
  second = {
    app,
    close: async () => {
      await app.close();
      await rt.close();
    },
  };
});

afterAll(async () => {
  await second?.close();
  await ctx?.close();
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  provider.requests = [];
  provider.next = [];
  clock.set(start);
});

/** A new owner of a new manufacturer (a budget of its own), calling either instance. */
const owner = async () => {
  const s = await ownerSession(ctx);
  const on =
    (app: FastifyInstance) =>
    <R extends RouteDef>(route: R, input?: UncheckedInput) =>
      callApiUnchecked(app, route, input, { token: s.tokens.idToken });
  const first = on(ctx.app);
  const translate = (chars: number, app = ctx.app) =>
    on(app)(api.translation.translate, {
      body: {
        sourceLanguage: 'en',
        targetLanguage: 'de',
        // Texts of at most 5,000 characters each.
        texts: Array.from({ length: Math.ceil(chars / 5000) }, (_, i) =>
          'a'.repeat(Math.min(5000, chars - i * 5000)),
        ),
      },
    });
  const budget = async () => {
    const res = await first(api.translation.budget);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { ...s, translate, budget };
};

const nextHour = () => new Date(Math.ceil(clock.now().getTime() / HOUR) * HOUR);
const nextMidnight = () => {
  const now = clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
};
const secondsUntil = (d: Date) => Math.ceil((d.getTime() - clock.now().getTime()) / 1000);

describe('the translation budget', () => {
  it('refuses a call the hour or the day has no room for, whole and before the provider, naming when it refills', async () => {
    const o = await owner();
    expect((await o.translate(4000)).statusCode).toBe(200);
    expect((await o.translate(4000)).statusCode).toBe(200);
    expect(await o.budget()).toEqual({
      configured: true,
      callMax: 50_000,
      hour: { limit: perHour, used: 8000, refillsAt: nextHour().toISOString() },
      day: { limit: perDay, used: 8000, refillsAt: nextMidnight().toISOString() },
    });

    const refused = await o.translate(4000);
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toMatchObject({ code: 'translation/budget' });
    expect(refused.error().message).toContain('2,000 of 10,000 characters are left this hour');
    expect(refused.error().message).toContain(`refills at ${nextHour().toISOString()} (in 40 minutes)`);
    expect(refused.headers['retry-after']).toBe(String(secondsUntil(nextHour())));
    // Refused whole: nothing was sent, nothing counted.
    expect(provider.requests).toEqual([4000, 4000]);
    expect((await o.budget()).hour.used).toBe(8000);

    // What is left can still be used, to the last character.
    expect((await o.translate(2000)).statusCode).toBe(200);
    expect((await o.translate(1)).statusCode).toBe(429);

    // The next hour refills the hour, not the day.
    clock.set(nextHour());
    clock.advance(5 * 60_000);
    expect((await o.budget()).hour).toMatchObject({ used: 0 });
    expect((await o.translate(4000)).statusCode).toBe(200);
    expect((await o.translate(1000)).statusCode).toBe(200);
    const dayFull = await o.translate(1);
    expect(dayFull.statusCode).toBe(429);
    expect(dayFull.error().message).toContain('0 of 15,000 characters are left today');
    expect(dayFull.error().message).toContain(`refills at ${nextMidnight().toISOString()}`);
    expect(dayFull.headers['retry-after']).toBe(String(secondsUntil(nextMidnight())));
    expect(await o.budget()).toMatchObject({ hour: { used: 5000 }, day: { used: perDay } });

    // The provider got exactly the day's budget, however much more was asked.
    expect(charsSent()).toBe(perDay);

    // The next day starts anew.
    clock.set(nextMidnight());
    expect((await o.translate(5000)).statusCode).toBe(200);
    expect(await o.budget()).toMatchObject({ hour: { used: 5000 }, day: { used: 5000 } });
  });

  it('refuses a call larger than a whole hour’s budget without a Retry-After', async () => {
    const o = await owner();
    const res = await o.translate(perHour + 1);
    expect(res.statusCode).toBe(429);
    expect(res.error()).toMatchObject({ code: 'translation/budget' });
    expect(res.error().message).toContain(
      'more than the whole translation budget of 10,000 characters an hour',
    );
    expect(res.headers['retry-after']).toBeUndefined();
    expect(provider.requests).toEqual([]);
  });

  it('counts parallel calls on two instances exactly, per manufacturer', async () => {
    const o = await owner();
    const other = await owner();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => o.translate(1000, i % 2 ? second.app : ctx.app)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
    expect(provider.requests).toHaveLength(10);
    expect(charsSent()).toBe(perHour);
    expect((await o.budget()).hour.used).toBe(perHour);
    // Another manufacturer's budget is untouched.
    expect((await other.budget()).hour.used).toBe(0);
    expect((await other.translate(1000)).statusCode).toBe(200);
  });

  it('gives back a call the provider refused or that never reached it, keeps a timeout and an unusable answer', async () => {
    const o = await owner();
    provider.next.push((res) => json(res, 503, { error: 'Service unavailable' }));
    const refused = await o.translate(3000);
    expect(refused.json()).toMatchObject({ success: false, code: 'translation/provider-failed' });
    expect((await o.budget()).hour.used).toBe(0);

    // Answered 200, but not one translation per text: the provider may have counted them.
    provider.next.push((res) => json(res, 200, { translatedText: 'one string' }));
    const unusable = await o.translate(3000);
    expect(unusable.json()).toMatchObject({ success: false, code: 'translation/provider-failed' });
    expect((await o.budget()).hour.used).toBe(3000);

    // No answer in time: it may still translate (and count) them.
    provider.next.push((res) => {
      const late = setTimeout(() => json(res, 200, { translatedText: ['too late'] }), 10 * timeoutMs);
      res.on('close', () => clearTimeout(late));
    });
    const slow = await o.translate(2000);
    expect(slow.json()).toMatchObject({ success: false, code: 'translation/timeout' });
    expect((await o.budget()).hour.used).toBe(5000);
  });
});

describe('TRANSLATION_BUDGET_* configuration', () => {
  it('defaults to 200,000 characters an hour and 1,000,000 a day', () => {
    expect(loadConfig({}).translationBudget).toEqual({ charsPerHour: 200_000, charsPerDay: 1_000_000 });
    expect(
      loadConfig({ TRANSLATION_BUDGET_CHARS_PER_HOUR: '5000', TRANSLATION_BUDGET_CHARS_PER_DAY: '20000' })
        .translationBudget,
    ).toEqual({ charsPerHour: 5000, charsPerDay: 20_000 });
  });

  it('stops the start on a budget that is not a positive whole number, naming the variable', () => {
    for (const [name, value] of [
      ['TRANSLATION_BUDGET_CHARS_PER_HOUR', '0'],
      ['TRANSLATION_BUDGET_CHARS_PER_DAY', 'lots'],
      ['TRANSLATION_BUDGET_CHARS_PER_HOUR', '1.5'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    }
  });
});
