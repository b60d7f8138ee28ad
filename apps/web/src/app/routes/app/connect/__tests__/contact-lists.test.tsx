import { api, type ContactList } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '@/testing/contact-fixtures';
import { makeContactList, makeListReport, makeMember } from '@/testing/contact-list-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The lazy route modules are transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/connect/contact-lists');
  await import('@/app/routes/app/connect/contact-list');
}, 60_000);

const bikeSurvey = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};
const groupSurvey = {
  _id: '66666666-6666-4666-8666-666666666667',
  title: 'Dealer survey',
  state: 'running' as const,
};

/** The list calls as the real server answers them, over a list of lists kept in `state`. */
const serveLists = (backend: TestBackend, lists: ContactList[]) => {
  const state = { lists };
  backend.server.on(api.contactLists.list, ({ query }) => {
    const search = query.get('search')?.toLowerCase();
    const documents = state.lists.filter((l) => !search || l.name.toLowerCase().includes(search));
    return { body: { documents, total: documents.length } };
  });
  return state;
};

const serveList = (backend: TestBackend, list: ContactList, members = [makeMember()]) => {
  const state = { list, members };
  const ofList = { id: list._id };
  backend.server.on(api.contactLists.get, ofList, () => ({ body: state.list }));
  backend.server.on(api.contactLists.members, ofList, () => ({
    body: { documents: state.members, total: state.members.length },
  }));
  return state;
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('contact lists page', () => {
  it('lists the lists with their member counts and linked campaigns, searched and sorted on the server', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveLists(backend, [
      makeContactList({
        name: 'Dealers',
        description: 'Every dealer in the north',
        memberCount: 12,
        campaigns: [groupSurvey],
      }),
      makeContactList({ name: 'Press', memberCount: 1 }),
    ]);
    const { user } = renderApp('/connect/contact-lists');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact lists' })).toBeVisible();
    const dealers = within(
      (await screen.findByRole('link', { name: 'Dealers' })).closest('tr') as HTMLElement,
    );
    expect(dealers.getByText('Every dealer in the north')).toBeVisible();
    expect(dealers.getByText('12 contacts')).toBeVisible();
    expect(dealers.getByRole('link', { name: 'Dealer survey' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${groupSurvey._id}`,
    );
    expect(within(rowOf('Press')).getByText('1 contact')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.list)[0]?.url).toBe(
      '/api/v2/contactList/all?page=1&limit=20&sort=name',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most contacts first');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'pre');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.contactLists.list).at(-1)?.url).toBe(
        '/api/v2/contactList/all?page=1&limit=20&sort=-memberCount&search=pre',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dealers' })).toBeNull());
    expect(currentUrl()).toBe('/connect/contact-lists?sort=-memberCount&q=pre');
  });

  it('says so when there is no list yet, and offers to create one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveLists(backend, []);
    const { user } = renderApp('/connect/contact-lists');

    expect(await screen.findByText('No contact lists yet')).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'New list' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'New contact list' })).toBeVisible();
  });

  it('checks a new list’s name, shows a taken name on its field, then opens the new list', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveLists(backend, [makeContactList({ name: 'Dealers' })]);
    const created = makeContactList({ name: 'Dealers North', description: 'Hamburg and Kiel' });
    backend.server.on(api.contactLists.create, ({ body }) => {
      const { name } = body as { name: string };
      return name.toLowerCase() === 'dealers'
        ? { status: 409, body: { code: 'contact-list/name-taken', message: 'The name is taken' } }
        : { status: 201, body: created };
    });
    serveList(backend, created, []);
    const { user } = renderApp('/connect/contact-lists');

    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New contact list' }));
    await user.click(dialog.getByRole('button', { name: 'Create list' }));
    expect(await dialog.findByText('Enter a name for the list.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.create)).toHaveLength(0);

    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'x'.repeat(101));
    expect(await dialog.findByText('At most 100 characters')).toBeVisible();
    await user.clear(name);
    await user.type(name, 'Dealers');
    await user.click(dialog.getByRole('button', { name: 'Create list' }));
    expect(
      await dialog.findByText('You already have a list with this name. Choose another name.'),
    ).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, ' North');
    await user.type(dialog.getByRole('textbox', { name: /^Description/ }), 'Hamburg and Kiel');
    await user.click(dialog.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dealers North' })).toBeVisible();
    expect(currentUrl()).toBe(`/connect/contact-lists/${created._id}`);
    expect(backend.server.requestsTo(api.contactLists.create).map((r) => r.body)).toEqual([
      { name: 'Dealers', description: '' },
      { name: 'Dealers North', description: 'Hamburg and Kiel' },
    ]);
    expect(await screen.findByText('No contacts in this list yet')).toBeVisible();
  });

  it('renames a list with the updatedAt it read', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const dealers = makeContactList({ name: 'Dealers', description: 'Old text', memberCount: 3 });
    const state = serveLists(backend, [dealers]);
    backend.server.on(api.contactLists.update, { id: dealers._id }, ({ body }) => {
      const saved = { ...dealers, ...(body as { name: string; description: string }) };
      state.lists = [saved];
      return { body: saved };
    });
    const { user } = renderApp('/connect/contact-lists');

    await user.click(await screen.findByRole('button', { name: 'Edit Dealers' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact list' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Dealers');
    await user.clear(name);
    await user.type(name, 'Dealers 2025');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'Dealers 2025' })).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.update)[0]?.body).toEqual({
      name: 'Dealers 2025',
      description: 'Old text',
      updatedAt: dealers.updatedAt,
    });
  });

  it('deletes a list only after a confirmation that says its contacts stay', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const dealers = makeContactList({ name: 'Dealers', memberCount: 12 });
    const state = serveLists(backend, [dealers, makeContactList({ name: 'Press' })]);
    backend.server.on(api.contactLists.remove, { id: dealers._id }, () => {
      state.lists = state.lists.filter((l) => l._id !== dealers._id);
      return { status: 204 };
    });
    const { user } = renderApp('/connect/contact-lists');

    await user.click(await screen.findByRole('button', { name: 'Delete Dealers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list “Dealers”?' });
    expect(
      within(dialog).getByText(
        'The list goes; its 12 contacts stay in your contact book, with every invitation and answer.',
      ),
    ).toBeVisible();
    // Keeping the list is the safe choice: Cancel has the focus.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.server.requestsTo(api.contactLists.remove)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Dealers' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the list “Dealers”?' })).getByRole('button', {
        name: 'Delete list',
      }),
    );
    expect(
      await screen.findByText('The list “Dealers” was deleted; its contacts stay in your contact book.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dealers' })).toBeNull());
    expect(backend.server.requestsTo(api.contactLists.remove, { id: dealers._id })).toHaveLength(1);
  });
});

describe('one contact list', () => {
  it('shows the list, its members and linked campaigns; removes a member and unlinks a campaign', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const anna = makeMember({ email: 'anna@example.com', firstname: 'Anna', lastname: 'Berg' });
    const ben = makeMember({ email: 'ben@example.com' });
    const list = makeContactList({
      name: 'Dealers',
      description: 'Every dealer in the north',
      memberCount: 2,
      campaigns: [groupSurvey],
    });
    const state = serveList(backend, list, [anna, ben]);
    backend.server.on(api.contactLists.removeMember, { id: list._id, contactId: ben._id }, () => {
      state.members = [anna];
      state.list = { ...state.list, memberCount: 1 };
      return { status: 204 };
    });
    backend.server.on(api.contactLists.unlinkFromCampaign, { id: groupSurvey._id, listId: list._id }, () => {
      state.list = { ...state.list, campaigns: [] };
      return { status: 204 };
    });
    const { user } = renderApp(`/connect/contact-lists/${list._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dealers' })).toBeVisible();
    expect(screen.getByText('Every dealer in the north')).toBeVisible();
    expect(screen.getByText('2 contacts')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Anna Berg' })).toHaveAttribute(
      'href',
      `/connect/contacts/${anna._id}`,
    );
    expect(backend.server.requestsTo(api.contactLists.members)[0]?.url).toBe(
      `/api/contactList/${list._id}/contacts?page=1&limit=20&sort=-addedAt`,
    );

    await user.click(
      within(rowOf('ben@example.com')).getByRole('button', { name: 'Remove ben@example.com from the list' }),
    );
    expect(
      await screen.findByText('ben@example.com is no longer in “Dealers” and stays in your contact book.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'ben@example.com' })).toBeNull());

    const linked = screen.getByRole('region', { name: 'Linked group campaigns' });
    expect(within(linked).getByRole('link', { name: 'Dealer survey' })).toBeVisible();
    await user.click(within(linked).getByRole('button', { name: 'Unlink the campaign “Dealer survey”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink “Dealer survey”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('“Dealers” is no longer linked to “Dealer survey”.')).toBeVisible();
    expect(await within(linked).findByText(/This list is not linked to a group campaign/)).toBeVisible();
  });

  it('says so when the list does not exist', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/connect/contact-lists/cccccccc-cccc-4ccc-8ccc-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'List not found' })).toBeVisible();
  });

  it('adds contacts chosen across pages of the contact book with PUT {newContactIds}', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const list = makeContactList({ name: 'Dealers' });
    const state = serveList(backend, list, []);
    const a = makeContact({ email: 'a@example.com' });
    const b = makeContact({ email: 'b@example.com' });
    const c = makeContact({ email: 'c@example.com' });
    backend.server.on(api.contacts.list, ({ query }) => ({
      body: query.get('page') === '2' ? { documents: [c], total: 11 } : { documents: [a, b], total: 11 },
    }));
    backend.server.on(api.contactLists.update, { id: list._id }, ({ body }) => {
      const ids = (body as { newContactIds: string[] }).newContactIds;
      state.members = [a, c].filter((x) => ids.includes(x._id)).map((x) => makeMember({ ...x }));
      state.list = { ...state.list, memberCount: state.members.length };
      return { body: state.list };
    });
    const { user } = renderApp(`/connect/contact-lists/${list._id}`);

    await screen.findByText('No contacts in this list yet');
    await user.click(screen.getAllByRole('button', { name: 'Add contacts' })[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add contacts to “Dealers”' }));
    await user.click(dialog.getByRole('button', { name: /^Add 0 contacts/ }));
    expect(await dialog.findByText('Choose at least one contact.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.update)).toHaveLength(0);

    await user.click(await dialog.findByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(dialog.getByRole('button', { name: 'Page 2' }));
    await user.click(await dialog.findByRole('checkbox', { name: 'Select c@example.com' }));
    expect(dialog.getByText('2 contacts chosen')).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: 'Search the contact book' }), 'ex');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.contacts.list).at(-1)?.query.get('search')).toBe('ex'),
    );
    await user.click(dialog.getByRole('button', { name: 'Add 2 contacts' }));

    expect(await screen.findByText('2 contacts were added to “Dealers”, which now holds 2.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.update).map((r) => r.body)).toEqual([
      { newContactIds: [a._id, c._id] },
    ]);
    expect(await screen.findByRole('link', { name: 'c@example.com' })).toBeVisible();
  });

  it('invites the list to campaigns: a check per campaign with the problems by reason, then the sending', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const list = makeContactList({ name: 'Dealers', memberCount: 4 });
    serveList(backend, list);
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [bikeSurvey, groupSurvey] } }));
    backend.server.on(api.contactLists.inviteToCampaign, ({ params, body }) => {
      const { callForCheck } = body as { callForCheck: boolean };
      const group = params.id === groupSurvey._id;
      return {
        body: makeListReport({
          check: callForCheck,
          members: 4,
          existingContacts: 4,
          invitations: group ? 1 : 3,
          linked: group,
          problems: group
            ? [
                { email: 'gone@example.com', code: 'contact/7', message: 'unsubscribed' },
                { email: 'left@example.com', code: 'contact/7', message: 'unsubscribed' },
                { email: 'anna@example.com', code: 'contact/4', message: 'already invited' },
              ]
            : [{ email: 'gone@example.com', code: 'contact/7', message: 'unsubscribed' }],
        }),
      };
    });
    const { user } = renderApp(`/connect/contact-lists/${list._id}`);

    await user.click(await screen.findByRole('button', { name: 'Invite to campaigns' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite “Dealers” to campaigns' }));
    await user.click(dialog.getByRole('button', { name: 'Check' }));
    expect(await dialog.findByText('Choose at least one campaign.')).toBeVisible();

    await user.click(dialog.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    // The list closes after each pick (it would lie over the buttons); it opens again for the next.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(dialog.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Dealer survey' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Check' }));

    const group = (await dialog.findByRole('heading', { name: '“Dealer survey”' })).closest(
      '.mantine-Paper-root',
    ) as HTMLElement;
    expect(
      within(group).getByText('This address has unsubscribed from your invitations. (2 contacts)'),
    ).toBeVisible();
    expect(within(group).getByText('gone@example.com, left@example.com')).toBeVisible();
    expect(
      within(group).getByText('This address is already invited to the chosen campaigns. (1 contact)'),
    ).toBeVisible();
    expect(within(group).getByText(/the lists stay linked/)).toBeVisible();
    expect(dialog.getByRole('heading', { name: '“Bike survey”' })).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.inviteToCampaign).map((r) => r.body)).toEqual([
      { contactLists: [list._id], callForCheck: true },
      { contactLists: [list._id], callForCheck: true },
    ]);

    await user.click(dialog.getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText(
        '“Bike survey”: 3 invitations are being sent. “Dealer survey”: 1 invitation is being sent.',
      ),
    ).toBeVisible();
    const sent = backend.server.requestsTo(api.contactLists.inviteToCampaign).slice(2);
    expect(sent.map((r) => [r.params.id, r.body])).toEqual([
      [bikeSurvey._id, { contactLists: [list._id], callForCheck: false }],
      [groupSurvey._id, { contactLists: [list._id], callForCheck: false }],
    ]);
  });
});
