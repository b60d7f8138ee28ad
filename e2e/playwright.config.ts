import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the console against the real server: several instances behind nginx
 * (global-setup.ts, cluster.ts). The project `flows` is every screen and flow; `scale-out` then kills,
 * drains and replaces instances under them (e2e/scale-out), after `flows` has passed.
 * Chromium: CHROMIUM_PATH, else the system's, else Playwright's own download.
 * `npm test` (scripts/test.mjs) finds or installs one and sets CHROMIUM_PATH.
 */
const executablePath =
  process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

const root = path.resolve(import.meta.dirname, '..');

// Everything one run writes (server log, JSON report, traces) goes to its own folder, so two runs
// on one checkout never clear each other's files. Set once in the runner; workers inherit it.
process.env.E2E_RUN_DIR ??= path.join(root, '.tmp', 'e2e', `run-${process.pid}`);
const runDir = process.env.E2E_RUN_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'flows', testIgnore: 'scale-out/**' },
    // Runs last: it stops and replaces the instances the flows ran on.
    { name: 'scale-out', testMatch: 'scale-out/**/*.spec.ts', dependencies: ['flows'] },
  ],
  outputDir: path.join(runDir, 'test-results'),
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // A flaky test is a failing test: no retries, locally or in CI.
  retries: 0,
  forbidOnly: true,
  // Generous for a busy two-core machine; a hanging step still fails well inside it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(runDir, 'results.json') }]],
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
