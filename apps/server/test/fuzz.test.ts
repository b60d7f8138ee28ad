import { randomUUID } from 'node:crypto';
import { api, type RouteDef } from '@parley/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.js';
import { addQuestion, choice, createCampaign, freeText, post, type Session } from './campaign-api.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';
import { tenantSnapshot } from './snapshot.js';

/**
 * Property-based requests against every route the app registered (like the access walk, so routes
 * added later are fuzzed without new code), generated from the routes' own zod schemas, which are
 * the contract's: mostly plausible values, and in about one field of ten something hostile (NUL
 * bytes, lone surrogates, huge strings, wrong types, numbers out of range, malformed UUIDs), and in
 * about one body of twenty a whole body built to make the parser work (nested 100,000 levels deep, an
 * object of 100,000 keys, an array of 150,000 items). Signed in as a real owner of a manufacturer with data. No answer may be a 5xx, and a refused
 * one (4xx) must leave the manufacturer's rows exactly as they were and come quickly: a heavy body within
 * a second, any other within three (not a benchmark; accepted requests are not timed).
 * FUZZ_SEED repeats a run; FUZZ_RUNS sets the requests per route.
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FUZZ_RUNS ?? 10);

let ctx: TestContext;
let owner: Session;
const ids = {
  campaign: [] as string[],
  question: [] as string[],
  option: [] as string[],
  ticket: [] as string[],
};

beforeAll(async () => {
  // No job worker: a job finishing between two snapshots would look like a refused request's change.
  ctx = await createTestApp({ JOBS: 'false' });
  owner = await ownerSession(ctx);
  const draft = await createCampaign(owner, { title: 'Fuzz draft' });
  const q1 = await addQuestion(owner, draft._id, choice('Pick one', ['Red', 'Blue', 'Green']));
  const q2 = await addQuestion(owner, draft._id, freeText('Say something'));
  const running = await createCampaign(owner, { title: 'Fuzz running' });
  const q3 = await addQuestion(owner, running._id, choice('Good?', ['Yes', 'No']));
  await post(owner, api.campaigns.start, running._id);
  const answered = await ctx.app.inject({
    method: 'POST',
    url: `/api/public/campaign/${running._id}/answer`,
    payload: {
      email: 'fuzzed@example.com',
      submissionId: randomUUID(),
      answers: [{ questionId: q3._id, optionIds: [q3.options[0]?._id] }],
    },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const tickets = await owner.call({
    method: 'GET',
    url: '/api/campaignTicket/all',
    query: { campaignId: running._id },
  });
  ids.campaign.push(draft._id, running._id);
  ids.question.push(q1._id, q2._id, q3._id);
  ids.option.push(...[q1, q3].flatMap((q) => q.options.map((o) => o._id)));
  ids.ticket.push(...tickets.json().documents.map((t: { _id: string }) => t._id));
});
afterAll(() => ctx?.close());

// ---- hostile values -------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '00000000-0000-0000-0000-00000000000g',
    'not-a-uuid',
    '𝕏👍🏽\u202e\u200b\ufeff',
    'NaN',
    '-1',
    '1e309',
    '９９',
    '2026-02-30T25:61:00Z',
    '+275760-09-13T00:00:00Z',
    'javascript:alert(1)',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(300, 5001, 100_000).map((n) => 'x'.repeat(n)),
);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { $gt: '' }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * Whole bodies that cost a parser or a walk of the parsed value dearly, sent as text: a recursive or
 * path-copying walk of the first took minutes, blocking the instance (docs/product-decisions.md, "API-wide").
 */
const heavyBodies = [
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"a":${'{"b":'.repeat(70)}1${'}'.repeat(70)}}`,
  `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":"\u0000"`).join(',')}}`,
  `[${Array.from({ length: 150_000 }, (_, i) => (i % 2 ? '"x"' : '{"y":[1]}')).join(',')}]`,
];
const heavyBody = fc.constantFrom(...heavyBodies).map((raw) => ({ raw }));

/**
 * The time a refusal may take at most: a second for the heavy bodies (refused before anything walks
 * them), three for any other (some wait on the database, and CI's two cores are busy).
 */
const HEAVY_REFUSAL_MS = 1_000;
const REFUSAL_MS = 3_000;

// ---- values from a zod schema ---------------------------------------------------------------

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };
const defOf = (schema: unknown) => (schema as ZodLike | undefined)?._zod?.def;

