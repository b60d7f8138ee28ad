import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  linkPath,
  mailLinks,
  type Owner,
  runningCampaign,
  signIn,
  test,
} from './fixtures';

/** Addresses of one test: a stamp keeps them apart from every other test's on the shared server. */
const address = (name: string, stamp: string) => `${name}-${stamp}@e2e.parley.test`;
const newStamp = () => randomUUID().slice(0, 8);

/** The figure a report shows under `label` (its `<dd>` after the `<dt>`). */
const figure = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * The navigation's link to the contact requests, naming how many wait. (Chromium puts a space
 * before the comma: the count is a visually hidden, absolutely placed span.)
 */
const requestsLink = (page: Page, pending: number) =>
  page.getByRole('link', { name: `Contact requests, ${pending} pending`, exact: true });

/**
 * Picks a campaign in a dialog's Campaigns multi-select; its list closes after the pick, so it never
 * covers the dialog's buttons.
 */
const chooseCampaign = async (page: Page, dialog: Locator, title: string) => {
  const campaigns = dialog.getByRole('combobox', { name: 'Campaigns' });
  await campaigns.click();
  const options = page.getByRole('listbox', { name: 'Campaigns' });
  await options.getByRole('option', { name: title }).click();
  await expect(options).toBeHidden();
  // The chosen campaign shows in the field.
  await expect(dialog.getByText(title, { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
};

/** The console's sign-in, then the dashboard, as a person arrives. */
const signInToConsole = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await signIn(page, owner);
  // The sign-in page hands over to the console by a page load.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

/** Someone answers the campaign's open link (the public survey's own calls), and so becomes a contact. */
const answerOpenLink = async (
  request: APIRequestContext,
  campaignId: string,
  who: { email: string; firstname: string; lastname: string },
) => {
  const survey = await request.get(`/api/public/campaign/${campaignId}`);
  expect(survey.status()).toBe(200);
  const [question] = (await survey.json()).questions as { _id: string }[];
  const answered = await request.post(`/api/public/campaign/${campaignId}/answer`, {
    data: {
      ...who,
      submissionId: randomUUID(),
      answers: [{ questionId: question?._id, text: 'Good as it is.' }],
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
};

/** A request sent through the public form's own call, as the form sends it. */
const sendRequest = async (
  request: APIRequestContext,
  manufacturerId: string,
  who: { email: string; firstname: string; lastname: string; message?: string },
) => {
  const sent = await request.post(`/api/public/contact-request/${manufacturerId}`, {
    data: { ...who, consent: true, language: 'en' },
  });
  expect(sent.status(), await sent.text()).toBe(204);
};

test('a person asks through the public form, and the owner accepts the request into a running campaign', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  test.slow();
  await runningCampaign(page.request, owner, 'Welcome survey');
  const clara = address('clara', newStamp());
  const formPath = `/p/r/${owner.manufacturerId}`;

  // Clara, in a browser of her own, without signing in.
  const visitor = await browser.newContext({ locale: 'en-US', baseURL });
  const form = await visitor.newPage();
  await form.goto(formPath);
  await expect(form.getByRole('heading', { name: /^Get in touch with E2E Manufacturer/ })).toBeVisible();
  await form.getByLabel(/^First name/).fill('Clara');
  await form.getByLabel(/^Last name/).fill('Schmidt');
  await form.getByLabel(/^Email address/).fill('clara.schmidt-at-example.org');
  await form.getByLabel(/^Message/).fill('Please send me your dealer catalogue.');
  await form.getByRole('checkbox', { name: /may store my details/ }).check();
  await form.getByRole('button', { name: 'Send request' }).click();

  // The wrong address is named at its field, which takes the focus; nothing was sent.
  const email = form.getByLabel(/^Email address/);
  await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(form.getByText('Please enter a valid email address, such as name@example.com.')).toBeVisible();
  await expectAccessible(form, 'the contact-request form with a wrong entry');

  await email.fill(clara);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(
    form.getByText(/Your request has been sent\. E2E Manufacturer .* will get in touch/),
  ).toBeVisible();
  await expectAccessible(form, 'the contact-request form, sent');

  // The owner finds the request through the navigation, which counts it as pending.
  await signInToConsole(page, owner);
  await requestsLink(page, 1).click();
  await expect(page.getByRole('heading', { name: 'Contact requests', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Form address' })).toHaveValue(`${baseURL}${formPath}`);
  await expect(page.getByRole('textbox', { name: /^Embed on your website/ })).toHaveValue(
    new RegExp(`^<iframe src="${baseURL}${formPath}"`),
  );
  const pending = page.getByRole('table', { name: 'Pending contact requests' });
  const row = pending.getByRole('row').filter({ hasText: clara });
  await expect(row).toContainText('Clara Schmidt');
  await expect(row).toContainText('Please send me your dealer catalogue.');
  await expectAccessible(page, 'the pending contact requests');

  await row.getByRole('checkbox', { name: 'Select Clara Schmidt' }).check();
  await expect(page.getByRole('status').filter({ hasText: '1 selected' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Actions for the selected' })
    .getByRole('button', { name: 'Accept' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Accept 1 contact request' });
  await expect(
    dialog.getByText('The person becomes a contact, invited to the campaigns you choose'),
  ).toBeVisible();
  await expectAccessible(page, 'the accept dialog');
  await chooseCampaign(page, dialog, 'Welcome survey');
  await dialog.getByRole('button', { name: 'Accept request' }).click();

  // The report in the dialog: accepted, a new contact, an invitation.
  await expect(dialog.getByRole('heading', { name: 'What happened' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('1 request was accepted.');
  await expect(figure(dialog, 'Accepted')).toHaveText('1');
  await expect(figure(dialog, 'New contacts')).toHaveText('1');
  await expect(figure(dialog, 'Invitations')).toHaveText('1');
  await expect(dialog.getByText('Everyone was invited.')).toBeVisible();
  await expectAccessible(page, 'the accept report');
  // The report's own Close (the other is the dialog's corner button) takes the focus.
  const close = dialog.getByRole('button', { name: 'Close' }).last();
  await expect(close).toBeFocused();
  await close.click();
  await expect(dialog).toBeHidden();

  // Nothing waits any more; the request is among the accepted, with its campaign.
  await expect(page.getByText('No pending requests')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact requests', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /^Accepted/ }).click();
  const accepted = page.getByRole('table', { name: 'Accepted contact requests' });
  const acceptedRow = accepted.getByRole('row').filter({ hasText: clara });
  await expect(acceptedRow).toContainText('Clara Schmidt');
  await expect(acceptedRow.getByRole('link', { name: 'Welcome survey' })).toBeVisible();
  await expect(acceptedRow).toContainText(/Accepted /);

  // Clara's invitation arrives, and its personal link opens the survey for her.
  const invitation = linkPath(await mailLinks(clara, { containing: 'Welcome survey' }), 'i');
  await form.goto(invitation);
  await expect(form.getByText(`You are answering as ${clara}`)).toBeVisible();
  await visitor.close();
});

test('the owner makes a list of two contacts and invites it to a running campaign', async ({
  page,
  owner,
}) => {
  test.slow();
  const spring = await runningCampaign(page.request, owner, 'Spring survey');
  await runningCampaign(page.request, owner, 'Dealer survey');
  const stamp = newStamp();
  const ada = address('ada', stamp);
  const ben = address('ben', stamp);
  // Two people answer the spring survey's open link, and so are in the contact book.
  await answerOpenLink(page.request, spring, { email: ada, firstname: 'Ada', lastname: 'Lovelace' });
  await answerOpenLink(page.request, spring, { email: ben, firstname: 'Ben', lastname: 'Becker' });

  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Contact lists', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Contact lists', level: 1 })).toBeVisible();
  await expect(page.getByText('No contact lists yet')).toBeVisible();
  await page.getByRole('button', { name: 'New list' }).first().click();
  const create = page.getByRole('dialog', { name: 'New contact list' });
  // A list needs a name.
  await create.getByRole('button', { name: 'Create list' }).click();
  await expect(create.getByText('Enter a name for the list.')).toBeVisible();
  await create.getByRole('textbox', { name: /^Name/ }).fill('Dealers North');
  await create.getByRole('textbox', { name: /^Description/ }).fill('Our dealers in the north.');
  await expectAccessible(page, 'the new list dialog');
  await create.getByRole('button', { name: 'Create list' }).click();

  // The new list's own page.
  await expect(page.getByRole('heading', { name: 'Dealers North', level: 1 })).toBeVisible();
  await expect(page.getByText('List created')).toBeVisible();
  await expect(page.getByText('Our dealers in the north.')).toBeVisible();
  await expect(page.getByText('No contacts in this list yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add contacts' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add contacts to “Dealers North”' });
  await add.getByRole('textbox', { name: 'Search the contact book' }).fill(stamp);
  const book = add.getByRole('table', { name: 'Contact book' });
  await expect(book.getByRole('row').filter({ hasText: ada })).toContainText('Ada Lovelace');
  await expect(book.getByRole('row').filter({ hasText: ben })).toContainText('Ben Becker');
  await book.getByRole('checkbox', { name: `Select ${ada}` }).check();
  await book.getByRole('checkbox', { name: `Select ${ben}` }).check();
  await expect(add.getByRole('status').filter({ hasText: 'chosen' })).toHaveText('2 contacts chosen');
  await expectAccessible(page, 'the add contacts dialog');
  await add.getByRole('button', { name: 'Add 2 contacts' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Contacts added')).toBeVisible();

  const members = page.getByRole('table', { name: 'Contacts in the list' });
  await expect(members.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(members.getByRole('link', { name: 'Ben Becker' })).toBeVisible();
  await expect(page.getByText('2 contacts', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Invite to campaigns' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite “Dealers North” to campaigns' });
  await expect(invite.getByText(/^Its 2 contacts each get a personal invitation/)).toBeVisible();
  await chooseCampaign(page, invite, 'Dealer survey');
  await invite.getByRole('button', { name: 'Check' }).click();
  await expect(invite.getByRole('status').filter({ hasText: 'Checked' })).toHaveText(
    'Checked: 2 invitations would be sent; contacts left out: 0.',
  );
  await expect(figure(invite, 'Contacts in the lists')).toHaveText('2');
  await expect(figure(invite, 'Invitations')).toHaveText('2');
  await expect(figure(invite, 'Left out')).toHaveText('0');
  await expect(invite.getByText('Every contact in the lists can be invited.')).toBeVisible();
  await expectAccessible(page, 'the list invitation check');
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText('Invitations on their way')).toBeVisible();
  await expect(page.getByText('“Dealer survey”: 2 invitations are being sent.')).toBeVisible();

  // Both invitations arrive, each with a personal link.
  for (const to of [ada, ben]) {
    expect(linkPath(await mailLinks(to, { containing: 'Dealer survey' }), 'i')).toMatch(/^\/p\/i\//);
  }

  // The lists' page counts the two.
  await page.getByRole('link', { name: 'All contact lists' }).click();
  const lists = page.getByRole('table', { name: 'Contact lists' });
  await expect(lists.getByRole('row').filter({ hasText: 'Dealers North' })).toContainText('2 contacts');
});

test('the owner rejects one of two pending requests', async ({ page, owner }) => {
  const stamp = newStamp();
  const dora = address('dora', stamp);
  const emil = address('emil', stamp);
  await sendRequest(page.request, owner.manufacturerId, {
    email: dora,
    firstname: 'Dora',
    lastname: 'Dietz',
    message: 'Buy my spam.',
  });
  await sendRequest(page.request, owner.manufacturerId, {
    email: emil,
    firstname: 'Emil',
    lastname: 'Engel',
  });

  await signInToConsole(page, owner);
  await requestsLink(page, 2).click();
  const pending = page.getByRole('table', { name: 'Pending contact requests' });
  await pending.getByRole('checkbox', { name: 'Select Dora Dietz' }).check();
  await page
    .getByRole('group', { name: 'Actions for the selected' })
    .getByRole('button', { name: 'Reject' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reject 1 contact request?' });
  await expect(dialog.getByText('Nobody is told. The person can send the form again.')).toBeVisible();
  await expectAccessible(page, 'the reject dialog');
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 contact request was rejected.')).toBeVisible();

  // Emil still waits; Dora is among the rejected, decided for good (no check box).
  await expect(pending.getByRole('row').filter({ hasText: emil })).toBeVisible();
  await expect(pending.getByRole('row').filter({ hasText: dora })).toHaveCount(0);
  await expect(requestsLink(page, 1)).toBeVisible();
  await page.getByRole('tab', { name: /^Rejected/ }).click();
  const rejected = page.getByRole('table', { name: 'Rejected contact requests' });
  await expect(rejected.getByRole('row').filter({ hasText: dora })).toContainText(/Rejected /);
  await expect(rejected.getByRole('checkbox')).toHaveCount(0);
});
