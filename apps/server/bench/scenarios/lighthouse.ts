import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, type RouteDef, routeCallUrl } from '@parley/contract';
import { formatTable } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * Lighthouse (mobile: its default throttling of a mid-range phone on a slow 4G line) on the login page
 * and on a running campaign's survey page, and on the console signed in as the benchmark's owner (the
 * dashboard, that campaign's results, the inbox), mobile and desktop (`--preset=desktop`), served by the
 * benchmark's app from apps/web/dist. For the console Lighthouse's Chromium runs on a profile whose storage
 * holds the benchmark owner's session (`signedInProfile`). Lighthouse
 * is not a dependency of the project (it is large and needs nothing at run time): the scenario uses the
 * `lighthouse` command on PATH, or LIGHTHOUSE_BIN, with Chromium at CHROMIUM_PATH (/usr/bin/chromium).
 * Without it the scenario says how to install it and gives no figures. Each page is measured
 * LIGHTHOUSE_RUNS times (3); the median run by performance score is reported, since one run on a busy
 * machine can be far off (docs/operations.md, "Page weight").
 */
const targets = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95 } as const;
type Category = keyof typeof targets;
/** The console's screens: performance at least 0.9 (accessibility and best practices as above). */
const consoleTargets: Record<Category, number> = { ...targets, performance: 0.9 };

type FormFactor = 'mobile' | 'desktop';
type MeasuredPage = {
  name: string;
  url: string;
  formFactor: FormFactor;
  /** Run in the signed-in browser (the console's pages). */
  signedIn: boolean;
  targets: Record<Category, number>;
};

