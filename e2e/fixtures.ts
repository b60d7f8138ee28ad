import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { closeReplicas, phone, phoneWidthProblems, settle } from './phone-width';
import {
  contextWithoutWatcher,
  forgetPopupFindings,
  pageViolations,
  pausePopupChecks,
  popupsChecked,
  resumePopupChecks,
  takeAllPopupFindings,
  takePopupFindings,
  watchEveryContext,
} from './popup-checks';

export { expect };

export type Owner = { email: string; password: string; ownerId: string; manufacturerId: string };

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * Runs the admin command line on the test server's database, exactly as an operator does: it
 * attaches to the running server's embedded PostgreSQL through the shared DATA_DIR (or uses
 * E2E_DATABASE_URL) and prints one JSON object on stdout.
 */
export const runAdmin = async (command: string, ...args: string[]): Promise<unknown> => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: process.env.E2E_DATA_DIR,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const argv = ['--import', 'tsx', 'apps/server/src/cli/admin.ts', command, ...args];
  const { stdout } = await run(process.execPath, argv, { cwd: root, env, timeout: 60_000 });
  return stdout.trim() ? JSON.parse(stdout) : undefined;
};

/** A new owner (with connect) made through `admin owner:create … --connect`. */
export const createOwner = async (opts: { connect?: boolean } = {}): Promise<Owner> => {
  const id = randomUUID().slice(0, 8);
  const email = `owner-${id}@e2e.parley.test`;
  const password = `Pw-${randomUUID()}`;
  const args = ['--email', email, '--password', password, '--manufacturer', `E2E Manufacturer ${id}`];
  if (opts.connect ?? true) args.push('--connect');
  const created = (await runAdmin('owner:create', ...args)) as { ownerId: string; manufacturerId: string };
  return { email, password, ...created };
};

/**
 * What fails a screen: axe's impacts from moderate up (the AA contrast rule is "serious"; a visible
 * label missing from the accessible name, or two landmarks of one kind without names, "moderate").
 */
const blockingImpacts = new Set(['moderate', 'serious', 'critical']);

const describeViolation = (v: Result) =>
  `${v.impact} ${v.id}: ${v.help}\n${v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
    .join('\n')}`;

/**
 * Runs axe-core on the page as it is now and fails on any moderate, serious or critical violation
 * (WCAG AA contrast among them), naming rule and elements; then holds it to the phone's width in
 * both languages (phone-width.ts); and fails on what the popups that opened on it since the last
 * check reported (popup-checks.ts). Call it at each screen and each dialog or drawer a test
 * reaches; the `test` below also calls it on the last screen of every test by itself.
 */
export const expectAccessible = (page: Page, screen?: string) =>
  base.step(`accessibility of ${screen ?? page.url()}`, async () => {
    const name = screen ?? page.url();
    const popups = await takePopupFindings([page]);
    expect(popups, `accessibility of the popups opened on the way to ${name}`).toEqual([]);
    // The fixture's own resizing and language switch are not the test's screens.
    await pausePopupChecks(page);
    try {
      await settle(page);
      // The page's own axe (popup-checks.ts: the same axe-core as AxeBuilder's, loaded once per
      // document); AxeBuilder where there is none or the page has frames. Legacy mode runs axe in the
      // page itself: the default mode opens a blank page per check, slow on a busy machine.
      const violations =
        (await pageViolations(page)) ??
        (await new AxeBuilder({ page }).setLegacyMode(true).analyze()).violations;
      const blocking = violations.filter((v) => blockingImpacts.has(v.impact ?? ''));
      expect(blocking.map(describeViolation), `accessibility of ${name}`).toEqual([]);
      const wider = await phoneWidthProblems(page, contextWithoutWatcher);
      expect(wider, `${name} at ${phone.width} px`).toEqual([]);
    } finally {
      await resumePopupChecks(page);
    }
  });

export const test = base.extend<
  { owner: Owner; accessibleLastScreen: undefined },
  { popupChecks: undefined }
