import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  api,
  type Campaign,
  fileApi,
  identityApi,
  type Question,
  type RouteDef,
  type RouteResponse,
  routeCallUrl,
} from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { removeEmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.js';
import { startRuntime } from '../src/runtime.js';
import { choice, freeText, makePng, multipart } from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { withDatabase } from './db-url.js';
import { createOwner, createTestApp, type TestContext } from './helpers.js';
import { killGroup, runProgram, startServerProcess, waitFor } from './processes.js';

/**
 * The backups of docs/operations.md ("Backups"), made and restored for real:
 *
 * - on an external PostgreSQL (TEST_DATABASE_URL), `pg_dump -Fc` of a running instance's database
 *   and `pg_restore --no-owner` into a new database, with the files of DATA_DIR/files copied over;
 * - on the embedded PostgreSQL, the cold copy: the server stopped with SIGTERM, its DATA_DIR
 *   archived with `tar`, removed, unpacked at a new path and started again.
 *
 * Either way the owner signs in with the same password and finds the same campaign, questions,
 * tickets and uploaded image, and every table holds as many rows as before. Only the branch of
 * the run's database applies: the embedded PostgreSQL is version 18, and no pg_dump 18 is here.
 */
const external = process.env.TEST_DATABASE_URL;
const log = pino({ level: 'silent' });

// ---------------------------------------------------------------------------------------------
// The API, through app.inject (a test app) or over HTTP (a server process), the same way.

type Answer<R extends RouteDef> = {
  status: number;
  bytes: Buffer;
  text: string;
  json: () => RouteResponse<R>;
};
type CallInput = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
type CallOpts = { token?: string; headers?: Record<string, string> };
type Call = <R extends RouteDef>(route: R, input?: CallInput, opts?: CallOpts) => Promise<Answer<R>>;

const injectCall =
  (app: FastifyInstance): Call =>
  async (route, input = {}, opts = {}) => {
    const res = await callApiUnchecked(app, route, input, opts);
    return { status: res.statusCode, bytes: res.rawPayload, text: res.body, json: () => res.json() };
  };

const httpCall =
  (base: string): Call =>
  async (route, input = {}, opts = {}) => {
    const raw = Buffer.isBuffer(input.body);
    const res = await fetch(`${base}${routeCallUrl(route, { params: input.params, query: input.query })}`, {
      method: route.method,
      headers: {
        ...(input.body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
        ...(opts.token ? { 'x-auth-token': opts.token } : {}),
      },
      body:
        input.body === undefined
          ? undefined
          : raw
            ? new Uint8Array(input.body as Buffer)
            : JSON.stringify(input.body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString();
    return { status: res.status, bytes, text, json: () => JSON.parse(text) };
  };

const ok = async <R extends RouteDef>(answer: Promise<Answer<R>>, status = 200) => {
  const a = await answer;
  expect(a.status, a.text).toBe(status);
  return a.json();
};

// ---------------------------------------------------------------------------------------------
// What is written before the backup, and read back after the restore.

type Owner = { email: string; password: string };
type Written = {
  campaign: Campaign;
  questionIds: string[];
  ticketIds: string[];
  answeredTicketId: string;
  fileKey: string;
  image: Buffer;
  idToken: string;
};

const signInTo = async (call: Call, owner: Owner) =>
  ok(call(identityApi.signIn, { body: { email: owner.email, password: owner.password } }));

/** An owner's running campaign with two questions and an image, three participants' tickets, one answered. */
const writeData = async (call: Call, owner: Owner): Promise<Written> => {
  const { idToken } = await signInTo(call, owner);
  const as = { token: idToken };
  const created = await ok(call(api.campaigns.create, { body: { title: 'Backed-up survey' } }, as), 201);
  const id = created._id;
  const image = makePng(24, 16);
  const { payload, headers } = multipart([
    { name: 'file', filename: 'image.png', contentType: 'image/png', data: image },
  ]);
  const { url } = await ok(
    call(api.campaigns.uploadImage, { params: { id }, body: payload }, { ...as, headers }),
    201,
  );
  const fileKey = url.replace(/^http:\/\/parley\.test\/files\//, '');
  expect(fileKey).toMatch(new RegExp(`^campaigns/${id}/`));
  await ok(call(api.campaigns.update, { params: { id }, body: { ...created, image: url } }, as));
  await ok(call(api.questions.create, { params: { id }, body: freeText('What should we fix?') }, as), 201);
  await ok(
    call(api.questions.create, { params: { id }, body: choice('Which colour?', ['red', 'blue']) }, as),
    201,
  );

  await ok(call(api.campaigns.start, { params: { id } }, as));

  const questions: Question[] = (await ok(call(api.questions.list, { params: { id } }, as))).documents;
  const [text, colour] = questions;
  if (!text || !colour) throw new Error('the two questions are missing');
  for (const [i, option] of ['red', 'blue', 'red'].entries()) {
    const optionId = colour.options.find((o) => o.text === option)?._id ?? '';
    await ok(
      call(api.participation.submit, {
        params: { id },
        body: {
          email: `participant-${i}-${randomUUID()}@example.com`,
          firstname: `P${i}`,
          submissionId: randomUUID(),
          answers: [
            { questionId: text._id, text: `The saddle squeaks (${i})` },
            { questionId: colour._id, optionIds: [optionId] },
          ],
        },
      }),
      201,
    );
  }
  const tickets = await ok(call(api.tickets.list, { query: { campaignId: id, limit: '100' } }, as));
  expect(tickets.total).toBe(3);
  const answeredTicketId = tickets.documents[0]?._id ?? '';
  await ok(
    call(
      api.tickets.answer,
      { params: { id: answeredTicketId }, body: { manuAnswer: 'Fixed in the next batch.', notify: true } },
      as,
    ),
  );
  return {
    campaign: await ok(call(api.campaigns.get, { params: { id } }, as)),
    questionIds: questions.map((q) => q._id),
    ticketIds: tickets.documents.map((t) => t._id).sort(),
    answeredTicketId,
    fileKey,
    image,
    idToken,
  };
};

/** The restored installation serves what was written: same password, campaign, questions, tickets and file. */
const expectSameData = async (call: Call, owner: Owner, w: Written) => {
  const { idToken } = await signInTo(call, owner);
  const as = { token: idToken };
  const id = w.campaign._id;
  const list = await ok(call(api.campaigns.list, {}, as));
  expect(list.documents.map((c) => c._id)).toEqual([id]);
  const campaign = await ok(call(api.campaigns.get, { params: { id } }, as));
  expect(campaign).toEqual(w.campaign);
  const questions: Question[] = (await ok(call(api.questions.list, { params: { id } }, as))).documents;
  expect(questions.map((q) => q._id)).toEqual(w.questionIds);
  expect(questions[1]?.options.map((o) => o.text)).toEqual(['red', 'blue']);
  const tickets = await ok(call(api.tickets.list, { query: { campaignId: id, limit: '100' } }, as));
  expect(tickets.total).toBe(3);
  expect(tickets.documents.map((t) => t._id).sort()).toEqual(w.ticketIds);
  const answered = await ok(call(api.tickets.get, { params: { id: w.answeredTicketId } }, as));
  expect(answered.manuAnswer?.text).toBe('Fixed in the next batch.');
  expect(answered.answers.map((a) => a.questionId)).toEqual(expect.arrayContaining(w.questionIds));
  const file = await call(fileApi.get, { params: { '*': w.fileKey } });
  expect(file.status, file.text).toBe(200);
  expect(file.bytes.equals(w.image)).toBe(true);
  // The identity signing keys came along: a token the old installation issued is still good.
  expect((await call(api.owner.meSmall, {}, { token: w.idToken })).status).toBe(200);
};

// ---------------------------------------------------------------------------------------------
// Row counts of every table (Parley's, the migration journal, the job queue).

const SCHEMAS = ['public', 'drizzle', 'pgboss'];

const rowCounts = async (client: pg.Client) => {
  const tables = await client.query<{ table_schema: string; table_name: string }>(
    `select table_schema, table_name from information_schema.tables
      where table_schema = any($1) and table_type = 'BASE TABLE' order by 1, 2`,
    [SCHEMAS],
  );
  const counts: Record<string, number> = {};
  for (const t of tables.rows) {
    const name = `"${t.table_schema}"."${t.table_name}"`;
    const [row] = (await client.query<{ n: string }>(`select count(*) as n from ${name}`)).rows;
    counts[`${t.table_schema}.${t.table_name}`] = Number(row?.n);
  }
  return counts;
};

const rowCountsAt = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await rowCounts(client);
  } finally {
    await client.end();
  }
};

/** What must be in any backup of this test's data, whichever way it was made. */
const expectCountsOfWrittenData = (counts: Record<string, number>) => {
  expect(counts['public.owners']).toBeGreaterThanOrEqual(1);
  expect(counts['public.campaigns']).toBe(1);
  expect(counts['public.questions']).toBe(2);
  expect(counts['public.campaign_tickets']).toBe(3);
  expect(counts['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
  // The mails of the tickets and the answer went through the job queue.
  expect(counts['pgboss.job']).toBeGreaterThan(0);
};

// ---------------------------------------------------------------------------------------------

/** Runs a program to its end; rejects with its stderr on a non-zero exit. */
const run = async (command: string, args: string[], env: Record<string, string> = {}) => {
  const r = await runProgram(command, args, { ...process.env, ...env }, 300_000);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.code}:\n${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
};

/** Every file under `dir` (relative path → sha256), for comparing two folders; empty when absent. */
const fileDigests = async (dir: string) => {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const e of await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => [])) {
      const p = path.join(rel, e.name);
      if (e.isDirectory()) await walk(p);
      else
        out[p] = createHash('sha256')
          .update(await readFile(path.join(dir, p)))
          .digest('hex');
    }
  };
  await walk('');
  return out;
};

const temps: string[] = [];
const tempDir = async (prefix: string) => {
  const d = await mkdtemp(path.join(tmpdir(), prefix));
  temps.push(d);
  return d;
};

describe('backup and restore', { timeout: 240_000 }, () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    for (const c of children) await killGroup(c);
    for (const d of [...dirs, ...temps]) {
      await removeEmbeddedDatabase(d).catch(() => {});
      await rm(d, { recursive: true, force: true });
    }
  });

  it.skipIf(!external)(
    'external PostgreSQL (runs only with TEST_DATABASE_URL): pg_dump -Fc while Parley runs, pg_restore --no-owner into a new database, a second instance on it serves the same data',
    async () => {
      // The instance that is backed up, working jobs, on a database of its own with files on disk.
      const source: TestContext = await createTestApp();
      closers.push(() => source.close());
      const sourceUrl = source.rt.config.databaseUrl ?? '';
      const owner = await createOwner(source.rt);
      const written = await writeData(injectCall(source.app), owner);
      const adminUrl = inject('adminUrl');
      const work = await tempDir('parley-backup-');
      const dump = path.join(work, 'parley.dump');

      // pg_dump -Fc while it runs. Its snapshot is exported from a transaction that counts the rows
      // in that same snapshot, so the counts are exactly what the dump holds, whatever the running
      // instance does meanwhile.
      const watcher = new pg.Client({ connectionString: sourceUrl });
      await watcher.connect();
      let before: Record<string, number>;
      try {
        await watcher.query('begin isolation level repeatable read, read only');
        const snapshot =
          (await watcher.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s ?? '';
        before = await rowCounts(watcher);
        await run('pg_dump', ['-Fc', `--snapshot=${snapshot}`, '-d', sourceUrl, '-f', dump]);
        await watcher.query('commit');
      } finally {
        await watcher.end();
      }
      expectCountsOfWrittenData(before);
      const sourceFiles = await fileDigests(path.join(source.rt.config.dataDir, 'files'));
      expect(Object.keys(sourceFiles)).toContain(written.fileKey);

      // A new, empty database (named like the tests' own, so a later run drops it if this one is killed).
      const restored = `parley_t_${process.ppid}_restored_${randomBytes(4).toString('hex')}`;
      const restoredUrl = withDatabase(adminUrl, restored);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${restored}"`);
      closers.push(async () => {
        await admin.query(`drop database if exists "${restored}" with (force)`);
        await admin.end();
      });
      await run('pg_restore', ['--no-owner', '-d', restoredUrl, dump]);
      expect(await rowCountsAt(restoredUrl)).toEqual(before);

      // A second instance on the restored database, with the files copied to its own DATA_DIR.
      const dataDir = await tempDir('parley-restored-');
      await cp(path.join(source.rt.config.dataDir, 'files'), path.join(dataDir, 'files'), {
        recursive: true,
      });
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: restoredUrl,
        DATABASE_POOL_SIZE: '4',
        PUBLIC_URL: 'http://parley.test',
        LOG_LEVEL: 'silent',
        DEMO_SEED: 'false',
      });
      const rt = await startRuntime(config, log, { pollingIntervalSeconds: 0.5 });
      const app = await buildApp(rt);
      closers.push(async () => {
        await app.close();
        await rt.close();
      });
      await app.ready();
      await expectSameData(injectCall(app), owner, written);
    },
  );

  it.skipIf(!!external)(
    'embedded PostgreSQL (runs only without TEST_DATABASE_URL): a cold copy of the stopped DATA_DIR with tar, restored at a new path, serves the same data and files',
    async () => {
      const first = await startServerProcess({ env: {}, children, dirs });
      const dataDir = first.dataDir;
      const created = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/cli/admin.ts',
          'owner:create',
          '--email',
          'ada@backup.example',
          '--password',
          'correct horse battery',
          '--manufacturer',
          'Backup GmbH',
          '--connect',
        ],
        { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      );
      expect(JSON.parse(created.stdout)).toMatchObject({ ownerId: expect.any(String) });
      const owner = { email: 'ada@backup.example', password: 'correct horse battery' };
      const written = await writeData(httpCall(`http://127.0.0.1:${first.port}`), owner);
      // The answer's mail reaches the outbox (DATA_DIR/mail), which the copy keeps as well.
      await waitFor(
        async () =>
          (await readdir(path.join(dataDir, 'mail')).catch(() => [])).some((f) => f.includes('answer')),
        30_000,
        "the owner's answer mail in the outbox",
      );

      // Stop it (SIGTERM, as a process manager does): it exits 0 and stops its PostgreSQL.
      const exited = new Promise<number | null>((r) => first.once('exit', (code) => r(code)));
      process.kill(first.pid ?? 0, 'SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      const filesBefore = await fileDigests(path.join(dataDir, 'files'));
      const mailBefore = await fileDigests(path.join(dataDir, 'mail'));
      expect(Object.keys(filesBefore)).toContain(written.fileKey);

      // The archive. Run as root in a folder the postgres user cannot enter, DATA_DIR/postgres is a
      // link to the cluster in /var/lib/parley: `tar -h` stores the cluster in its place.
      const linked = (await lstat(path.join(dataDir, 'postgres'))).isSymbolicLink();
      const work = await tempDir('parley-backup-');
      const archive = path.join(work, 'parley-data.tgz');
      await run('tar', [
        '-C',
        path.dirname(dataDir),
        linked ? '-czhf' : '-czf',
        archive,
        path.basename(dataDir),
      ]);

      // What the archive must reproduce: the stopped database's rows.
      const original = await startEmbeddedDatabase(dataDir, log);
      const before = await rowCountsAt(original.url);
      await original.stop();
      expectCountsOfWrittenData(before);

      // The installation is gone (its cluster too, when it was linked).
      await removeEmbeddedDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true });
      expect(existsSync(dataDir)).toBe(false);

      // Restored at a new path, owners and modes kept (tar does as root). The postgres user must
      // reach DATA_DIR/postgres, which is now a folder in DATA_DIR.
      const parent = await tempDir('parley-restore-');
      await chmod(parent, 0o755);
      await run('tar', ['-C', parent, '-xzf', archive]);
      const restored = path.join(parent, 'data');
      await rename(path.join(parent, path.basename(dataDir)), restored);
      await chmod(restored, 0o755);
      dirs.push(restored);
      expect((await lstat(path.join(restored, 'postgres'))).isDirectory()).toBe(true);
      expect(await fileDigests(path.join(restored, 'files'))).toEqual(filesBefore);
      expect(await fileDigests(path.join(restored, 'mail'))).toEqual(mailBefore);

      const copy = await startEmbeddedDatabase(restored, log);
      const after = await rowCountsAt(copy.url);
      await copy.stop();
      expect(after).toEqual(before);

      const second = await startServerProcess({ env: {}, children, dirs, dataDir: restored });
      await expectSameData(httpCall(`http://127.0.0.1:${second.port}`), owner, written);
      const stopped = new Promise<number | null>((r) => second.once('exit', (code) => r(code)));
      process.kill(second.pid ?? 0, 'SIGTERM');
      expect(await stopped).toBe(0);
    },
  );
});
