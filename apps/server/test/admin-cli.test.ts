import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@parley/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './client.js';
import { createTestApp, meSmall, signIn, type TestContext } from './helpers.js';
import { type ProgramResult, runProgram } from './processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const adminPath = path.resolve(here, '../src/cli/admin.ts');

type CliResult = ProgramResult;

/**
 * Runs the admin command line as the operator would, in its own process. Settings come only
 * from `env` (the parent's DATABASE_URL, DATA_DIR and LOG_LEVEL are dropped), so each call
 * says exactly which database it works on.
 */
const runCli = (args: string[], env: Record<string, string>, timeoutMs = 60_000) => {
  const { DATABASE_URL: _d, DATA_DIR: _dd, LOG_LEVEL: _l, ...inherited } = process.env;
  return runProgram(
    process.execPath,
    ['--import', 'tsx', adminPath, ...args],
    { ...inherited, LOG_LEVEL: 'info', ...env },
    timeoutMs,
  );
};

/** stdout must be exactly one JSON object (logs belong on stderr). */
const onlyJson = (r: CliResult) => {
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toHaveLength(1);
  const value: unknown = JSON.parse(lines[0] ?? '');
  expect(value).toBeTypeOf('object');
  return value as Record<string, unknown>;
};

/** The `{code, message}` line a failed command writes to stderr (among its log lines). */
const errorOf = (r: CliResult) => {
  const line = r.stderr.split('\n').find((l) => l.startsWith('{"code":'));
  expect(line, r.stderr).toBeDefined();
  return JSON.parse(line ?? '') as { code: string; message: string };
};

