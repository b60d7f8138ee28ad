import { api, type ContactDetail } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContactDetail, makeInvitation } from '@/testing/contact-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/app/connect/contact');
}, 60_000);

const campaignId = '66666666-6666-4666-8666-666666666666';
const ticketId = '44444444-4444-4444-8444-000000000001';

const serveContact = (backend: TestBackend, contact: ContactDetail) => {
  const state = { contact };
  backend.server.on(api.contacts.get, { id: contact._id }, () => ({ body: state.contact }));
  backend.server.on(api.contacts.update, { id: contact._id }, ({ body }) => {
    const b = body as {
      phoneNumber: string | null;
      internalFirstname: string | null;
      internalLastname: string | null;
      address: ContactDetail['address'];
    };
    state.contact = { ...state.contact, ...b, address: { ...state.contact.address, ...b.address } };
    return { body: state.contact };
  });
  return state;
};

describe('contact page', () => {
  it('shows the contact with its tags, unsubscription, campaigns and links to their answers', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const contact = makeContactDetail({
      email: 'anna@example.com',
      firstname: 'Anna',
      lastname: 'Berg',
      tags: ['vip', 'berlin'],
      unsubscribed: true,
      campaigns: [
        {
          _id: campaignId,
          title: 'Bike survey',
          state: 'running',
          invitation: makeInvitation({ state: 'answered', reminderCount: 1 }),
          tickets: [{ _id: ticketId, createdAt: '2025-03-04T09:05:00.000Z', answeredCount: 3 }],
        },
      ],
    });
    serveContact(backend, contact);
    renderApp(`/connect/contacts/${contact._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Berg' })).toBeVisible();
    expect(screen.getAllByText('Unsubscribed')[0]).toBeVisible();
    const tags = screen.getAllByRole('list', { name: 'Tags' })[0] as HTMLElement;
    expect(within(tags).getByText('vip')).toBeVisible();
    expect(within(tags).getByText('berlin')).toBeVisible();
    const campaigns = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getByRole('link', { name: 'Bike survey' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${campaignId}`,
    );
    expect(within(campaigns).getByText('Answered')).toBeVisible();
    expect(within(campaigns).getByRole('link', { name: 'Answers of 03/04/2025 9:05 AM' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${campaignId}/tickets/${ticketId}`,
    );
  });

  it('checks the phone, postal code and names with the server rules before saving', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const contact = makeContactDetail({ email: 'ben@example.com' });
    const state = serveContact(backend, contact);
    const { user } = renderApp(`/connect/contacts/${contact._id}`);

    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveAccessibleDescription(
      'As you like to write it, e.g. +49 170 1234567; without country code it is a number of Germany.',
    );
    await user.type(phone, '030 12 call me');
    expect(
      screen.getByText(
        'This is not a phone number. Give it with its country code (+43 …) when it is not a number of Germany.',
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Internal first name/ }), 'B3n');
    expect(
      screen.getByText(
        'Use letters only (a space, hyphen, apostrophe or full stop may join parts of a name).',
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '10115!');
    expect(screen.getByText('Use letters, digits, spaces and hyphens only (at most 16).')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(backend.server.requestsTo(api.contacts.update)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0170 / 123 45 67');
    await user.clear(screen.getByRole('textbox', { name: /^Internal first name/ }));
    await user.type(screen.getByRole('textbox', { name: /^Internal first name/ }), 'Anne-Marie');
    await user.type(screen.getByRole('textbox', { name: /^Internal last name/ }), "O'Neill");
    await user.clear(screen.getByRole('textbox', { name: 'Postal code' }));
    await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '10115');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText("The contact's details were saved.")).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.update)[0]?.body).toEqual({
      internalFirstname: 'Anne-Marie',
      internalLastname: "O'Neill",
      phoneNumber: '0170 / 123 45 67',
      address: { street: null, zipCode: '10115', city: 'Berlin', country: null },
    });
    expect(state.contact.phoneNumber).toBe('0170 / 123 45 67');
  });

  it('shows a stored number in national form for the manufacturer’s country, else with its country code, and sends it only when changed', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const home = makeContactDetail({ email: 'ben@example.com', phoneNumber: '+491701234567' });
    serveContact(backend, home);
    const { user } = renderApp(`/connect/contacts/${home._id}`);
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveValue('0170 1234567');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText("The contact's details were saved.")).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.update)[0]?.body).not.toHaveProperty('phoneNumber');
  });

  it('shows a number of another country with its country code', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const abroad = makeContactDetail({ email: 'cleo@example.com', phoneNumber: '+33612345678' });
    serveContact(backend, abroad);
    renderApp(`/connect/contacts/${abroad._id}`);
    expect(await screen.findByRole('textbox', { name: /^Phone/ })).toHaveValue('+33 6 12 34 56 78');
  });

  it('adds a note and edits one in place', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const note = {
      _id: '77777777-7777-4777-8777-000000000001',
      noteText: 'Met at the fair.',
      authorId: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    };
    const contact = makeContactDetail({ email: 'cleo@example.com', notes: [note] });
    const state = serveContact(backend, contact);
    backend.server.on(api.contacts.addNote, { id: contact._id }, ({ body }) => {
      const created = {
        ...note,
        _id: '77777777-7777-4777-8777-000000000002',
        createdAt: '2025-03-05T10:00:00.000Z',
        updatedAt: '2025-03-05T10:00:00.000Z',
        noteText: (body as { noteText: string }).noteText,
      };
      state.contact = { ...state.contact, notes: [...state.contact.notes, created] };
      return { status: 201, body: created };
    });
    backend.server.on(api.contacts.updateNote, { id: contact._id, noteId: note._id }, ({ body }) => {
      const changed = { ...note, noteText: (body as { noteText: string }).noteText };
      state.contact = {
        ...state.contact,
        notes: state.contact.notes.map((n) => (n._id === note._id ? changed : n)),
      };
      return { body: changed };
    });
    const { user } = renderApp(`/connect/contacts/${contact._id}`);

    expect(await screen.findByText('Met at the fair.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write something first.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Wants the new catalogue.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Wants the new catalogue.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Edit the note of 03/01/2025 10:00 AM' }));
    const field = screen.getByRole('textbox', { name: 'Note' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Met at the spring fair.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Met at the spring fair.')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.updateNote)[0]?.body).toEqual({
      noteText: 'Met at the spring fair.',
    });
  });

  it('deletes the contact with the answers kept by default, and goes back to the list', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const contact = makeContactDetail({ email: 'dora@example.com' });
    serveContact(backend, contact);
    backend.server.on(api.contacts.remove, { id: contact._id }, () => ({ status: 204 }));
    backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
    backend.server.on(api.contacts.filterData, () => ({
      body: { countries: [], cities: [], campaigns: [] },
    }));
    const { user } = renderApp(`/connect/contacts/${contact._id}`);

    await user.click(await screen.findByRole('button', { name: 'Delete contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this contact?' });
    expect(within(dialog).getByRole('checkbox', { name: 'Also erase their answers' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Delete contact' }));

    expect(await screen.findByText('The contact was deleted; its answers were kept.')).toBeVisible();
    await waitFor(() => expect(currentUrl()).toBe('/connect/contacts'));
    expect(backend.server.requestsTo(api.contacts.remove)[0]?.url).toBe(
      `/api/contact/${contact._id}?eraseAnswers=false`,
    );
  });

  it('says when the contact does not exist', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/connect/contacts/99999999-9999-4999-8999-999999999999');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute(
      'href',
      '/connect/contacts',
    );
  });
});
