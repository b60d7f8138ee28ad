import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { api, identityApi, routeCallUrl } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorableText, MAX_JSON_DEPTH, nestedDeeperThan } from '../src/plugins/input-guard.js';
import { expectError } from './campaign-api.js';
import { useTestApp } from './helpers.js';

/**
 * Bodies built to make the server work: nesting as deep as the body limit allows, objects with
 * 100,000 keys, long arrays. Each is refused (or taken) at once, and the instance keeps answering
 * its load balancer's probe meanwhile (docs/product-decisions.md, "API-wide").
 */
const ctx = useTestApp();

const nested = (depth: number, inner = '0') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const signIn = routeCallUrl(identityApi.signIn);

describe('nesting depth', () => {
  it('counts brackets outside strings only, in one pass', () => {
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan(JSON.stringify({ a: '[[[[[[', b: '\\"[[[[' }), 2)).toBe(false);
    expect(nestedDeeperThan('{"a":"\\\\"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
  });

  it('answers 400 validation naming the body for a body nested one level too deep, on any route', async () => {
    for (const url of [
      signIn,
      routeCallUrl(api.contactRequests.submit, { params: { manufacturerId: randomUUID() } }),
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"email":${nested(MAX_JSON_DEPTH)}}`,
      });
      expectError(res, 400, 'validation', 'body');
      expect(res.json().message).toContain(`deeper than ${MAX_JSON_DEPTH}`);
    }
    // At the limit the body is parsed and validated as usual: the schema refuses the array.
    const atLimit = await ctx.app.inject({
      method: 'POST',
      url: signIn,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`,
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toContain('deeper than');
  });

  it('walks a deep value for text PostgreSQL cannot store in linear time', () => {
    // Built as objects, not text, so the check itself is what is measured: 200,000 levels took
    // minutes when each level copied its whole path.
    let value: unknown = { text: 'a\u0000b' };
    for (let i = 0; i < 200_000; i++) value = [value];
    const started = performance.now();
    const found = findUnstorableText(value);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(found?.problem).toMatch(/NUL/);
    expect(found?.field.split('.')).toHaveLength(200_001);
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'x']));
    wide.k99999 = 'y\u0000';
    expect(findUnstorableText(wide)).toEqual({
      field: 'k99999',
      problem: 'must not contain a NUL character',
    });
  });
});

describe('an instance under hostile bodies', () => {
  let base = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // useTestApp closes the app; closing the listener first keeps its close quick.
    ctx.app.server.closeAllConnections();
  });

  const hostileBodies = () => {
    const wide = `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')},"email":"a\\u0000"}`;
    const long = `{"email":"x@example.com","password":[${Array.from({ length: 150_000 }, () => '"a"').join(',')}]}`;
    return [
      // As deep as the 1 MB body limit allows (about half a million levels).
      nested(500_000),
      `{"email":${nested(40_000, '"a"')},"password":"x"}`,
      wide,
      long,
    ];
  };

  /**
   * Sends each body three times at once while probing /api/health/live every 20 ms; the slowest
   * refusal and the slowest probe. Timed against plain bodies of the same size sent the same way in
   * the same run, since on a shared two-core machine an absolute time says more about the machine.
   */
  const sendAll = async (bodies: string[]) => {
    let probing = true;
    const probeTimes: number[] = [];
    const probes = (async () => {
      while (probing) {
        const started = performance.now();
        const res = await fetch(`${base}${routeCallUrl(api.health.live)}`);
        expect(res.status).toBe(200);
        probeTimes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const refusals = await Promise.all(
      Array.from({ length: 3 }).flatMap(() =>
        bodies.map(async (body) => {
          const started = performance.now();
          const res = await fetch(`${base}${signIn}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          return {
            status: res.status,
            code: ((await res.json()) as { code: string }).code,
            ms: performance.now() - started,
          };
        }),
      ),
    );
    probing = false;
    await probes;
    for (const r of refusals) {
      expect(r.status).toBe(400);
      expect(r.code).toBe('validation');
    }
    expect(probeTimes.length).toBeGreaterThan(0);
    return { slowest: Math.max(...refusals.map((r) => r.ms)), slowestProbe: Math.max(...probeTimes) };
  };

  it('refuses each within seconds while /api/health/live keeps answering within a second', async () => {
    const bodies = hostileBodies();
    for (const b of bodies) expect(b.length).toBeLessThan(1024 * 1024);
    // The same sizes, flat: a password far over its limit, refused by the schema.
    const plain = bodies.map((b) => `{"email":"x@example.com","password":"${'a'.repeat(b.length - 40)}"}`);
    const before = await sendAll(plain);
    const hostile = await sendAll(bodies);
    const after = await sendAll(plain);
    const baseline = Math.max(before.slowest, after.slowest);
    const baselineProbe = Math.max(before.slowestProbe, after.slowestProbe);
    // Linear work costs about what the plain bodies cost; a quadratic walk of 500,000 levels or
    // 100,000 keys costs seconds to minutes. Within 2.5 s (each refusal) and 1 s (the probe, a load
    // balancer's health check) on an idle machine; on a busy one within three times what the plain
    // bodies took in the same run.
    expect(hostile.slowest).toBeLessThan(Math.max(2_500, 3 * baseline + 500));
    expect(hostile.slowestProbe).toBeLessThan(Math.max(1_000, 3 * baselineProbe + 500));
  });
});