// Every run is a new Node process starting the runtime: seconds each on a busy machine.
describe('admin CLI on DATABASE_URL', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let env: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    dataDir = await mkdtemp(path.join(tmpdir(), 'parley-cli-'));
    env = { DATABASE_URL: ctx.rt.config.databaseUrl ?? '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: '2' };
  });
  afterAll(async () => {
    await ctx?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const email = `ops-${randomUUID()}@example.com`;
  const password = 'operator-secret-1';
  let ids: { ownerId: string; manufacturerId: string };

  it('owner:create prints {ownerId, manufacturerId}; the owner signs in and reads its profile', async () => {
    const r = await runCli(
      [
        'owner:create',
        '--email',
        email.toUpperCase(),
        '--password',
        password,
        '--manufacturer',
        'Acme',
        '--connect',
      ],
      env,
    );
    const out = onlyJson(r);
    expect(Object.keys(out).sort()).toEqual(['manufacturerId', 'ownerId']);
    ids = out as typeof ids;
    // Logs went to stderr as JSON lines.
    expect(r.stderr).toContain('"msg":"job queue started"');
    expect(r.stderr).toContain('"working":false');

    const found = await ctx.rt.services.owner.find(email);
    expect(found?.owner).toMatchObject({ id: ids.ownerId, email, isConnectEnabled: true, disabled: false });
    expect(found?.manufacturer).toMatchObject({ id: ids.manufacturerId, name: 'Acme' });

    const tokens = await signIn(ctx.app, email, password);
    const me = await meSmall(ctx.app, tokens.idToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: ids.ownerId, isParleyConnectEnabled: true });
  });

  it('owner:create --manufacturer-id adds a second owner to the same manufacturer', async () => {
    const second = `ops2-${randomUUID()}@example.com`;
    const out = onlyJson(
      await runCli(
        [
          'owner:create',
          '--email',
          second,
          '--password',
          password,
          '--manufacturer-id',
          ids.manufacturerId,
          '--name',
          'Grace',
        ],
        env,
      ),
    );
    expect(out.manufacturerId).toBe(ids.manufacturerId);
    expect((await ctx.rt.services.owner.find(second))?.owner).toMatchObject({
      name: 'Grace',
      isConnectEnabled: false,
    });
  });

  it('a duplicate email fails with exit 1 and says so on stderr', async () => {
    const r = await runCli(
      ['owner:create', '--email', email, '--password', password, '--manufacturer', 'Other'],
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(errorOf(r)).toEqual({ code: 'conflict/duplicate', message: expect.stringContaining(email) });
  });

  it('owner:create names a missing or wrong flag and exits 2 without touching the database', async () => {
    // Independent runs, so side by side.
    const [bad, unknown, noSuchMaker] = await Promise.all([
      runCli(['owner:create', '--email', 'not-an-email', '--password', 'short'], env),
      runCli(['owner:create', '--emial', email], env),
      runCli(
        [
          'owner:create',
          '--email',
          `x-${randomUUID()}@example.com`,
          '--password',
          password,
          '--manufacturer-id',
          randomUUID(),
        ],
        env,
      ),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    const { code, message } = errorOf(bad);
    expect(code).toBe('validation');
    expect(message).toMatch(/--email: must be a valid email address/);
    expect(message).toMatch(/--password: must be at least 8 characters/);
    expect(message).toMatch(/exactly one of --manufacturer/);
    expect(bad.stderr).not.toContain('job queue started');

    expect(unknown.code).toBe(2);
    expect(errorOf(unknown)).toMatchObject({ code: 'usage', message: expect.stringContaining('--emial') });

    expect(noSuchMaker.code).toBe(1);
    expect(errorOf(noSuchMaker).code).toBe('not-found');
  });

  it('manufacturer:set changes flags and limits and prints the manufacturer', async () => {
    const out = onlyJson(
      await runCli(
        [
          'manufacturer:set',
          '--manufacturer-id',
          ids.manufacturerId,
          '--set',
          'canExport=true',
          '--set',
          'delayDays=2',
          '--set',
          'answerLimitation=500',
          '--set',
          'isPartner=true',
          '--set',
          'name=Acme GmbH',
        ],
        env,
      ),
    );
    expect(out).toMatchObject({
      _id: ids.manufacturerId,
      name: 'Acme GmbH',
      canExport: true,
      delayDays: 2,
      answerLimitation: 500,
      isPartner: true,
      canComment: false,
    });
    expect((await ctx.rt.services.owner.find(email))?.manufacturer).toMatchObject({
      canExport: true,
      delayDays: 2,
      answerLimitation: 500,
      isPartner: true,
    });

    // An empty value lifts the limit again.
    const cleared = onlyJson(
      await runCli(
        ['manufacturer:set', '--manufacturer-id', ids.manufacturerId, '--set', 'answerLimitation='],
        env,
      ),
    );
    expect(cleared.answerLimitation).toBeNull();
    expect((await ctx.rt.services.owner.find(email))?.manufacturer.answerLimitation).toBeNull();
  });

  it('manufacturer:set names unknown keys and bad values, exits non-zero and changes nothing', async () => {
    const [unknown, bad, absent] = await Promise.all([
      runCli(['manufacturer:set', '--manufacturer-id', ids.manufacturerId, '--set', 'canExprot=false'], env),
      runCli(
        [
          'manufacturer:set',
          '--manufacturer-id',
          ids.manufacturerId,
          '--set',
          'canExport=maybe',
          '--set',
          'delayDays=-1',
        ],
        env,
      ),
      runCli(['manufacturer:set', '--manufacturer-id', randomUUID(), '--set', 'canExport=true'], env),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).toBe('');
    expect(errorOf(unknown)).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('"canExprot"'),
    });
    expect(bad.code).not.toBe(0);
    expect(errorOf(bad).message).toMatch(/canExport: must be true or false/);
    expect(errorOf(bad).message).toMatch(/delayDays: must be a whole number/);
    expect((await ctx.rt.services.owner.find(email))?.manufacturer).toMatchObject({
      canExport: true,
      delayDays: 2,
    });

    expect(absent.code).toBe(1);
    expect(errorOf(absent).code).toBe('not-found');
  });

  it('owner:connect turns connect off and prints the owner; an unknown email is not-found', async () => {
    const [off, nobody] = await Promise.all([
      runCli(['owner:connect', '--email', email, '--enabled', 'false'], env),
      runCli(['owner:connect', '--email', 'nobody@example.com', '--enabled', 'true'], env),
    ]);
    expect(onlyJson(off)).toMatchObject({ ownerId: ids.ownerId, isParleyConnectEnabled: false });
    expect((await ctx.rt.services.owner.find(email))?.owner.isConnectEnabled).toBe(false);
    expect(nobody.code).toBe(1);
    expect(errorOf(nobody).code).toBe('not-found');
  });

  it('owner:disable disables the owner and ends its session; owner:enable enables it again', async () => {
    const tokens = await signIn(ctx.app, email, password);
    const disabled = onlyJson(await runCli(['owner:disable', '--email', email], env));
    expect(disabled).toMatchObject({ ownerId: ids.ownerId, email, disabled: true });
    expect(disabled).not.toHaveProperty('passwordHash');
    expect((await ctx.rt.services.owner.find(email))?.owner.disabled).toBe(true);
    const me = await meSmall(ctx.app, tokens.idToken);
    expect(me.statusCode).toBe(403);

    const enabled = onlyJson(await runCli(['owner:enable', '--email', email], env));
    expect(enabled).toMatchObject({ disabled: false });
    expect((await ctx.rt.services.owner.find(email))?.owner.disabled).toBe(false);
  });

  it('info:add adds an item that the public info/all call answers', async () => {
    const item = onlyJson(
      await runCli(
        [
          'info:add',
          '--title',
          'Maintenance',
          '--text',
          'Sunday 2–4 am',
          '--link',
          'https://status.example.com',
          '--language',
          'en',
        ],
        env,
      ),
    );
    expect(item).toMatchObject({
      _id: expect.any(String),
      platform: 'Web',
      category: 'WebInfo',
      language: 'en',
      title: 'Maintenance',
      link: 'https://status.example.com',
    });
    const res = await callApi(ctx.app, api.info.all, {
      query: { platform: 'Web', category: 'WebInfo', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toEqual([expect.objectContaining({ _id: item._id, text: 'Sunday 2–4 am' })]);
  });

  it('posts:reported lists the posts owners reported, for the operator', async () => {
    const out = onlyJson(await runCli(['posts:reported', '--limit', '5'], env));
    expect(out).toEqual({ documents: expect.any(Array) });
  });

  it('help and no command print the usage on stderr and exit 2', async () => {
    const [none, help, unknown] = await Promise.all([
      runCli([], env),
      runCli(['help'], env),
      runCli(['owner:delete'], env),
    ]);
    for (const r of [none, help]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('owner:create --email E --password P');
    }
    expect(unknown.code).toBe(2);
    expect(errorOf(unknown)).toEqual({ code: 'usage', message: 'unknown command "owner:delete"' });
  });
});

describe('admin CLI on an empty DATA_DIR (embedded PostgreSQL)', { timeout: 120_000 }, () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates and migrates the database, creates the owner, and stops the database it started', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'parley-cli-embedded-'));
    // mkdtemp makes it 0700; run as root, PostgreSQL runs as `postgres` and must reach DATA_DIR/postgres.
    await chmod(dataDir, 0o755);
    const env = { DATA_DIR: dataDir };
    const createFirst = [
      'owner:create',
      '--email',
      'first@example.com',
      '--password',
      'first-secret',
      '--manufacturer',
      'First',
    ];
    const created = onlyJson(await runCli(createFirst, env));
    expect(created).toEqual({ ownerId: expect.any(String), manufacturerId: expect.any(String) });
    // It started the database, so it stopped it: nothing is left running on this DATA_DIR.
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // A second run starts the same database again and finds the first owner there.
    const again = await runCli(createFirst, env);
    expect(again.code).toBe(1);
    expect(errorOf(again).code).toBe('conflict/duplicate');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
