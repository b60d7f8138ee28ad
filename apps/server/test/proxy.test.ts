import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { signInAttempts } from '../src/modules/identity/identity.tables.js';
import { createOwner, createTestApp, type TestContext } from './helpers.js';

/**
 * The client address behind a proxy (TRUST_PROXY): only the configured proxies are believed, so
 * the right-most address they did not write is the client, whatever a client writes on the left.
 */
const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/parley-proxy-config-test' };

describe('TRUST_PROXY at boot', () => {
  it('takes off, a hop count, or a list of addresses and CIDRs', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false);
    // A hop count only while the server listens on loopback (see below).
    const local = { ...base, HOST: '127.0.0.1' };
    expect(loadConfig({ ...local, TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ ...local, TRUST_PROXY: ' 2 ' }).trustProxy).toEqual({ hops: 2 });
    expect(
      loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual({ addresses: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'] });
  });

  it('refuses "true" (it would believe any client) and malformed entries, naming the variable and what to give', () => {
    for (const value of ['true', 'yes', 'TRUE']) {
      const boot = () => loadConfig({ ...base, TRUST_PROXY: value });
      expect(boot).toThrow(ConfigError);
      expect(boot).toThrow(/TRUST_PROXY: .*number of proxies.*addresses\/CIDRs/);
    }
    for (const value of ['10.0.0.0/33', '10.0.0', 'proxy.internal', '10.0.0.1,,', '11', '-1', '1.5']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses a hop count while the server listens beyond loopback, where clients reach it without the proxy', () => {
    // Listening on every address (the default), a client connecting directly writes its own
    // X-Forwarded-For: with a hop count it would be a new client at every request.
    for (const host of [undefined, '0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'parley.internal']) {
      const env = { ...base, TRUST_PROXY: '1', ...(host === undefined ? {} : { HOST: host }) };
      const boot = () => loadConfig(env);
      expect(boot, host).toThrow(ConfigError);
      expect(boot, host).toThrow(/TRUST_PROXY: a hop count .*HOST=.*addresses\/CIDRs/);
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(loadConfig({ ...base, TRUST_PROXY: '2', HOST: host }).trustProxy, host).toEqual({ hops: 2 });
    }
    // The address list, the recommended form, suits any listening address.
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8', HOST: '0.0.0.0' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8'],
    });
  });
});

/** Sign-ins of unknown addresses, as they arrive at the server from `peer` with this X-Forwarded-For. */
const unknownSignIns = (ctx: TestContext, n: number, peer: string, forwardedFor: (i: number) => string) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/identity/sign-in',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { email: `guess-${i}-${randomUUID()}@example.com`, password: 'password-1' },
      }),
    ),
  );

const signInRight = async (
  ctx: TestContext,
  owner: { email: string; password: string },
  peer: string,
  forwardedFor?: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/identity/sign-in',
    remoteAddress: peer,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    payload: { email: owner.email, password: owner.password },
  });

const recordedIps = async (ctx: TestContext, email: string) =>
  (
    await ctx.rt.db
      .select({ ip: signInAttempts.clientIp })
      .from(signInAttempts)
      .where(eq(signInAttempts.email, email))
  ).map((r) => r.ip);

// More than the per-address budget of sign-ins (D5): one client spending it all must be stopped.
const burst = 110;
// Each sign-in hashes a password (Argon2id): a burst takes long on a busy two-core machine.
const burstTimeout = 120_000;

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Loopback: a hop count is refused anywhere else (see 'TRUST_PROXY at boot').
    ctx = await createTestApp({ TRUST_PROXY: '1', HOST: '127.0.0.1' });
  });
  afterAll(() => ctx?.close());

  it(
    'a client rotating a spoofed left-most X-Forwarded-For is still one client: it gets 429',
    async () => {
      const proxy = '10.1.0.2';
      const client = '198.51.100.7';
      const results = await unknownSignIns(ctx, burst, proxy, (i) => `10.9.0.${i % 250}, ${client}`);
      expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
      expect(results.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);

      const owner = await createOwner(ctx.rt);
      const blocked = await signInRight(ctx, owner, proxy, `203.0.113.99, ${client}`);
      expect(blocked.statusCode).toBe(429);

      // Another real client behind the same proxy is told apart and signs in; the address the proxy
      // appended is the one recorded, never the client's own words.
      const other = await signInRight(ctx, owner, proxy, `${client}, 198.51.100.8`);
      expect(other.statusCode, other.body).toBe(200);
      expect(await recordedIps(ctx, owner.email)).toEqual(['198.51.100.8']);
    },
    burstTimeout,
  );
});

describe('behind listed proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' });
  });
  afterAll(() => ctx?.close());

  it(
    'skips every trusted hop from the right and stops at the first untrusted address',
    async () => {
      const client = '192.0.2.44';
      // Load balancer 10.0.0.5 → internal proxy 10.2.3.4 → server; the client wrote the left part.
      const results = await unknownSignIns(
        ctx,
        burst,
        '10.0.0.5',
        (i) => `172.16.${i % 250}.1, ${client}, 10.2.3.4`,
      );
      expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);

      const owner = await createOwner(ctx.rt);
      expect((await signInRight(ctx, owner, '10.0.0.5', `1.2.3.4, ${client}, 10.2.3.4`)).statusCode).toBe(
        429,
      );
      // The client next door is another client.
      const other = await signInRight(ctx, owner, '10.0.0.5', `${client}, 192.0.2.45, 10.2.3.4`);
      expect(other.statusCode, other.body).toBe(200);
      expect(await recordedIps(ctx, owner.email)).toEqual(['192.0.2.45']);
    },
    burstTimeout,
  );

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const owner = await createOwner(ctx.rt);
    const direct = '203.0.113.50';
    const res = await signInRight(ctx, owner, direct, '10.0.0.7');
    expect(res.statusCode, res.body).toBe(200);
    expect(await recordedIps(ctx, owner.email)).toEqual([direct]);
  });
});
