import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact, makeInvitation, makeReport, makeTempContact } from '@/testing/contact-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The contact book's lazy module is transformed on first use; doing it here keeps the first
// test's time its own on a busy machine.
beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};

const serveBook = (backend: TestBackend) => {
  backend.server.on(api.contacts.filterData, () => ({
    body: { countries: ['Germany'], cities: ['Berlin'], campaigns: [campaign] },
  }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
};

describe('contacts page', () => {
  it('lists the contacts the server answers and pages, searches and filters on the server', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    const anna = makeContact({
      email: 'anna@example.com',
      firstname: 'Anna',
      lastname: 'Berg',
      tags: ['vip'],
      address: { street: null, zipCode: '10115', city: 'Berlin', country: 'Germany' },
      unsubscribed: true,
      invitedCount: 2,
      answeredCount: 1,
    });
    backend.server.on(api.contacts.list, ({ query }) => ({
      body:
        query.get('page') === '2'
          ? { documents: [makeContact({ email: 'zoe@example.com' })], total: 21 }
          : { documents: [anna], total: 21 },
    }));
    const { user } = renderApp('/connect/contacts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    // The subtitle names every way into the contact book, imports too (docs/product-decisions.md, "Contacts").
    expect(
      screen.getByText(
        'Everyone who answered a survey, whom you imported, or whose contact request you accepted, with tags and notes.',
      ),
    ).toBeVisible();
    const row = (await screen.findByRole('link', { name: 'Anna Berg' })).closest('tr') as HTMLElement;
    const cells = within(row);
    expect(cells.getByText('anna@example.com')).toBeVisible();
    expect(cells.getByText('Unsubscribed')).toBeVisible();
    expect(cells.getByText('vip')).toBeVisible();
    expect(cells.getByText('10115 Berlin, Germany')).toBeVisible();
    expect(cells.getByText('1 answered · 2 invited')).toBeVisible();
    expect(screen.getByText('21 contacts')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.list)[0]?.url).toBe(
      '/api/v2/contact/all?page=1&limit=20&sort=-createdAt',
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'zoe@example.com' })).toBeVisible();
    expect(currentUrl()).toBe('/connect/contacts?page=2');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ann');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Participation' }), 'Answered');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Bike survey');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.contacts.list).at(-1)?.url).toBe(
        `/api/v2/contact/all?page=1&limit=20&sort=-createdAt&search=ann&campaignId=${campaign._id}&participation=answered`,
      ),
    );

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(currentUrl()).toBe('/connect/contacts'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(await screen.findByRole('link', { name: 'Anna Berg' })).toBeVisible();
  });

  it('says so when there are no contacts, and offers to invite people', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
    const { user } = renderApp('/connect/contacts');

    expect(await screen.findByText('No contacts yet')).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'Invite people' });
    await user.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Invite people' })).toBeVisible();
  });

  it('deletes the chosen contacts, keeping their answers unless the owner ticks the erase choice', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    const a = makeContact({ email: 'a@example.com' });
    const b = makeContact({ email: 'b@example.com' });
    let documents = [a, b];
    backend.server.on(api.contacts.list, () => ({ body: { documents, total: documents.length } }));
    backend.server.on(api.contacts.bulkDelete, ({ body }) => {
      const ids = (body as { contactIds: string[] }).contactIds;
      documents = documents.filter((c) => !ids.includes(c._id));
      return { status: 204 };
    });
    const { user } = renderApp('/connect/contacts');

    await user.click(await screen.findByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b@example.com' }));
    expect(screen.getByRole('checkbox', { name: 'Select everyone on this page' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeVisible();
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for the selected' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 contacts?' });
    const erase = within(dialog).getByRole('checkbox', { name: 'Also erase their answers' });
    expect(erase).not.toBeChecked();
    // Keeping things as they are is the safe choice: Cancel has the focus.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(erase);
    expect(within(dialog).getByRole('button', { name: 'Delete 2 contacts and their answers' })).toBeVisible();
    await user.click(erase);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 contacts' }));

    expect(await screen.findByText('2 contacts were deleted; their answers were kept.')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.bulkDelete)[0]?.body).toEqual({
      contactIds: [a._id, b._id],
      eraseAnswers: false,
    });
    expect(await screen.findByText('No contacts yet')).toBeVisible();
  });

  it('invites the chosen contacts by their addresses after a check', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    const a = makeContact({ email: 'a@example.com' });
    backend.server.on(api.contacts.list, () => ({ body: { documents: [a], total: 1 } }));
    backend.server.on(api.contacts.invite, ({ body }) => {
      const { callForCheck } = body as { callForCheck: boolean };
      return {
        body: makeReport({
          check: callForCheck,
          received: 1,
          existingContacts: 1,
          invitations: 1,
          campaigns: [{ _id: campaign._id, title: campaign.title, invitations: 1 }],
        }),
      };
    });
    const { user } = renderApp('/connect/contacts');

    await user.click(await screen.findByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Invite to campaigns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite 1 contact' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('“Bike survey”: 1 invitation')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    expect(
      await screen.findByText('1 invitation is being sent (new addresses: 0, known contacts: 1).'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.invite).map((r) => r.body)).toEqual([
      { emails: ['a@example.com'], campaignIds: [campaign._id], tags: [], callForCheck: true },
      { emails: ['a@example.com'], campaignIds: [campaign._id], tags: [], callForCheck: false },
    ]);
  });
});

describe('invited, not answered yet', () => {
  it('lists temp contacts with each invitation, re-sends and deletes them', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveBook(backend);
    backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
    const ben = makeTempContact({
      email: 'ben@example.com',
      invitations: [
        {
          ...makeInvitation({ state: 'failed', error: '550 mailbox unavailable', reminderCount: 2 }),
          campaignId: campaign._id,
          campaignTitle: 'Bike survey',
        },
      ],
    });
    let documents = [ben];
    backend.server.on(api.contacts.tempList, () => ({ body: { documents, total: documents.length } }));
    backend.server.on(api.contacts.tempReinvite, () => ({ body: { resent: 1 } }));
    backend.server.on(api.contacts.tempRemove, { id: ben._id }, () => {
      documents = [];
      return { status: 204 };
    });
    const { user } = renderApp('/connect/contacts');

    await user.click(await screen.findByRole('tab', { name: 'Invited, not answered yet' }));
    expect(currentUrl()).toBe('/connect/contacts?tab=invited');
    const row = (await screen.findByText('ben@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bike survey')).toBeVisible();
    expect(within(row).getByText('Failed')).toBeVisible();
    expect(within(row).getByText('550 mailbox unavailable')).toBeVisible();
    expect(within(row).getByText('2 reminders')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Re-send the invitations to ben@example.com' }));
    expect(
      await screen.findByText('1 invitation to ben@example.com is being sent again with a new link.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.tempReinvite)[0]?.body).toEqual({
      email: 'ben@example.com',
    });

    await user.click(within(row).getByRole('button', { name: 'Delete ben@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ben@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByText('No invitation is waiting for an answer')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.tempRemove, { id: ben._id })).toHaveLength(1);
  });
});
