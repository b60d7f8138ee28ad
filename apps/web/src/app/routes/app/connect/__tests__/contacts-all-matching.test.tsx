import { api } from '@parley/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact, makeReport } from '@/testing/contact-fixtures';
import { makeContactList } from '@/testing/contact-list-fixtures';
import { makeTagReport } from '@/testing/tag-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};
const press = makeContactList({ name: 'Press', memberCount: 3 });
const filter = { search: 'bike', 'tags[]': ['vip'] };

/** A filtered list with 57 matches, of which the page shows two. */
const setUp = () => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.contacts.filterData, () => ({ body: { countries: [], cities: [], campaigns: [] } }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
  backend.server.on(api.tags.search, () => ({ body: { documents: [], total: 0 } }));
  const page = [makeContact({ email: 'a@example.com' }), makeContact({ email: 'b@example.com' })];
  backend.server.on(api.contacts.list, () => ({ body: { documents: page, total: 57 } }));
  backend.server.on(api.contacts.bulkDelete, () => ({ status: 204 }));
  backend.server.on(api.tags.edit, ({ body }) => ({
    body: makeTagReport({
      check: (body as { callForCheck: boolean }).callForCheck,
      contacts: 57,
      tagged: 57,
    }),
  }));
  const view = renderApp('/connect/contacts?q=bike&tag=vip');
  return { backend, ...view };
};

const selectAllMatching = async (user: ReturnType<typeof setUp>['user']) => {
  await user.click(await screen.findByRole('checkbox', { name: 'Select everyone on this page' }));
  expect(screen.getByText('2 selected')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Select all 57 matching contacts' }));
  expect(screen.getByText('All 57 matching contacts are selected')).toBeVisible();
  return within(screen.getByRole('group', { name: 'Actions for the selected' }));
};

describe('select all matching contacts', () => {
  it('deletes every contact of the filter by sending the filter, not the ids', async () => {
    const { backend, user } = setUp();
    const actions = await selectAllMatching(user);

    await user.click(actions.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 57 contacts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 57 contacts' }));

    expect(await screen.findByText('57 contacts were deleted; their answers were kept.')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.bulkDelete).map((r) => r.body)).toEqual([
      { filter, eraseAnswers: false },
    ]);
  });

  it('invites every contact of the filter: the dialog counts them, checks, then sends the filter', async () => {
    const { backend, user } = setUp();
    backend.server.on(api.contacts.invite, ({ body }) => ({
      body: makeReport({
        check: (body as { callForCheck: boolean }).callForCheck,
        received: 57,
        existingContacts: 55,
        invitations: 55,
        tagged: 55,
        campaigns: [{ ...campaign, invitations: 55 }],
        problems: [
          { email: 'gone@example.com', code: 'contact/7', message: 'unsubscribed' },
          { email: 'done@example.com', code: 'contact/4', message: 'invited' },
        ],
      }),
    }));
    const actions = await selectAllMatching(user);
    await user.click(actions.getByRole('button', { name: 'Invite to campaigns' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite 57 contacts' }));
    expect(
      dialog.getByText(
        'All 57 contacts matching the filter each get a personal invitation to each chosen campaign.',
      ),
    ).toBeVisible();
    await user.click(dialog.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.type(dialog.getByRole('combobox', { name: /^Tags/ }), 'fair{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Check' }));
    expect(await dialog.findByText('“Bike survey”: 55 invitations')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send invitations' }));

    expect(
      await screen.findByText(
        '55 invitations are being made for the contacts matching the filter (known contacts: 55); the campaign lists them as “Queued” within moments. 2 addresses were left out.',
      ),
    ).toBeVisible();
    const sent = { filter, campaignIds: [campaign._id], tags: ['fair'] };
    expect(backend.server.requestsTo(api.contacts.invite).map((r) => r.body)).toEqual([
      { ...sent, callForCheck: true },
      { ...sent, callForCheck: false },
    ]);
    // Done: "all matching" ends with the selection.
    expect(screen.queryByText('All 57 matching contacts are selected')).toBeNull();
  });

  it('adds every contact of the filter to a list, or makes a new list of them', async () => {
    const { backend, user } = setUp();
    backend.server.on(api.contactLists.list, () => ({ body: { documents: [press], total: 1 } }));
    backend.server.on(api.contactLists.update, { id: press._id }, () => ({
      body: { ...press, memberCount: 60 },
    }));
    backend.server.on(api.contactLists.create, () => ({
      status: 201,
      body: makeContactList({ name: 'Bike fans', memberCount: 57 }),
    }));
    let actions = await selectAllMatching(user);
    await user.click(actions.getByRole('button', { name: 'Add to list' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Add 57 contacts to a list' }));
    expect(
      dialog.getByText('Add all 57 contacts matching the filter to one of your lists, or to a new one.'),
    ).toBeVisible();
    await user.click(dialog.getByRole('combobox', { name: 'List' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /^Press/ }));
    await user.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('57 contacts were added to “Press”.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.update).map((r) => r.body)).toEqual([{ filter }]);

    actions = await selectAllMatching(user);
    await user.click(actions.getByRole('button', { name: 'Add to list' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Add 57 contacts to a list' }));
    await user.click(dialog.getByRole('radio', { name: 'New list' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Bike fans');
    await user.click(dialog.getByRole('button', { name: 'Create list with them' }));
    expect(await screen.findByText('57 contacts were added to “Bike fans”.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.create).map((r) => r.body)).toEqual([
      { name: 'Bike fans', description: '', filter },
    ]);
  });

  it('tags every contact of the filter, and a changed box goes back to the contacts chosen', async () => {
    const { backend, user } = setUp();
    const actions = await selectAllMatching(user);
    await user.click(actions.getByRole('button', { name: 'Add tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Add tags to 57 contacts' });
    await user.type(within(picker).getByRole('combobox', { name: /^Tags to add/ }), 'fair{Enter}');
    await user.click(within(picker).getByRole('button', { name: 'Check' }));
    await screen.findByRole('dialog', { name: /57 contacts/ });
    expect(backend.server.requestsTo(api.tags.edit)[0]?.body).toEqual({
      filter,
      addedTags: ['fair'],
      removedTags: [],
      callForCheck: true,
    });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Select a@example.com' }));
    expect(await screen.findByText('1 selected')).toBeVisible();
  });
});
