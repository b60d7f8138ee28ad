import type { Browser } from '@playwright/test';
import { expect, expectAccessible, linkPath, mailLinks, runningCampaign, signIn, test } from './fixtures';

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
  await expectAccessible(page, 'the invite-people dialog');
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