const findLighthouse = (): string | null => {
  const configured = process.env.LIGHTHOUSE_BIN?.trim();
  if (configured) return existsSync(configured) ? configured : null;
  const found = spawnSync('sh', ['-c', 'command -v lighthouse'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || null : null;
};

/** An owner's call through the app, as the console makes it. */
const call = async (ctx: BenchContext, route: RouteDef, input: { params?: unknown; body?: unknown }) => {
  const res = await ctx.app.inject({
    method: route.method,
    url: routeCallUrl(route, input),
    headers: { 'x-auth-token': ctx.owner.idToken },
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${route.method} ${route.path}: ${res.statusCode} ${res.body}`);
  return res.body ? (res.json() as { _id: string }) : null;
};

/** A running survey of the kind participants get: a single and a multiple choice, and free text. */
const runningSurvey = async (ctx: BenchContext) => {
  const campaign = await call(ctx, api.campaigns.create, {
    body: { title: 'How do you like your new bike?', description: 'Three short questions.', language: 'en' },
  });
  const id = campaign?._id ?? '';
  const questions = [
    {
      type: 'SingleChoice',
      text: 'Which bike did you buy?',
      options: [{ text: 'City' }, { text: 'Trekking' }],
    },
    {
      type: 'MultiChoice',
      text: 'What do you use it for?',
      options: [{ text: 'Commuting' }, { text: 'Shopping' }, { text: 'Tours' }],
    },
    { type: 'FreeText', text: 'Anything else you would like to tell us?', optional: true },
  ];
  for (const body of questions) await call(ctx, api.questions.create, { params: { id }, body });
  await call(ctx, api.campaigns.start, { params: { id } });
  return id;
};

type Audit = { numericValue?: number };
type Report = {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, Audit>;
};

const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One Lighthouse run; with `profile` in a Chromium on that profile, its storage kept. */
const runOnce = async (
  bin: string,
  page: MeasuredPage,
  dir: string,
  n: number,
  profile: string | null,
): Promise<Report> => {
  const out = path.join(dir, `report-${n}.json`);
  // Each run on a copy of the signed-in profile: Lighthouse keeps storage and cache there
  // (--disable-storage-reset), and a run must not find the previous run's files in the cache.
  const runProfile = profile ? path.join(dir, `profile-${n}-${page.formFactor}-${Date.now()}`) : null;
  if (profile && runProfile) await cp(profile, runProfile, { recursive: true });
  const chromium = chromiumPath();
  const args = [
    page.url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    `--only-categories=${Object.keys(targets).join(',')}`,
    ...(page.formFactor === 'desktop' ? ['--preset=desktop'] : []),
    `--chrome-path=${chromium}`,
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu${runProfile ? ` --user-data-dir=${runProfile}` : ''}`,
    ...(profile ? ['--disable-storage-reset'] : []),
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CHROME_PATH: chromium },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    // A hung browser must not hang the benchmark (LIGHTHOUSE_TIMEOUT_S, 300: a busy machine is slow).
    const timer = setTimeout(
      () => child.kill('SIGKILL'),
      Number(process.env.LIGHTHOUSE_TIMEOUT_S ?? 300) * 1000,
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse exited ${code}: ${stderr}`));
    });
  });
  return JSON.parse(await readFile(out, 'utf8')) as Report;
};

/**
 * A Chromium profile whose storage holds the benchmark owner's session, written through Playwright;
 * Lighthouse then starts its own Chromium on that profile (`--user-data-dir`) and keeps its storage
 * (`--disable-storage-reset`). Handing Lighthouse a browser Playwright still drives breaks its trace.
 */
const signedInProfile = async (ctx: BenchContext, dir: string) => {
  const { chromium } = await import('@playwright/test');
  const profile = path.join(dir, 'profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const tab = context.pages()[0] ?? (await context.newPage());
  // Any page of the origin will do to write its storage; the sign-in page is the lightest.
  await tab.goto(`${ctx.baseUrl}/login`);
  await tab.evaluate(
    (session) => {
      localStorage.setItem('parley.session', JSON.stringify(session));
    },
    {
      idToken: ctx.owner.idToken,
      // Never used: the id token is good for an hour, the runs take minutes (the console refreshes only
      // two minutes before it expires).
      refreshToken: 'benchmark',
      expiresAt: Date.now() + 50 * 60_000,
    },
  );
  await context.close();
  return profile;
};

const score = (r: Report, c: Category) => r.categories[c]?.score ?? 0;
const msOf = (r: Report, audit: string) => {
  const v = r.audits[audit]?.numericValue;
  return v === undefined ? '–' : `${(v / 1000).toFixed(2)} s`;
};

export const lighthouse: Scenario = {
  name: 'lighthouse',
  run: async (ctx) => {
    const bin = findLighthouse();
    if (!bin) {
      const line =
        'lighthouse: not measured, no `lighthouse` command (install it outside the project, e.g. `npm i -g lighthouse@12`, or set LIGHTHOUSE_BIN)';
      return { report: line, summary: line };
    }
    const dist = ctx.rt.config.webDist ?? path.join(ctx.repoRoot, 'apps/web/dist');
    // The measured pages are the sign-in page's and the public pages' own builds.
    const missing = ['login.html', 'public.html'].filter((file) => !existsSync(path.join(dist, file)));
    if (missing.length > 0) {
      const line = `lighthouse: not measured, ${missing.join(' and ')} missing from apps/web/dist (npm run build)`;
      return { report: line, summary: line };
    }
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new Error(
        `LIGHTHOUSE_RUNS must be a whole number of at least 1, not "${process.env.LIGHTHOUSE_RUNS}"`,
      );
    }
    // The survey belongs to the benchmark's manufacturer, which the benchmark removes with all it made.
    const surveyId = await runningSurvey(ctx);
    const light = (name: string, url: string): MeasuredPage => ({
      name,
      url,
      formFactor: 'mobile',
      signedIn: false,
      targets,
    });
    const consolePages = (['mobile', 'desktop'] as const).flatMap((formFactor) =>
      [
        ['dashboard', '/'],
        ['results', `/connect/campaigns/${surveyId}?tab=results`],
        ['inbox', '/connect/tickets'],
      ].map(
        ([name, at]): MeasuredPage => ({
          name: `${name} (${formFactor})`,
          url: `${ctx.baseUrl}${at}`,
          formFactor,
          signedIn: true,
          targets: consoleTargets,
        }),
      ),
    );
    const pagesToMeasure = [
      light('login', `${ctx.baseUrl}/login`),
      light('survey', `${ctx.baseUrl}/p/c/${surveyId}`),
      ...(process.env.LIGHTHOUSE_CONSOLE === '0' ? [] : consolePages),
    ];
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-lighthouse-'));
    const rows: string[][] = [];
    const figures: Figure[] = [];
    const summaries: string[] = [];
    let profile: string | null = null;
    try {
      for (const page of pagesToMeasure) {
        if (page.signedIn && !profile) profile = await signedInProfile(ctx, dir);
        const reports: Report[] = [];
        const errors: string[] = [];
        // A run Lighthouse itself gives up on (its trace lost on a busy machine: NO_NAVSTART, a
        // timeout) is tried again once; a page without any run is reported as not measured.
        for (let n = 0, tries = 0; n < runs && tries < runs + 1; tries++) {
          ctx.progress(`lighthouse ${page.name} ${n + 1}/${runs}`);
          try {
            reports.push(await runOnce(bin, page, dir, tries, page.signedIn ? profile : null));
            n++;
          } catch (err) {
            errors.push((err as Error).message.split('\n')[0] ?? '');
          }
        }
        if (reports.length === 0) {
          rows.push([page.name, 'not measured', errors.at(-1) ?? '', '', '', '', '', '']);
          summaries.push(`${page.name} not measured`);
          for (const c of Object.keys(targets) as Category[])
            figures.push({
              label: `Lighthouse ${page.name} ${c}`,
              measured: 'not measured',
              target: `>= ${page.targets[c]}`,
              met: false,
            });
          continue;
        }
        reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
        const median = reports[Math.floor(reports.length / 2)] as Report;
        const perfRange = `${score(reports[0] as Report, 'performance').toFixed(2)}–${score(reports.at(-1) as Report, 'performance').toFixed(2)}`;
        rows.push([
          page.name,
          score(median, 'performance').toFixed(2),
          perfRange,
          score(median, 'accessibility').toFixed(2),
          score(median, 'best-practices').toFixed(2),
          msOf(median, 'first-contentful-paint'),
          msOf(median, 'largest-contentful-paint'),
          `${Math.round(median.audits['total-blocking-time']?.numericValue ?? 0)} ms`,
        ]);
        for (const c of Object.keys(targets) as Category[]) {
          figures.push({
            label: `Lighthouse ${page.name} ${c}`,
            measured: score(median, c).toFixed(2),
            target: `>= ${page.targets[c]}`,
            met: score(median, c) >= page.targets[c],
          });
        }
        summaries.push(`${page.name} performance ${score(median, 'performance').toFixed(2)}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return {
      report: [
        `Lighthouse (simulated throttling: mobile by default, desktop with its preset), median of ${runs} runs by performance; the console signed in:`,
        '',
        formatTable(
          ['page', 'performance', 'range', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT'],
          rows,
          1,
        ),
      ].join('\n'),
      summary: `lighthouse: ${summaries.join('; ')}`,
      figures,
    };
  },
};
