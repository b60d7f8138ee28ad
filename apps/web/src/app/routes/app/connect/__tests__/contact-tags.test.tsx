import { api, type ContactDetail } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact, makeContactDetail, makeInvitation } from '@/testing/contact-fixtures';
import { makeTagReport } from '@/testing/tag-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

// The contact screens' lazy modules are transformed on first use; doing it here keeps the first
// test's time its own on a busy machine.
beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
  await import('@/app/routes/app/connect/contact');
}, 60_000);

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};
const groupId = 'eeeeeeee-eeee-4eee-8eee-000000000099';

const serveBook = (backend: TestBackend) => {
  backend.server.on(api.contacts.filterData, () => ({
    body: { countries: [], cities: [], campaigns: [campaign] },
  }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
  backend.server.on(api.tags.search, () => ({
    body: { documents: [{ tag: 'vip', contactCount: 12 }], total: 1 },
  }));
};

/** PATCH /tag/edit answering a check, then the change, as the server does. */
const serveTagEdit = (backend: TestBackend, contacts: number) =>
  backend.server.on(api.tags.edit, ({ body }) => {
    const { callForCheck } = body as { callForCheck: boolean };
    return {
      body: makeTagReport({
        check: callForCheck,
        contacts,
        tagged: contacts,
        groups: [{ _id: groupId, title: 'VIP Berlin', gained: contacts, lost: 0, memberCount: 40 }],
        invitations: contacts,
        campaigns: [{ _id: campaign._id, title: campaign.title, invitations: contacts }],
      }),
    };
  });

describe('tags in the contact book', () => {
  it('tags the chosen contacts after a check that says what it would do', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    const a = makeContact({ email: 'a@example.com', tags: ['berlin', 'newsletter', 'fair', 'dealer'] });
    const b = makeContact({ email: 'b@example.com' });
    backend.server.on(api.contacts.list, () => ({ body: { documents: [a, b], total: 2 } }));
    serveTagEdit(backend, 2);
    const { user } = renderApp('/connect/contacts');

    // Three chips in a row, then the rest counted.
    const row = (await screen.findByRole('link', { name: 'a@example.com' })).closest('tr') as HTMLElement;
    const chips = within(row).getByRole('list', { name: 'Tags' });
    expect(within(chips).getByText('berlin')).toBeVisible();
    expect(within(chips).getByText('+1 more')).toBeVisible();
    expect(within(chips).queryByText('dealer')).toBeNull();
    // The rest are named to a screen reader, and shown on a click (or Enter).
    const more = within(chips).getByRole('button', { name: '+1 more tag: dealer' });
    await user.click(more);
    expect(await screen.findByText('dealer')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('dealer')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Add tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Add tags to 2 contacts' });
    await user.click(within(picker).getByRole('button', { name: 'Check' }));
    expect(within(picker).getByText('Choose at least one tag.')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.edit)).toHaveLength(0);

    await user.type(within(picker).getByRole('combobox', { name: /^Tags to add/ }), 'VIP{Enter}');
    await user.click(within(picker).getByRole('button', { name: 'Check' }));

    const confirm = await screen.findByRole('dialog', { name: 'Add these tags to 2 contacts?' });
    expect(within(confirm).getByText('Adds the tag vip.')).toBeVisible();
    expect(
      within(confirm).getByText(
        'These 2 contacts would get tags, 1 tag group would gain 2 members, and 2 invitations to 1 campaign would be sent.',
      ),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.tags.edit)).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Add tags' }));

    expect(await screen.findByText('Tags added')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.edit).map((r) => r.body)).toEqual([
      { contactIds: [a._id, b._id], addedTags: ['vip'], removedTags: [], callForCheck: true },
      { contactIds: [a._id, b._id], addedTags: ['vip'], removedTags: [], callForCheck: false },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add these tags to 2 contacts?' })).toBeNull(),
    );
  });

  it('filters the contacts by tags picked among those in use', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
    const { user } = renderApp('/connect/contacts');

    const filter = await screen.findByRole('combobox', { name: 'Tags' });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: /^vip/ }));
    await waitFor(() =>
      expect(backend.server.requestsTo(api.contacts.list).at(-1)?.query.getAll('tags[]')).toEqual(['vip']),
    );
    expect(window.location.search).toContain('tag=vip');
  });
});

