import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { makeContact, makeParticipant, makeStatistics } from '@/testing/contact-fixtures';
import { makeContactList, makeListReport } from '@/testing/contact-list-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

// Contact lists reach into the campaign's participants and tickets and the contact book's selection.
beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

const dealers = makeContactList({ name: 'Dealers', memberCount: 12 });
const press = makeContactList({ name: 'Press', memberCount: 3 });

const serveListChoice = (backend: TestBackend) =>
  backend.server.on(api.contactLists.list, ({ query }) => {
    const search = query.get('search')?.toLowerCase();
    const documents = [dealers, press].filter((l) => !search || l.name.toLowerCase().includes(search));
    return { body: { documents, total: documents.length } };
  });

const serveGroupCampaign = (backend: TestBackend) => {
  serveCampaign(
    backend,
    makeCampaign({ state: 'running', hasStarted: true, questionCount: 2, isGroupCampaign: true }),
  );
  const ofCampaign = { id: campaignId };
  const anna = makeParticipant({ email: 'anna@example.com' });
  const ben = makeParticipant({ email: 'ben@example.com' });
  backend.server.on(api.invitations.statistics, ofCampaign, () => ({
    body: makeStatistics({ invited: 2, sent: 2 }),
  }));
  backend.server.on(api.invitations.participants, ofCampaign, ({ query }) => {
    const documents = query.get('contactListId') === dealers._id ? [anna] : [anna, ben];
    return { body: { documents, total: documents.length } };
  });
  backend.server.on(api.contactLists.campaignLists, ofCampaign, () => ({
    body: { documents: [{ _id: dealers._id, name: dealers.name, memberCount: dealers.memberCount }] },
  }));
};