>({
  // Every browser context a test makes, its own and a participant's, checks each popup that opens
  // in its pages (popup-checks.ts); the findings fail the test at the next expectAccessible or at
  // its end.
  popupChecks: [
    async ({ browser }, use) => {
      const unwatch = watchEveryContext(browser, [...blockingImpacts], phone.width);
      await use(undefined);
      unwatch();
    },
    { scope: 'worker', auto: true },
  ],
  // global-setup.ts started the server and says where.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts (global setup).');
    await use(url);
  },
  // Every test has its own owner, so tests never depend on each other.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  owner: async ({}, use) => {
    await use(await createOwner());
  },
  // Automatic for every test of every spec file: when a test has passed, each page still open
  // (the console's and any participant's) is checked with axe and at the phone's width, so a new
  // screen is held to the same bar without the test having to ask. Screens, dialogs and drawers a
  // test passes through are checked by its own expectAccessible calls, and popups by themselves.
  accessibleLastScreen: [
    // `page` as a dependency so that it is closed only after this check.
    async ({ browser, page }, use, testInfo) => {
      forgetPopupFindings();
      await use(undefined);
      void page;
      try {
        if (testInfo.status !== testInfo.expectedStatus || testInfo.expectedStatus !== 'passed') return;
        await closeReplicas();
        const open = browser.contexts().flatMap((context) => context.pages().filter((p) => !p.isClosed()));
        for (const screen of open) {
          // The API documentation is Swagger UI's own page and styles, not a screen of ours.
          if (!/^https?:/.test(screen.url()) || new URL(screen.url()).pathname.startsWith('/api/')) continue;
          await expectAccessible(screen, `the last screen, ${screen.url()}`);
        }
        // Popups of pages closed meanwhile (a participant's window).
        const popups = await takeAllPopupFindings(open);
        testInfo.annotations.push({ type: 'popups checked', description: String(popupsChecked()) });
        expect(popups, 'accessibility of the popups the test opened').toEqual([]);
      } finally {
        await closeReplicas();
      }
    },
    { auto: true },
  ],
});

/**
 * The console's names for what a person sees, in English and German (apps/web/src/locales,
 * apps/web/README.md). Labels may end in a required marker `*`; anchored, so that the password
 * field's toggle ("Show password" / "Passwort anzeigen") never matches.
 */
export const text = {
  email: /^(email|e-mail)\s*\*?$/i,
  password: /^(password|passwort)\s*\*?$/i,
  signIn: /^(sign in|anmelden)$/i,
  language: /^(language|sprache)$/i,
  account: /^(account|konto)( \(\w+\))?$/i,
  signOut: /^(sign out|abmelden)$/i,
};

/**
 * Scrolls the page down until `target` shows. Swagger UI draws a long list's operations only as they
 * come into view, so an operation further down is not in the page until the list is scrolled to it.
 */
export const scrollUntilVisible = async (page: Page, target: Locator) => {
  await expect(async () => {
    if (!(await target.first().isVisible())) await page.mouse.wheel(0, 400);
    await expect(target.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 45_000, intervals: [100] });
};

/** Fills the login form and submits it. */
export const signIn = async (page: Page, credentials: { email: string; password: string }) => {
  await page.getByLabel(text.email).fill(credentials.email);
  await page.getByLabel(text.password).fill(credentials.password);
  await page.getByRole('button', { name: text.signIn }).click();
};

/** The owner's token, from signing in through the API as the console does. */
export const ownerToken = async (
  request: APIRequestContext,
  owner: { email: string; password: string },
): Promise<string> => {
  const signedIn = await request.post('/identity/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  return (await signedIn.json()).idToken as string;
};

/** A running campaign with one free-text question, made through the API as the console would. */
export const runningCampaign = async (
  request: APIRequestContext,
  owner: { email: string; password: string },
  title: string,
): Promise<string> => {
  const headers = { 'x-auth-token': await ownerToken(request, owner) };
  const created = await request.post('/api/campaign', { headers, data: { title } });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { _id: string };
  const question = await request.post(`/api/campaign/${campaign._id}/question`, {
    headers,
    data: { type: 'FreeText', text: 'What should we improve?' },
  });
  expect(question.status()).toBe(201);
  expect((await request.post(`/api/campaign/${campaign._id}/start`, { headers })).status()).toBe(200);
  return campaign._id;
};

/**
 * The folder the test cluster's mail server files each mail in (e2e/mail-sink.ts); without one (a
 * server of its own with no SMTP_URL) the server's outbox, DATA_DIR/mail.
 */
export const mailDir = () =>
  process.env.E2E_MAIL_DIR ?? path.join(process.env.E2E_DATA_DIR as string, 'mail');

/** A mail file's text: quoted-printable soft breaks and escapes undone. */
const decodeMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/**
 * The links in the newest mail to `to` (mailDir), waiting for it to arrive. `containing`: only a mail whose text has it (a campaign's
 * title, say, when the address gets more than one mail).
 */
export const mailLinks = async (to: string, opts: { containing?: string } = {}): Promise<string[]> => {
  const dir = mailDir();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
    for (const file of files.reverse()) {
      const body = decodeMail(await readFile(path.join(dir, file), 'utf8'));
      if (opts.containing && !body.includes(opts.containing)) continue;
      return [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to}${opts.containing ? ` containing "${opts.containing}"` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** The mail's link as a path on the test server (PUBLIC_URL may name another host). */
export const linkPath = (links: string[], kind: 'i' | 'unsubscribe') => {
  const link = links.find((l) => l.includes(`/p/${kind}/`));
  expect(link, `a /p/${kind}/ link`).toBeDefined();
  return new URL(link as string).pathname;
};
