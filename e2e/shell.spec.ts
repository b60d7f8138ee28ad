import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, mailDir, type Owner, runAdmin, signIn, test } from './fixtures';

/**
 * The console's shell: history "new", the reset link, error boundary, sign-out in another tab,
 * a full survey, keyboard focus and the password toggles.
 */

/** The API as the owner, for what a test only needs to exist (the console's own screens are tested elsewhere). */
const apiAs = async (request: APIRequestContext, owner: Owner) => {
  const signedIn = await request.post('/identity/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  return async <T = Record<string, unknown>>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(url, { method, headers: { 'x-auth-token': idToken }, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? {} : await res.json()) as T;
  };
};

/** A running campaign with one free-text question, made through the API. */
const runningCampaign = async (
  request: APIRequestContext,
  owner: Owner,
  body: Record<string, unknown> = {},
) => {
  const api = await apiAs(request, owner);
  const campaign = await api<{ _id: string }>('POST', '/api/campaign', { title: 'Shell check', ...body });
  const question = await api<{ _id: string }>('POST', `/api/campaign/${campaign._id}/question`, {
    type: 'FreeText',
    text: 'Anything to add?',
  });
  await api('POST', `/api/campaign/${campaign._id}/start`);
  return { api, campaignId: campaign._id, questionId: question._id };
};

const answer = async (
  request: APIRequestContext,
  c: { campaignId: string; questionId: string },
  who: { email: string; firstname?: string; lastname?: string },
) => {
  const res = await request.post(`/api/public/campaign/${c.campaignId}/answer`, {
    data: { ...who, submissionId: randomUUID(), answers: [{ questionId: c.questionId, text: 'All good.' }] },
  });
  expect(res.status(), await res.text()).toBe(201);
};

/** The reset link mailed to `email`, read from the folder mails arrive in (mailDir). */
const mailedResetLink = async (email: string) => {
  const outbox = mailDir();
  for (let attempt = 0; attempt < 60; attempt++) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      // Quoted-printable: soft line breaks and an encoded "=".
      const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
      if (link) return new URL(link).pathname + new URL(link).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no reset mail for ${email}`);
};

/** `admin manufacturer:set` on the test server's database, as an operator changes a plan. */
const setManufacturer = (manufacturerId: string, setting: string) =>
  runAdmin('manufacturer:set', '--manufacturer-id', manufacturerId, '--set', setting);

test.describe('history "new"', () => {
  test('an answer names its participant; opening its ticket from the participants tab clears it; one’s own Stop is not new', async ({
    page,
    owner,
    request,
  }) => {
    test.slow();
    const c = await runningCampaign(request, owner, { title: 'History check' });
    const email = `ada-${randomUUID().slice(0, 8)}@e2e.parley.test`;
    await answer(request, c, { email, firstname: 'Ada', lastname: 'Lovelace' });

    await page.goto('/login');
    await signIn(page, owner);
    await page.getByRole('button', { name: 'History, new entries' }).click();
    const drawer = page.getByRole('dialog', { name: 'Activity history' });
    const entry = drawer.getByRole('listitem').filter({ hasText: 'New campaign ticket' });
    await expect(entry.getByText('From Ada Lovelace')).toBeVisible();
    await expect(entry.getByText('New', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the history panel');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Opened from the participants tab, not from the history.
    await page.goto(`/connect/campaigns/${c.campaignId}?tab=participants`);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeVisible();

    await page.goto(`/connect/campaigns/${c.campaignId}`);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Stop the campaign?' })
      .getByRole('button', { name: 'Stop campaign' })
      .click();
    await expect(page.getByText('Ended', { exact: true }).first()).toBeVisible();
    // The owner's own Stop: in the history, but not as news.
    await page.reload();
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const ended = drawer.getByRole('listitem').filter({ hasText: 'Campaign ended' });
    await expect(ended).toBeVisible();
    await expect(ended.getByText('New', { exact: true })).toHaveCount(0);
  });
});

test.describe('password reset link', () => {
  test('a bogus link says at once that it no longer works and offers a new one', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expectAccessible(page, 'a dead reset link');
    await page.getByLabel(/^Email/).fill('someone@e2e.parley.test');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
  });

  test('a used link is refused when it is opened again, before any password is typed', async ({
    page,
    owner,
  }) => {
    await page.goto('/reset-password');
    await page.getByLabel(/^Email/).fill(owner.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    const link = await mailedResetLink(owner.email);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await expectAccessible(page, 'a live reset link');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Repeat new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});

test.describe('console shell', () => {
  test('a page whose code cannot load keeps the sidebar and header, and Try again loads it', async ({
    page,
    owner,
  }) => {
    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // An outage while the templates page's code is fetched.
    const chunk = /\/assets\/templates-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort('connectionfailed'));
    await page.getByRole('link', { name: 'Response templates' }).click();
    const failed = page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
    await expect(failed).toBeVisible();
    await expect(failed).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
    await expectAccessible(page, 'a page that could not load');

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Response templates' })).toBeVisible();
  });

  test('the campaign page says when the plan’s answer limit is reached', async ({ page, owner, request }) => {
    await setManufacturer(owner.manufacturerId, 'answerLimitation=1');
    const c = await runningCampaign(request, owner, { title: 'Small plan' });
    await answer(request, c, { email: `only-${randomUUID().slice(0, 8)}@e2e.parley.test` });

    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`/connect/campaigns/${c.campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Small plan' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'This survey is full' });
    await expect(notice).toContainText('Your plan allows 1 answer per campaign');
    await expectAccessible(page, 'a full campaign');
  });

  test('keyboard focus: the new campaign’s heading after create and after start; Mark all as seen keeps it', async ({
    page,
    owner,
    request,
  }) => {
    test.slow();
    const c = await runningCampaign(request, owner, { title: 'Focus check' });
    await answer(request, c, { email: `focus-${randomUUID().slice(0, 8)}@e2e.parley.test` });
    const api = await apiAs(request, owner);
    const draft = await api<{ _id: string }>('POST', '/api/campaign', { title: 'Focus draft' });
    await api('POST', `/api/campaign/${draft._id}/question`, { type: 'FreeText', text: 'Why?' });

    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto('/connect/campaigns');
    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Made by keyboard');
    await dialog.getByRole('button', { name: 'Create campaign' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Made by keyboard' })).toBeFocused();

    await page.goto(`/connect/campaigns/${draft._id}`);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Start the campaign?' })
      .getByRole('button', { name: 'Start campaign' })
      .press('Enter');
    await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Focus draft' })).toBeFocused();

    await page.getByRole('button', { name: 'History, new entries' }).click();
    const markAll = page
      .getByRole('dialog', { name: 'Activity history' })
      .getByRole('button', { name: 'Mark all as seen' });
    await markAll.press('Enter');
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeAttached();
    await expect(markAll).toBeFocused();
    await expect(markAll).toHaveAttribute('aria-disabled', 'true');
  });
});