describe('a group campaign’s participants tab', () => {
  it('shows the linked lists and filters the participants and the tickets by one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveGroupCampaign(backend);
    const { user } = renderApp(`/connect/campaigns/${campaignId}?tab=participants`);

    const linked = await screen.findByRole('region', { name: 'Linked contact lists' });
    expect(await within(linked).findByRole('link', { name: 'Dealers' })).toHaveAttribute(
      'href',
      `/connect/contact-lists/${dealers._id}`,
    );
    expect(within(linked).getByText('12 contacts')).toBeVisible();

    await screen.findByText('ben@example.com');
    const [participantFilter, ticketFilter] = await screen.findAllByRole('combobox', {
      name: 'Contact list',
    });
    await user.selectOptions(participantFilter as HTMLElement, 'Dealers');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.invitations.participants).at(-1)?.query.get('contactListId')).toBe(
        dealers._id,
      ),
    );
    await waitFor(() => expect(screen.queryByText('ben@example.com')).toBeNull());

    await user.selectOptions(ticketFilter as HTMLElement, 'Dealers');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.tickets.list).at(-1)?.query.get('contactListId')).toBe(
        dealers._id,
      ),
    );
    expect(await screen.findByText('No answers from this list')).toBeVisible();
  });

  it('asks no linked lists of a campaign that is not a group campaign', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true, questionCount: 2 }));
    renderApp(`/connect/campaigns/${campaignId}?tab=participants`);

    expect(await screen.findByText('Nobody invited yet')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Linked contact lists' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Contact list' })).toBeNull();
    expect(backend.server.requestsTo(api.contactLists.campaignLists)).toHaveLength(0);
  });

  it('invites whole contact lists after a check', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveGroupCampaign(backend);
    serveListChoice(backend);
    backend.server.on(api.contactLists.inviteToCampaign, { id: campaignId }, ({ body }) => ({
      body: makeListReport({
        check: (body as { callForCheck: boolean }).callForCheck,
        members: 14,
        existingContacts: 14,
        invitations: 13,
        linked: true,
        campaigns: [{ _id: campaignId, title: 'Bike survey', invitations: 13 }],
        problems: [{ email: 'gone@example.com', code: 'contact/7', message: 'unsubscribed' }],
      }),
    }));
    const { user } = renderApp(`/connect/campaigns/${campaignId}?tab=participants`);

    await user.click(await screen.findByRole('button', { name: 'Add participants' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add participants to “Bike survey”' }));
    const source = dialog.getByRole('radiogroup', { name: 'Whom to invite' });
    await user.click(within(source).getByRole('radio', { name: 'Contact lists' }));
    expect(dialog.getByText(/This is a group campaign: the lists stay linked/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Check' }));
    expect(await dialog.findByText('Choose at least one list.')).toBeVisible();

    await user.click(dialog.getByRole('combobox', { name: /^Contact lists/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /^Dealers/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: /^Press/ }));
    await user.click(dialog.getByRole('button', { name: 'Check' }));
    const figures = await dialog.findByText('Contacts in the lists');
    expect(figures.nextElementSibling?.textContent).toBe('14');
    expect(
      dialog.getByText('This address has unsubscribed from your invitations. (1 contact)'),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send invitations' }));

    expect(await screen.findByText('13 invitations to “Bike survey” are being sent.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.inviteToCampaign).map((r) => r.body)).toEqual([
      { contactLists: [dealers._id, press._id], callForCheck: true },
      { contactLists: [dealers._id, press._id], callForCheck: false },
    ]);
  });
});

describe('the contact book’s selection', () => {
  const serveBook = (backend: TestBackend) => {
    backend.server.on(api.contacts.filterData, () => ({
      body: { countries: [], cities: [], campaigns: [] },
    }));
    const a = makeContact({ email: 'a@example.com' });
    const b = makeContact({ email: 'b@example.com' });
    backend.server.on(api.contacts.list, () => ({ body: { documents: [a, b], total: 2 } }));
    return { a, b };
  };

  it('adds the chosen contacts to an existing list', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { a, b } = serveBook(backend);
    serveListChoice(backend);
    backend.server.on(api.contactLists.update, { id: press._id }, () => ({
      body: { ...press, memberCount: 5 },
    }));
    const { user } = renderApp('/connect/contacts');

    await user.click(await screen.findByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add 2 contacts to a list' }));
    await user.click(dialog.getByRole('button', { name: 'Add to list' }));
    expect(await dialog.findByText('Choose a list.')).toBeVisible();

    await user.click(dialog.getByRole('combobox', { name: 'List' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /^Press/ }));
    await user.click(dialog.getByRole('button', { name: 'Add to list' }));

    expect(await screen.findByText('2 contacts were added to “Press”.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.update).map((r) => r.body)).toEqual([
      { newContactIds: [a._id, b._id] },
    ]);
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
  });

  it('makes a new list of the chosen contacts, saying when the name is taken', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { a } = serveBook(backend);
    serveListChoice(backend);
    backend.server.on(api.contactLists.create, ({ body }) =>
      (body as { name: string }).name === 'Dealers'
        ? { status: 409, body: { code: 'contact-list/name-taken', message: 'taken' } }
        : { status: 201, body: makeContactList({ name: 'VIP', memberCount: 1 }) },
    );
    const { user } = renderApp('/connect/contacts');

    await user.click(await screen.findByRole('checkbox', { name: 'Select a@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add 1 contact to a list' }));
    await user.click(dialog.getByRole('radio', { name: 'New list' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Dealers');
    await user.click(dialog.getByRole('button', { name: 'Create list with them' }));
    expect(
      await dialog.findByText('You already have a list with this name. Choose another name.'),
    ).toBeVisible();
    await user.clear(name);
    await user.type(name, 'VIP');
    await user.click(dialog.getByRole('button', { name: 'Create list with them' }));

    expect(await screen.findByText('1 contact was added to “VIP”.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactLists.create).map((r) => r.body)).toEqual([
      { name: 'Dealers', description: '', contactIds: [a._id] },
      { name: 'VIP', description: '', contactIds: [a._id] },
    ]);
  });
});