/** Ids by the name of the field or parameter they sit in, so some requests reach real records. */
const idsFor = (name: string) => {
  if (name === 'qid' || name === 'questionId' || name === 'nextQuestionId') return ids.question;
  if (name === 'oid' || name === 'optionId' || name === 'optionIds') return ids.option;
  if (name === 'campaignId') return ids.campaign;
  if (name === 'id') return [...ids.campaign, ...ids.ticket];
  return [...ids.campaign, ...ids.question, ...ids.option, ...ids.ticket];
};
const anId = (name: string) => fc.oneof(fc.constantFrom(...idsFor(name)), fc.uuid());

type Check = {
  check?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  format?: string;
  pattern?: RegExp;
};
const checksOf = (def: Record<string, unknown>) =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

const stringFrom = (def: Record<string, unknown>, name: string): fc.Arbitrary<unknown> => {
  const checks = checksOf(def);
  const format = (def.format as string | undefined) ?? checks.find((c) => c.format)?.format;
  if (format === 'uuid' || format === 'guid') return anId(name);
  if (format === 'email') return fc.emailAddress();
  if (format === 'datetime')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (format === 'url') return fc.constantFrom('https://example.com/a.png', 'http://localhost/x.png');
  const pattern = checks.find((c) => c.pattern)?.pattern;
  if (pattern) return fc.stringMatching(pattern);
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? min + 30;
  const base = fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, min + 30), 1) });
  // Text that passes the schema's own checks but not PostgreSQL: a NUL or a lone surrogate inside.
  const poisoned = fc
    .tuple(base, fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.nat())
    .map(([s, bad, at]) => {
      const i = at % s.length;
      return `${s.slice(0, i)}${bad}${s.slice(i + 1)}`;
    });
  return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: poisoned });
};

const numberFrom = (def: Record<string, unknown>) => {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'greater_than')?.value ?? -1000;
  const max = checks.find((c) => c.check === 'less_than')?.value ?? 1000;
  const int = checks.some((c) => c.format === 'safeint' || c.format === 'int32');
  return int
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
};

/** Mostly what the schema takes, sometimes (one in ten, at any depth) something hostile. */
const fromZod = (schema: unknown, name = '', depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 9, arbitrary: plausible(schema, name, depth) }, { weight: 1, arbitrary: hostile });

const plausible = (schema: unknown, name: string, depth: number): fc.Arbitrary<unknown> => {
  const def = defOf(schema);
  if (!def || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const inner = (s: unknown, n = name) => fromZod(s, n, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFrom(def, name);
    case 'number':
      return numberFrom(def);
    case 'bigint':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? inner(def.out) : inner(def.in);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((s) => inner(s)));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((s) => plausible(s, name, depth + 1)));
    case 'intersection':
      return inner(def.left);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const required = Object.keys(shape).filter(
        (k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k])?.type ?? ''),
      );
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, inner(s, k)])), {
        requiredKeys: required,
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

// ---- requests -------------------------------------------------------------------------------

/** A body is a value sent as JSON, or `{ raw }`: text sent as it is. */
type FuzzRequest = { url: string; body: unknown };
type RawBody = { raw: string };
const isRaw = (b: unknown): b is RawBody =>
  typeof b === 'object' && b !== null && heavyBodies.includes((b as RawBody).raw);

const asQueryValue = (v: unknown): string | string[] | undefined => {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  return typeof v === 'string' ? v : JSON.stringify(v);
};

/**
 * Percent-encoding that also takes a lone surrogate (encodeURIComponent throws on one): it becomes the
 * bytes a sloppy client would send, invalid UTF-8, which the server must refuse as well.
 */
const encode = (s: string) =>
  s.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  });

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');