test.describe('sign-out in another tab', () => {
  /**
   * A draft's settings open with an unsaved title, then a second tab of the same browser signs out:
   * both tests start here. Returns the draft's id and the title field.
   */
  const editThenSignOutElsewhere = async (
    page: Page,
    owner: Owner,
    request: APIRequestContext,
    titles: { saved: string; edited: string },
  ) => {
    const api = await apiAs(request, owner);
    const draft = await api<{ _id: string }>('POST', '/api/campaign', { title: titles.saved });

    await page.goto('/login');
    await signIn(page, owner);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`/connect/campaigns/${draft._id}?tab=settings`);
    const title = page.getByRole('textbox', { name: /^Title/ });
    await title.fill(titles.edited);

    const other = await page.context().newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Account' }).click();
    await other.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
    await other.close();
    return { draftId: draft._id, title };
  };

  test('keeps this tab’s page and unsaved edits, and signing in again in place carries on there', async ({
    page,
    owner,
    request,
  }) => {
    test.slow();
    const { draftId, title } = await editThenSignOutElsewhere(page, owner, request, {
      saved: 'Two tabs',
      edited: 'Two tabs, edited',
    });

    const dialog = page.getByRole('dialog', { name: 'You were signed out' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/connect/campaigns/${draftId}\\?tab=settings$`));
    await expect(dialog.getByText(owner.email)).toBeVisible();
    await expectAccessible(page, 'the signed-out dialog');
    await dialog.getByLabel(/^Password/).fill(owner.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/connect/campaigns/${draftId}\\?tab=settings$`));
    await expect(title).toHaveValue('Two tabs, edited');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The campaign settings have been saved.')).toBeVisible();
  });

  test('“Go to sign-in” still warns about unsaved edits, and after signing in returns to the page', async ({
    page,
    owner,
    request,
  }) => {
    test.slow();
    const { draftId } = await editThenSignOutElsewhere(page, owner, request, {
      saved: 'Leaving',
      edited: 'Leaving, edited',
    });

    await page
      .getByRole('dialog', { name: 'You were signed out' })
      .getByRole('button', { name: 'Go to sign-in' })
      .click();
    const warning = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(warning).toBeVisible();
    await expectAccessible(page, 'the leave-without-saving dialog');
    await warning.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
    await signIn(page, owner);
    await expect(page).toHaveURL(new RegExp(`/connect/campaigns/${draftId}\\?tab=settings$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Leaving' })).toBeVisible();
  });
});
