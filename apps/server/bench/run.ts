import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TokenResponse } from '@parley/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { logDestination } from '../src/lib/logger.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import { type Runtime, startRuntime } from '../src/runtime.js';
import { formatTable } from './lib/table.js';
import { answers } from './scenarios/answers.js';
import { campaignList } from './scenarios/campaign-list.js';
import { contactImport } from './scenarios/contact-import.js';
import { contactInvite } from './scenarios/contact-invite.js';
import { contactList } from './scenarios/contact-list.js';
import { contactListInvite } from './scenarios/contact-list-invite.js';
import { contactListMembers } from './scenarios/contact-list-members.js';
import { contactScale } from './scenarios/contact-scale.js';
import { lighthouse } from './scenarios/lighthouse.js';
import { massFollowUp } from './scenarios/mass-follow-up.js';
import { ownerMeSmall } from './scenarios/owner-me-small.js';
import { pageWeight } from './scenarios/page-weight.js';
import { posts } from './scenarios/posts.js';
import { postsScale } from './scenarios/posts-scale.js';
import { results } from './scenarios/results.js';
import { staticFiles } from './scenarios/static-files.js';
import { surveyData } from './scenarios/survey-data.js';
import { tagGroups } from './scenarios/tag-groups.js';
import { tenantKeys } from './scenarios/tenant-keys.js';
import { ticketInbox } from './scenarios/ticket-inbox.js';
import { ticketScale } from './scenarios/ticket-scale.js';
import type { BenchContext, Figure, Scenario } from './types.js';

/**
 * `npm run bench`: starts a runtime on a temporary DATA_DIR (embedded PostgreSQL) or on
 * BENCH_DATABASE_URL, makes one owner, signs it in through the real identity route, runs
 * the scenarios and prints their report on stdout (progress on stderr). It stops what it
 * started and removes what it made. Later issues add scenarios to bench/scenarios/ and here.
 *
 * It ends with a table of every figure next to its target.
 *
 * Settings: BENCH_DATABASE_URL, BENCH_REQUESTS (2000), BENCH_WARMUP (200),
 * BENCH_CONCURRENCY (1,8), BENCH_ONLY (scenario names, comma-separated), WEB_DIST (the built console
 * to serve, as the server reads it; else apps/web/dist); the lighthouse scenario's
 * LIGHTHOUSE_BIN, LIGHTHOUSE_RUNS and CHROMIUM_PATH.
 */
const scenarios: Scenario[] = [
  ownerMeSmall,
  surveyData,
  campaignList,
  contactList,
  contactInvite,
  contactImport,
  contactListMembers,
  contactScale,
  contactListInvite,
  ticketInbox,
  ticketScale,
  massFollowUp,
  tagGroups,
  results,
  posts,
  postsScale,
  answers,
  tenantKeys,
  pageWeight,
  staticFiles,
  lighthouse,
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

const intSetting = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0, not "${raw}"`);
  return n;
};

const main = async () => {
  const load = {
    warmup: intSetting('BENCH_WARMUP', 200),
    requests: intSetting('BENCH_REQUESTS', 2000),
    concurrencies: (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map((c) => {
      const n = Number(c.trim());
      if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_CONCURRENCY: "${c}" is not a whole number`);
      return n;
    }),
  };
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const chosen = only ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
  if (!chosen.length)
    throw new Error(`BENCH_ONLY matches none of ${scenarios.map((s) => s.name).join(', ')}`);
  const external = process.env.BENCH_DATABASE_URL?.trim() || undefined;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-'));
  // Run as root, the embedded PostgreSQL runs as `postgres` and must reach DATA_DIR/postgres.
  await chmod(dataDir, 0o755);
  let rt: Runtime | undefined;
  let app: FastifyInstance | undefined;
  let manufacturerId: string | undefined;

  const cleanUp = async () => {
    await app?.close().catch(() => {});
    if (rt && external && manufacturerId) {
      // On a shared database, take the benchmark's manufacturer (and so its owner) away again.
      await rt.db
        .delete(manufacturers)
        .where(eq(manufacturers.id, manufacturerId))
        .catch(() => {});
    }
    await rt?.close().catch((err) => progress(`closing the runtime failed: ${String(err)}`));
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: external ?? '',
      LOG_LEVEL: 'info',
      DEMO_SEED: 'false',
      PUBLIC_URL: 'http://127.0.0.1',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    });
    // The server's logs as in production (info, a line as each request comes and goes, written as the
    // server writes them: lib/logger.ts), but not into the report.
    const log = pino({ level: config.logLevel, base: { service: 'parley' } }, logDestination('/dev/null'));
    progress(external ? 'starting on BENCH_DATABASE_URL' : `starting the embedded PostgreSQL in ${dataDir}`);
    rt = await startRuntime(config, log, { work: false });

    const email = `bench-${randomBytes(4).toString('hex')}@parley.localhost`;
    const password = randomBytes(12).toString('base64url');
    const ids = await rt.services.owner.createOwner({
      email,
      password,
      name: 'Bench Owner',
      connect: true,
      manufacturerName: 'Bench Manufacturer',
    });
    manufacturerId = ids.manufacturerId;

    app = await buildApp(rt);
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const signIn = await app.inject({
      method: 'POST',
      url: '/identity/sign-in',
      payload: { email, password },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    const { idToken } = signIn.json() as TokenResponse;

    const ctx: BenchContext = {
      rt,
      app,
      baseUrl,
      owner: { email, idToken, ...ids },
      load,
      repoRoot,
      progress,
    };
    const pg = await rt.pool.query<{ v: string }>("select current_setting('server_version') as v");
    const header = [
      'Parley benchmark',
      `node ${process.version}, PostgreSQL ${pg.rows[0]?.v ?? '?'} (${external ? 'BENCH_DATABASE_URL' : 'embedded'})`,
      '',
    ];
    process.stdout.write(`${header.join('\n')}\n`);

    const summaries: string[] = [];
    const figures: Figure[] = [];
    for (const scenario of chosen) {
      progress(`scenario ${scenario.name}`);
      const result = await scenario.run(ctx);
      process.stdout.write(`${result.report}\n\n`);
      summaries.push(result.summary);
      figures.push(...(result.figures ?? []));
    }
    process.stdout.write(`Summary\n${summaries.map((s) => `- ${s}`).join('\n')}\n`);
    if (figures.length) {
      // Each figure next to its target (docs/operations.md, "Targets"); a missed one is marked, not fatal.
      const rows = figures.map((f) => [f.label, f.measured, f.target, f.met ? 'met' : 'NOT MET']);
      const met = figures.filter((f) => f.met).length;
      process.stdout.write(
        `\nTargets (${met} of ${figures.length} met)\n${formatTable(['figure', 'measured', 'target', ''], rows, 1)}\n`,
      );
    }
  } finally {
    await cleanUp();
  }
};

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