const requestFor = (route: RegisteredRoute): fc.Arbitrary<FuzzRequest> => {
  const params = fc.record(
    Object.fromEntries(
      paramNames(route.url).map((n) => [
        n,
        n === '*' || n === 'token'
          ? fc.oneof(fc.string({ maxLength: 60 }), hostileString)
          : fc.oneof({ weight: 9, arbitrary: anId(n) }, { weight: 1, arbitrary: hostileString }),
      ]),
    ),
  );
  const query = route.schema.querystring
    ? plausible(route.schema.querystring, '', 0)
    : fc.option(fc.dictionary(fc.string({ maxLength: 6 }), hostileString, { maxKeys: 2 }), { nil: {} });
  const body =
    route.method === 'GET' || route.method === 'HEAD'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 19,
            arbitrary: route.schema.body
              ? fromZod(route.schema.body)
              : fc.option(hostile, { nil: undefined }),
          },
          { weight: 1, arbitrary: heavyBody },
        );
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => {
    let url = route.url;
    for (const [name, value] of Object.entries(p)) {
      url = url.replace(name === '*' ? '*' : `:${name}`, encode(String(value)));
    }
    const pairs: string[] = [];
    for (const [k, v] of Object.entries((q ?? {}) as Record<string, unknown>)) {
      const s = asQueryValue(v);
      for (const one of s === undefined ? [] : Array.isArray(s) ? s : [s]) {
        pairs.push(`${encode(k)}${Array.isArray(s) ? '[]' : ''}=${encode(one)}`);
      }
    }
    return { url: pairs.length ? `${url}?${pairs.join('&')}` : url, body: b };
  });
};

const send = (route: RegisteredRoute, r: FuzzRequest) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: r.url,
    headers: {
      'x-auth-token': owner.tokens.idToken,
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(r.body !== undefined ? { payload: isRaw(r.body) ? r.body.raw : JSON.stringify(r.body) } : {}),
  });

/** Every route but the API docs (static files), writes that delete last so they do not empty the data early. */
const fuzzedRoutes = () =>
  ctx.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs'))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

describe('fuzzing every route from its schemas', () => {
  it('walks every contract route and the rest the app registered', () => {
    const registered = new Set(ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const contract = Object.values(api).flatMap((area) => Object.values(area) as RouteDef[]);
    for (const def of contract) expect(registered, def.path).toContain(`${def.method} /api${def.path}`);
    expect(fuzzedRoutes().length).toBeGreaterThanOrEqual(contract.length);
    expect(fuzzedRoutes().some((r) => r.url.startsWith('/identity/'))).toBe(true);
  });

  it(`answers no 5xx and changes nothing when it refuses (seed ${seed}, ${numRuns} requests per route)`, async () => {
    const failures: string[] = [];
    let refused = 0;
    let accepted = 0;
    let slowestRefusal = 0;
    let before: Record<string, string> | undefined;
    for (const route of fuzzedRoutes()) {
      const result = await fc.check(
        fc.asyncProperty(requestFor(route), async (r) => {
          // The data as the last request left it: taken again only after one that was taken.
          before ??= await tenantSnapshot(ctx.rt, owner.manufacturerId);
          const started = performance.now();
          const res = await send(route, r);
          const took = performance.now() - started;
          const what = `${route.method} ${r.url} ${(isRaw(r.body) ? r.body.raw : JSON.stringify(r.body))?.slice(0, 300)}`;
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} for ${what}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            refused++;
            slowestRefusal = Math.max(slowestRefusal, took);
            if (took > (isRaw(r.body) ? HEAVY_REFUSAL_MS : REFUSAL_MS))
              throw new Error(`${res.statusCode} after ${Math.round(took)} ms for ${what}`);
            const after = await tenantSnapshot(ctx.rt, owner.manufacturerId);
            if (JSON.stringify(after) !== JSON.stringify(before))
              throw new Error(`${res.statusCode} for ${what} changed the data: ${res.body.slice(0, 200)}`);
            if (String(res.headers['content-type']).includes('json') && typeof res.json().code !== 'string')
              throw new Error(`${res.statusCode} for ${what} has no error code: ${res.body.slice(0, 200)}`);
          } else {
            accepted++;
            before = undefined;
          }
        }),
        { seed, numRuns, endOnFailure: true },
      );
      before = undefined;
      if (result.failed) {
        failures.push(
          `${route.method} ${route.url}: ${String(result.errorInstance)}\n  counterexample: ${JSON.stringify(result.counterexample)?.slice(0, 500)}`,
        );
      }
    }
    expect(
      failures,
      `fuzz failures (repeat with FUZZ_SEED=${seed} FUZZ_RUNS=${numRuns}):\n${failures.join('\n')}`,
    ).toEqual([]);
    // The generator reaches both sides: some requests are taken, some refused.
    console.info(
      `fuzz: ${accepted} taken, ${refused} refused, slowest refusal ${Math.round(slowestRefusal)} ms`,
    );
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 180_000);
});
