import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** A running campaign with one free-text question, made through the API as the console would. */
const runningCampaign = async (
  request: APIRequestContext,
  owner: { email: string; password: string },
  title: string,
) => {
  const signedIn = await request.post('/identity/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { 'x-auth-token': (await signedIn.json()).idToken as string };
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

/** The links in the newest mail the server wrote to its outbox for `to` (no SMTP_URL in these tests). */
const mailLinks = async (to: string): Promise<string[]> => {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'mail');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
    const last = files.at(-1);
    if (last) {
      const raw = (await readFile(path.join(dir, last), 'utf8')).replace(/=\r?\n/g, '');
      const body = raw.replace(/=([0-9A-F]{2})/g, (_, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      );
      return [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};
/** The mail's link as a path on the test server (PUBLIC_URL may name another host). */
const linkPath = (links: string[], kind: 'i' | 'unsubscribe') => {
  const link = links.find((l) => l.includes(`/p/${kind}/`));
  expect(link, `a /p/${kind}/ link`).toBeDefined();
  return new URL(link as string).pathname;
};

const inviteFromConsole = async (
  page: import('@playwright/test').Page,
  addresses: string,
  campaign: string,
) => {
  await page.getByRole('button', { name: 'Invite people' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  await dialog.getByRole('textbox', { name: /Email addresses/ }).fill(addresses);
  await dialog.getByRole('combobox', { name: 'Campaigns' }).click();
  await page.getByRole('listbox', { name: 'Campaigns' }).getByRole('option', { name: campaign }).click();
  await dialog.getByRole('button', { name: 'Check' }).click();
  return dialog;
};

const answerByInvitation = async (browser: Browser, baseURL: string, link: string) => {
  const context = await browser.newContext({ locale: 'en-US', baseURL });
  const survey = await context.newPage();
  await survey.goto(link);
  await expect(survey.getByText(/You are answering as/)).toBeVisible();
  await expectAccessible(survey, 'the survey by personal invitation');
  await survey.getByRole('button', { name: 'Start the survey' }).click();
  await expect(survey.getByRole('heading', { name: 'What should we improve?' })).toBeVisible();
  await survey.getByRole('textbox').fill('Faster delivery.');
  await survey.getByRole('button', { name: 'Send answers' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await context.close();
};

test('invite two addresses, answer through the personal link, unsubscribe, and be refused afterwards', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  test.slow();
  const campaignId = await runningCampaign(page.request, owner, 'Delivery survey');
  const stamp = Date.now().toString(36);
  const ada = `ada-${stamp}@e2e.parley.test`;
  const ben = `ben-${stamp}@e2e.parley.test`;

  await page.goto('/login');
  await signIn(page, owner);
  // The sign-in page hands over to the console by a page load; then the way a person goes.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  const dialog = await inviteFromConsole(page, `${ada}\n${ben}`, 'Delivery survey');
  await expect(dialog.getByText(/2 invitations would be sent/)).toBeVisible();
  await expectAccessible(page, 'the invitation preview');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations on their way')).toBeVisible();

  // Ada answers through the link in her mail, in a browser of her own.
  await answerByInvitation(browser, baseURL as string, linkPath(await mailLinks(ada), 'i'));

  // The participants tab shows her invitation answered, and Ben's still out.
  await page.goto(`/connect/campaigns/${campaignId}?tab=participants`);
  const participants = page.getByRole('table', { name: 'Invited participants' });
  await expect(participants.getByRole('row').filter({ hasText: ada })).toContainText('Answered');
  await expect(participants.getByRole('row').filter({ hasText: ben })).toContainText(/Sent|Queued/);
  await expectAccessible(page, 'the participants tab');

  // She is a contact now.
  await page.goto('/connect/contacts');
  await expect(page.getByText(ada).first()).toBeVisible();

  // Ben unsubscribes through his mail's link.
  const unsubscribe = await browser.newContext({ locale: 'en-US', baseURL });
  const unsubscribePage = await unsubscribe.newPage();
  await unsubscribePage.goto(linkPath(await mailLinks(ben), 'unsubscribe'));
  await expect(unsubscribePage.getByText(`Unsubscribe ${ben} from invitations`)).toBeVisible();
  await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribePage.getByText('You are unsubscribed')).toBeVisible();
  await unsubscribe.close();

  // A new invitation to Ben is refused, with the reason.
  await runningCampaign(page.request, owner, 'Second survey');
  await page.reload();
  const again = await inviteFromConsole(page, ben, 'Second survey');
  await expect(again.getByRole('cell', { name: ben })).toBeVisible();
  await expect(again.getByText(/unsubscribed/i).first()).toBeVisible();
  await expect(again.getByText(/Nothing to send/)).toBeVisible();
});
