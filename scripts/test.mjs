#!/usr/bin/env node
// `npm test`: every test once, in order, one step after another (no watch mode, nothing skipped
// because an earlier step failed), then a summary table and a last line `N passed, N failed`.
//
//   npm test                       everything
//   npm test -- --only server      one step group: lint | types | contract | server | web | e2e (build + browser)
//   npm test -- --only lint,types  several
//
// Exit status 0 only when every step that ran passed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, '.tmp', 'test-results');

const groups = ['lint', 'types', 'contract', 'server', 'web', 'e2e'];

const parseOnly = (argv) => {
  const picked = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let value;
    if (arg === '--only') value = argv[++i];
    else if (arg.startsWith('--only=')) value = arg.slice('--only='.length);
    else if (arg === '-h' || arg === '--help') {
      process.stdout.write(`Usage: npm test [-- --only ${groups.join('|')}[,…]]\n`);
      process.exit(0);
    } else {
      process.stderr.write(`Unknown argument ${arg}. Usage: npm test [-- --only ${groups.join('|')}[,…]]\n`);
      process.exit(2);
    }
    for (const g of (value ?? '').split(',').filter(Boolean)) {
      if (!groups.includes(g)) {
        process.stderr.write(`--only ${g}: expected one of ${groups.join(', ')}\n`);
        process.exit(2);
      }
      picked.push(g);
    }
  }
  return picked.length ? new Set(picked) : new Set(groups);
};

const only = parseOnly(process.argv.slice(2));

/** Runs a command with its output on this terminal; resolves to its exit code. */
const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      process.stderr.write(`Could not run ${cmd}: ${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const which = (name) => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, name);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Chromium for the browser tests: found, or installed, or a plain message saying what to install.

const playwrightCacheBrowser = () => {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return undefined;
  const candidates = [];
  for (const dir of readdirSync(cache).sort().reverse()) {
    const base = path.join(cache, dir);
    if (dir.startsWith('chromium_headless_shell-')) {
      candidates.push(path.join(base, 'chrome-linux', 'headless_shell'));
      candidates.push(path.join(base, 'chrome-headless-shell-linux64', 'chrome-headless-shell'));
    } else if (dir.startsWith('chromium-')) {
      candidates.push(path.join(base, 'chrome-linux', 'chrome'));
      candidates.push(path.join(base, 'chrome-linux64', 'chrome'));
    }
  }
  return candidates.find((p) => existsSync(p));
};

const findChromium = () => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return (
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? playwrightCacheBrowser()
  );
};

const internetReachable = async () => {
  try {
    await fetch('https://cdn.playwright.dev/', { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
};

/** Resolves to { path } (CHROMIUM_PATH to use; undefined: Playwright's own download) or { error }. */
const ensureChromium = async () => {
  if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
    return { error: `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.` };
  }
  const found = findChromium();
  if (found) return { path: found };
  if (process.getuid?.() === 0 && which('apt-get')) {
    process.stdout.write('No Chromium found; installing it: apt-get update && apt-get install -y chromium\n');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const code =
      (await run('apt-get', ['update'], { env })) ||
      (await run('apt-get', ['install', '-y', 'chromium'], { env }));
    const installed = findChromium();
    if (code === 0 && installed) return { path: installed };
  }
  if (await internetReachable()) {
    process.stdout.write('No Chromium found; trying `npx playwright install chromium`\n');
    if ((await run(bin('playwright'), ['install', 'chromium'])) === 0) {
      return { path: playwrightCacheBrowser() };
    }
  }
  return {
    error:
      'No Chromium for the browser tests. Install it (Debian/Ubuntu, as root: `apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable, then run `npm test -- --only e2e`.',
  };
};

// ---------------------------------------------------------------------------------------------
// nginx and HAProxy: the browser tests run behind them, with deploy/nginx/parley.conf and
// deploy/haproxy/parley.cfg, as Parley is deployed.