describe('tags on the contact page', () => {
  const serveContact = (backend: TestBackend, contact: ContactDetail) =>
    backend.server.on(api.contacts.get, { id: contact._id }, () => ({ body: contact }));

  it('says which tag group invited the contact and why, linking the group', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const contact = makeContactDetail({
      email: 'anna@example.com',
      tags: ['vip', 'berlin'],
      campaigns: [
        {
          ...campaign,
          invitation: makeInvitation({
            origin: {
              kind: 'tagGroup',
              tagGroupId: groupId,
              tagGroupTitle: 'vip and berlin',
              via: 'hand',
              tags: ['vip', 'berlin'],
            },
          }),
          tickets: [],
        },
        {
          _id: '66666666-6666-4666-8666-000000000002',
          title: 'Dealer survey',
          state: 'running',
          invitation: makeInvitation({
            origin: {
              kind: 'tagGroup',
              tagGroupId: groupId,
              tagGroupTitle: 'dealers',
              via: 'group',
              tags: [],
            },
          }),
          tickets: [],
        },
      ],
    });
    serveContact(backend, contact);
    renderApp(`/connect/contacts/${contact._id}`);

    const campaigns = await screen.findByRole('table', { name: 'Campaigns' });
    const hand = within(campaigns).getByText(/after the tags vip, berlin were added by hand\.$/);
    expect(hand).toHaveTextContent(
      'Invited through tag group “vip and berlin” after the tags vip, berlin were added by hand.',
    );
    expect(within(hand).getByRole('link', { name: '“vip and berlin”' })).toHaveAttribute(
      'href',
      `/connect/tag-groups/${groupId}`,
    );
    expect(
      within(campaigns).getByText(/when the group was linked to this campaign or changed\.$/),
    ).toHaveTextContent(
      'Invited through tag group “dealers” when the group was linked to this campaign or changed.',
    );
  });

  it("removes one of the contact's tags by its chip after a check", async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const contact = makeContactDetail({ email: 'cleo@example.com', tags: ['berlin', 'old'] });
    serveContact(backend, contact);
    serveTagEdit(backend, 1);
    const { user } = renderApp(`/connect/contacts/${contact._id}`);

    await user.click(await screen.findByRole('button', { name: 'Remove tag “old”' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove the tag “old” from cleo@example.com?',
    });
    expect(within(confirm).getByText('Removes the tag old.')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Save tags' }));

    expect(await screen.findByText('Tags saved')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.edit).map((r) => r.body)).toEqual([
      { contactIds: [contact._id], addedTags: [], removedTags: ['old'], callForCheck: true },
      { contactIds: [contact._id], addedTags: [], removedTags: ['old'], callForCheck: false },
    ]);
  });

  it("edits the contact's tags in one change after a check", async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    const contact = makeContactDetail({ email: 'ben@example.com', tags: ['berlin', 'old'] });
    serveContact(backend, contact);
    serveTagEdit(backend, 1);
    const { user } = renderApp(`/connect/contacts/${contact._id}`);

    await user.click(await screen.findByRole('button', { name: 'Edit tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Tags of ben@example.com' });
    await user.click(within(picker).getByRole('button', { name: 'Check' }));
    expect(within(picker).getByText('Change the tags first.')).toBeVisible();

    // Backspace in the empty field takes the last tag off, then a new one goes on.
    const field = within(picker).getByRole('combobox', { name: /^Tags/ });
    await user.type(field, '{Backspace}vip{Enter}');
    await user.click(within(picker).getByRole('button', { name: 'Check' }));

    const confirm = await screen.findByRole('dialog', { name: 'Change the tags of ben@example.com?' });
    expect(within(confirm).getByText('Adds the tag vip.')).toBeVisible();
    expect(within(confirm).getByText('Removes the tag old.')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Save tags' }));

    expect(await screen.findByText('Tags saved')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.edit).map((r) => r.body)).toEqual([
      { contactIds: [contact._id], addedTags: ['vip'], removedTags: ['old'], callForCheck: true },
      { contactIds: [contact._id], addedTags: ['vip'], removedTags: ['old'], callForCheck: false },
    ]);
  });
});
