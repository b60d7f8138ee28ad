import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, type Owner, ownerToken, runningCampaign, signIn, test } from './fixtures';

/**
 * "Select all N matching contacts" on the contact book (docs/product-decisions.md, "Contacts"): with
 * more matches than a page shows, inviting and adding to a list send the list's filter, and the
 * server reaches every match, of this manufacturer only.
 */

/** Imports `hamburg` contacts in Hamburg and `berlin` in Berlin through the API, as the import dialog does. */
const importContacts = async (request: APIRequestContext, owner: Owner, hamburg: number, berlin: number) => {
  const headers = { 'x-auth-token': await ownerToken(request, owner) };
  const stamp = Date.now().toString(36);
  const rows = [
    ...Array.from({ length: hamburg }, (_, i) => `hh${i}-${stamp}@e2e.parley.test,Hamburg`),
    ...Array.from({ length: berlin }, (_, i) => `be${i}-${stamp}@e2e.parley.test,Berlin`),
  ];
  const started = await request.post('/api/contact/import', {
    headers,
    multipart: {
      mapping: JSON.stringify({ email: 'email', city: 'city' }),
      campaignIds: '[]',
      file: {
        name: 'contacts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['email,city', ...rows].join('\n')),
      },
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { _id } = (await started.json()) as { _id: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/contact/import/${_id}`, { headers })).json()) as { state: string })
          .state,
      {
        timeout: 60_000,
      },
    )
    .toBe('done');
  return headers;
};

test('select all matching contacts, then invite them and add them to a list by the filter', async ({
  page,
  owner,
}) => {
  test.slow();
  const campaignId = await runningCampaign(page.request, owner, 'Fair survey');
  // More Hamburg contacts than one page of 20 shows, and two that the filter leaves out.
  const headers = await importContacts(page.request, owner, 23, 2);
  const press = await page.request.post('/api/contactList', { headers, data: { name: 'Press' } });
  expect(press.status()).toBe(201);

  await page.goto('/login');
  await signIn(page, owner);
  // The console's first load on a busy machine takes its time.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/connect/contacts?city=Hamburg');
  await expect(page.getByText('23 contacts')).toBeVisible({ timeout: 30_000 });

  const selectAll = async () => {
    await page.getByRole('checkbox', { name: 'Select everyone on this page' }).check();
    await page.getByRole('button', { name: 'Select all 23 matching contacts' }).click();
    await expect(page.getByText('All 23 matching contacts are selected')).toBeVisible();
    return page.getByRole('group', { name: 'Actions for the selected' });
  };

  // Invite: the dialog counts every match, checks, then sends the filter; jobs make the invitations.
  let actions = await selectAll();
  await actions.getByRole('button', { name: 'Invite to campaigns' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite 23 contacts' });
  await expect(
    invite.getByText(
      'All 23 contacts matching the filter each get a personal invitation to each chosen campaign.',
    ),
  ).toBeVisible();
  await invite.getByRole('combobox', { name: 'Campaigns' }).click();
  await page.getByRole('listbox', { name: 'Campaigns' }).getByRole('option', { name: 'Fair survey' }).click();
  await invite.getByRole('button', { name: 'Check' }).click();
  await expect(invite.getByText(/23 invitations would be sent/)).toBeVisible();
  await expectAccessible(page, 'the invitation of all matching contacts, checked');
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(
    page.getByText(/23 invitations are being made for the contacts matching the filter/),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/campaign/${campaignId}/contacts`, { headers })).json()) as {
            total: number;
          }
        ).total,
      { timeout: 60_000 },
    )
    .toBe(23);

  // Add to an existing list, then to a new one: each gets every match.
  actions = await selectAll();
  await actions.getByRole('button', { name: 'Add to list' }).click();
  let listing = page.getByRole('dialog', { name: 'Add 23 contacts to a list' });
  await expect(
    listing.getByText('Add all 23 contacts matching the filter to one of your lists, or to a new one.'),
  ).toBeVisible();
  await listing.getByRole('combobox', { name: 'List' }).click();
  await page.getByRole('option', { name: /^Press/ }).click();
  await expectAccessible(page, 'adding all matching contacts to a list');
  await listing.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText('23 contacts were added to “Press”.')).toBeVisible();

  actions = await selectAll();
  await actions.getByRole('button', { name: 'Add to list' }).click();
  listing = page.getByRole('dialog', { name: 'Add 23 contacts to a list' });
  // A segmented control: its label is what a person clicks.
  await listing.getByText('New list').click();
  await expect(listing.getByRole('radio', { name: 'New list' })).toBeChecked();
  await listing.getByRole('textbox', { name: /^Name/ }).fill('Hamburg fair');
  await listing.getByRole('button', { name: 'Create list with them' }).click();
  await expect(page.getByText('23 contacts were added to “Hamburg fair”.')).toBeVisible();

  const lists = (await (await page.request.get('/api/v2/contactList/all', { headers })).json()) as {
    documents: { name: string; memberCount: number }[];
  };
  expect(lists.documents.map((l) => [l.name, l.memberCount])).toEqual([
    ['Hamburg fair', 23],
    ['Press', 23],
  ]);
});