const findBalancers = () => ({
  nginx: ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)),
  haproxy: ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)),
});

/** Resolves to {} or { error }: both found, or installed from Debian's packages as root. */
const ensureBalancers = async () => {
  const missing = () => {
    const found = findBalancers();
    return [found.nginx ? undefined : 'nginx-light', found.haproxy ? undefined : 'haproxy'].filter(Boolean);
  };
  const packages = missing();
  if (packages.length === 0) return {};
  if (process.getuid?.() === 0 && which('apt-get')) {
    process.stdout.write(
      `Installing what the browser tests run behind: apt-get install -y ${packages.join(' ')}\n`,
    );
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['install', '-y', ...packages], { env })) !== 0) {
      (await run('apt-get', ['update'], { env })) ||
        (await run('apt-get', ['install', '-y', ...packages], { env }));
    }
    if (missing().length === 0) return {};
  }
  return {
    error:
      `No ${missing().join(' and ')} for the browser tests (they run behind nginx and HAProxy, as Parley is ` +
      `deployed). Install it (Debian/Ubuntu, as root: \`apt-get install -y ${missing().join(' ')}\`), then run ` +
      '`npm test -- --only e2e`.',
  };
};

// ---------------------------------------------------------------------------------------------
// The steps. `kind` says how a step's result is counted:
//   check      passes or fails as a whole (counts as one failure when it fails)
//   vitest     tests counted from vitest's JSON report
//   playwright tests counted from Playwright's JSON report

const vitestStep = (group, name, dir) => {
  const report = path.join(results, `${group}.json`);
  return {
    group,
    name,
    kind: 'vitest',
    report,
    exec: () =>
      run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
        cwd: path.join(root, dir),
      }),
    count: () => {
      const json = readJson(report);
      if (!json) return undefined;
      return {
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      };
    },
  };
};

// The browser tests' own folder (server log, JSON report, traces); see e2e/playwright.config.ts.
const e2eRunDir = path.join(root, '.tmp', 'e2e', `run-${process.pid}`);
const e2eReport = path.join(e2eRunDir, 'results.json');
const buildState = { ok: true };

/** Steps that need the console build say so, and fail, when it failed. */
const buildFailed = (step) => {
  if (buildState.ok) return false;
  step.note = 'not run: the console build failed';
  return true;
};

