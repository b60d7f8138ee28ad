import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export type Owner = { email: string; password: string; ownerId: string; manufacturerId: string };

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/**
 * A new owner (with connect) made through the admin command line, exactly as an operator does:
 * `admin owner:create … --connect` prints one JSON object `{ownerId, manufacturerId}` on stdout.
 * It attaches to the running server's embedded PostgreSQL through the shared DATA_DIR.
 */
export const createOwner = async (opts: { connect?: boolean } = {}): Promise<Owner> => {
  const id = randomUUID().slice(0, 8);
  const email = `owner-${id}@e2e.parley.test`;
  const password = `Pw-${randomUUID()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: process.env.E2E_DATA_DIR,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const args = ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'owner:create'];
  args.push('--email', email, '--password', password, '--manufacturer', `E2E Manufacturer ${id}`);
  if (opts.connect ?? true) args.push('--connect');
  const { stdout } = await run(process.execPath, args, { cwd: root, env, timeout: 60_000 });
  const created = JSON.parse(stdout) as { ownerId: string; manufacturerId: string };
  return { email, password, ...created };
};

export const test = base.extend<{ owner: Owner }>({
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
  account: /^(account|konto)$/i,
  signOut: /^(sign out|abmelden)$/i,
};

/** Fills the login form and submits it. */
export const signIn = async (page: Page, credentials: { email: string; password: string }) => {
  await page.getByLabel(text.email).fill(credentials.email);
  await page.getByLabel(text.password).fill(credentials.password);
  await page.getByRole('button', { name: text.signIn }).click();
};
