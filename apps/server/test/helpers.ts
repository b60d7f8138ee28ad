import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, identityApi, type RouteDef } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Clock } from '../src/lib/clock.js';
import { type Runtime, startRuntime } from '../src/runtime.js';
import { type ApiArgs, callApi, callApiUnchecked, type UncheckedInput } from './client.js';
import { withDatabase } from './db-url.js';

export type TestContext = { app: FastifyInstance; rt: Runtime; close: () => Promise<void> };

/**
 * A fresh database cloned from the migrated template, and the whole app on it:
 * the real runtime (job queue, mail outbox, identity keys), nothing mocked.
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  opts: { clock?: Clock } = {},
): Promise<TestContext> => {
  const adminUrl = inject('adminUrl');
  // The run's pid in the name lets a later run drop what an interrupted one left.
  const name = `parley_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('templateDb')}"`);
  await admin.end();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: withDatabase(adminUrl, name),
    DATABASE_POOL_SIZE: '4',
    PUBLIC_URL: 'http://parley.test',
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    ...env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const rt = await startRuntime(config, log, { pollingIntervalSeconds: 0.5, ...opts });
  const app = await buildApp(rt);
  await app.ready();
  return {
    app,
    rt,
    close: async () => {
      await app.close();
      await rt.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await a.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * The app of a test file (or of a describe block): made before its tests, closed after them.
 * What it answers reads through to that app, so a file names it once at the top.
 */
export const useTestApp = (env: Record<string, string> = {}, opts: { clock?: Clock } = {}): TestContext => {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, opts);
  });
  afterAll(() => current?.close());
  const made = () => {
    if (!current) throw new Error('the test app is made in beforeAll: use it in a hook or a test');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get rt() {
      return made().rt;
    },
    close: () => made().close(),
  };
};

/** An external identity provider that is never reached: the embedded identity endpoints are off. */
export const offlineIdentityProvider = {
  IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
  IDENTITY_ISSUER: 'https://idp.test',
};

/** The `code` of an error answer. */
export const codeOf = (res: { json: () => unknown }) => (res.json() as { code: string }).code;

export type TestOwner = { email: string; password: string; ownerId: string; manufacturerId: string };

/** An owner of a new manufacturer (or of `manufacturerId`), made through the operator's service. */
export const createOwner = async (
  rt: Runtime,
  opts: { connect?: boolean; manufacturerId?: string; email?: string } = {},
): Promise<TestOwner> => {
  const email = opts.email ?? `owner-${randomUUID()}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const ids = await rt.services.owner.createOwner({
    email,
    password,
    connect: opts.connect ?? true,
    manufacturerName: `Maker ${email}`,
    manufacturerId: opts.manufacturerId,
  });
  return { email, password, ...ids };
};

/** Signs in through the real identity route. */
export const signIn = async (app: FastifyInstance, email: string, password: string) => {
  const res = await callApi(app, identityApi.signIn, { body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

/** The owner's small profile, asked with this id token: the probe of the token tests. */
export const meSmall = (app: FastifyInstance, idToken: string) =>
  callApi(app, api.owner.meSmall, {}, { token: idToken });

/**
 * A new owner, signed in. `api` calls a contract route with its token; `call` is the raw `inject`
 * with the token, only for what the contract cannot express (a malformed path, a wrong method,
 * headers, a body of the wrong media type).
 */
export const ownerSession = async (ctx: TestContext, opts: Parameters<typeof createOwner>[1] = {}) => {
  const owner = await createOwner(ctx.rt, opts);
  const tokens = await signIn(ctx.app, owner.email, owner.password);
  const call = (o: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
    query?: Record<string, string>;
  }) =>
    ctx.app.inject({
      method: o.method,
      url: o.url,
      headers: { 'x-auth-token': tokens.idToken },
      ...(o.payload !== undefined ? { payload: o.payload as object } : {}),
      ...(o.query ? { query: o.query } : {}),
    });
  const token = tokens.idToken;
  /** A contract route, called with this owner's token: `s.api(api.campaigns.get, { params: { id } })`. */
  const callRoute = <R extends RouteDef>(route: R, ...[input, opts]: ApiArgs<R>) =>
    callApiUnchecked(ctx.app, route, input as UncheckedInput, { ...opts, token });
  /** The same with input the contract's types refuse, for the tests of the server's refusals. */
  const apiUnchecked = <R extends RouteDef>(route: R, input?: UncheckedInput) =>
    callApiUnchecked(ctx.app, route, input, { token });
  return { ...owner, tokens, call, api: callRoute, apiUnchecked };
};

export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  body: string;
  links: string[];
  /** The header block, folded lines joined. */
  head: string;
};

/** Mails in the embedded outbox; waits (up to `timeoutMs`) until `predicate` finds one, since mail goes through the job queue. */
export const readOutbox = async (
  rt: Runtime,
  predicate: (m: OutboxMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<OutboxMail[]> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(rt.config.mail.outboxDir).catch(() => [] as string[]);
    const mails: OutboxMail[] = [];
    for (const f of files.sort()) {
      const raw = await readFile(path.join(rt.config.mail.outboxDir, f), 'utf8');
      const [head = '', ...rest] = raw.split('\n\n');
      const body = decodeQuotedPrintable(rest.join('\n\n'));
      mails.push({
        file: f,
        to: /^To: (.*)$/m.exec(head)?.[1] ?? '',
        subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
        body,
        links: body.match(/https?:\/\/[^\s"'<>]+/g) ?? [],
        head: head.replace(/\r?\n[ \t]+/g, ' '),
      });
    }
    const found = mails.filter(predicate);
    if (found.length || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
};

const decodeQuotedPrintable = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