const steps = [
  {
    group: 'lint',
    name: 'Lint and format (biome check .)',
    kind: 'check',
    exec: () => run(bin('biome'), ['check', '.']),
  },
  {
    group: 'types',
    name: 'Type check (tsc -b)',
    kind: 'check',
    exec: () => run(bin('tsc'), ['-b', 'packages/contract', 'apps/server', 'apps/web', 'e2e']),
  },
  vitestStep('contract', 'Contract tests (vitest, packages/contract)', 'packages/contract'),
  vitestStep('server', 'Server tests (vitest, apps/server)', 'apps/server'),
  vitestStep('web', 'Console unit tests (vitest, apps/web)', 'apps/web'),
  {
    group: 'e2e',
    name: 'Console build (vite build)',
    kind: 'check',
    exec: async () => {
      const code = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', [
        'run',
        'build',
        '-w',
        'apps/web',
      ]);
      buildState.ok = code === 0;
      return code;
    },
  },
  {
    // A size check, not a timing: each measured page's gzipped JavaScript within its budget
    // (apps/server/bench/lib/page-weight.ts; docs/operations.md, "Page weight").
    group: 'e2e',
    name: 'Page weight budgets (login, survey, feedback and console pages)',
    kind: 'check',
    exec: async (step) => {
      if (buildFailed(step)) return 1;
      return run(bin('tsx'), ['apps/server/bench/budget.ts']);
    },
  },
  {
    group: 'e2e',
    name: 'Browser tests (Playwright, Chromium)',
    kind: 'playwright',
    exec: async (step) => {
      if (buildFailed(step)) return 1;
      const chromium = await ensureChromium();
      if (chromium.error) {
        process.stderr.write(`\n${chromium.error}\n`);
        step.note = 'not run: no Chromium (see message above)';
        return 1;
      }
      if (chromium.path) process.stdout.write(`Chromium: ${chromium.path}\n`);
      const balancers = await ensureBalancers();
      if (balancers.error) {
        process.stderr.write(`\n${balancers.error}\n`);
        step.note = 'not run: no nginx or HAProxy (see message above)';
        return 1;
      }
      const code = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
        env: { E2E_RUN_DIR: e2eRunDir, ...(chromium.path ? { CHROMIUM_PATH: chromium.path } : {}) },
      });
      if (code !== 0) step.hint = `server log and traces: ${path.relative(root, e2eRunDir)}`;
      return code;
    },
    count: () => {
      const json = readJson(e2eReport);
      if (!json?.stats) return undefined;
      return {
        passed: (json.stats.expected ?? 0) + (json.stats.flaky ?? 0),
        failed: json.stats.unexpected ?? 0,
        skipped: json.stats.skipped ?? 0,
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

const fmtTime = (ms) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`
    : `${(ms / 1000).toFixed(1)}s`;

const main = async () => {
  mkdirSync(results, { recursive: true });
  const started = Date.now();
  const done = [];
  const selected = steps.filter((s) => only.has(s.group));
  for (const [i, step] of selected.entries()) {
    process.stdout.write(`\n${bold(`━━ [${i + 1}/${selected.length}] ${step.name}`)}\n`);
    if (step.report) rmSync(step.report, { force: true });
    const t0 = Date.now();
    const code = await step.exec(step);
    const ms = Date.now() - t0;
    let row = {
      name: step.name,
      ok: code === 0,
      ms,
      passed: '-',
      failed: '-',
      skipped: '-',
      note: step.note,
    };
    let failures = code === 0 ? 0 : 1;
    let passes = 0;
    if (step.count) {
      const c = step.note ? undefined : step.count();
      if (c) {
        row = { ...row, passed: c.passed, failed: c.failed, skipped: c.skipped };
        passes = c.passed;
        // A run that failed without a failed test (a file that does not load, a crashed
        // setup, no tests found) still counts as one failure.
        failures = code === 0 ? c.failed : Math.max(c.failed, 1);
        if (code !== 0 && c.failed === 0) row.note ??= 'failed outside a test (see output above)';
        if (c.failed > 0) row.ok = false;
      } else if (code !== 0) {
        row.note ??= 'no report (see output above)';
      }
    }
    if (step.hint) row.note = row.note ? `${row.note}; ${step.hint}` : step.hint;
    done.push({ ...row, passes, failures });
  }

  const totalPassed = done.reduce((n, r) => n + r.passes, 0);
  const totalFailed = done.reduce((n, r) => n + r.failures, 0);
  const width = Math.max(...done.map((r) => r.name.length), 4);
  const line = ([name, result, passed, failed, skipped, time, note]) => {
    const counts = [passed, failed, skipped].map((c) => String(c).padStart(8)).join('');
    return `${name.padEnd(width)}  ${result.padEnd(6)}${counts}${time.padStart(10)}${note ? `  ${note}` : ''}`;
  };
  const out = ['', bold('━━ Summary')];
  out.push(line(['Step', 'Result', 'Passed', 'Failed', 'Skipped', 'Time']));
  for (const r of done) {
    out.push(line([r.name, r.ok ? 'ok' : 'FAILED', r.passed, r.failed, r.skipped, fmtTime(r.ms), r.note]));
  }
  out.push(`Total time ${fmtTime(Date.now() - started)}`, '');
  out.push(`${totalPassed} passed, ${totalFailed} failed`);
  process.stdout.write(`${out.join('\n')}\n`);
  process.exit(totalFailed > 0 || done.some((r) => !r.ok) ? 1 : 0);
};

await main();
