import { api, type ContactRequest, type ContactRequestStatus } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, makeOwner, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The page's lazy module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/connect/contact-requests');
}, 60_000);

let counter = 0;
const makeRequest = (overrides: Partial<ContactRequest> = {}): ContactRequest => {
  counter += 1;
  return {
    _id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(counter).padStart(12, '0')}`,
    firstname: 'Anna',
    lastname: 'Berg',
    email: `person${counter}@example.com`,
    phoneNumber: null,
    language: 'en',
    message: null,
    status: 'pending',
    submissions: 1,
    contact: null,
    campaigns: [],
    decidedAt: null,
    createdAt: '2027-03-15T17:30:00.000Z',
    updatedAt: '2027-03-15T17:30:00.000Z',
    ...overrides,
  };
};

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};
const manufacturerId = makeOwner().manufacturer._id;

/** The list as the server answers it: the requests of the asked status, with every status's count. */
const serveRequests = (backend: TestBackend, all: () => ContactRequest[]) => {
  backend.server.on(api.contactRequests.list, ({ query }) => {
    const statuses = query.getAll('statuses[]');
    const documents = all().filter((r) => statuses.length === 0 || statuses.includes(r.status));
    const count = (s: ContactRequestStatus) => all().filter((r) => r.status === s).length;
    return {
      body: {
        documents,
        total: documents.length,
        counts: { pending: count('pending'), accepted: count('accepted'), rejected: count('rejected') },
      },
    };
  });
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
};

const signedIn = () => {
  const backend = createTestBackend();
  backend.signInStored();
  return backend;
};

describe('contact requests page', () => {
  it('lists the pending requests with their details, counts per status and the form address', async () => {
    const backend = signedIn();
    const long = `I run a bike shop in Berlin. ${'We would like to hear about your dealer programme. '.repeat(4)}`;
    const anna = makeRequest({
      email: 'anna@example.com',
      phoneNumber: '+49301234567',
      message: long,
      submissions: 3,
      contact: { _id: '99999999-9999-4999-8999-000000000001', kind: 'contact' },
    });
    const ben = makeRequest({ firstname: 'Ben', lastname: 'Kim', email: 'ben@example.com' });
    const done = makeRequest({ firstname: 'Cleo', lastname: 'Diaz', status: 'accepted' });
    serveRequests(backend, () => [anna, ben, done]);
    const { user } = renderApp('/connect/contact-requests');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact requests' })).toBeVisible();
    const row = (await screen.findByText('anna@example.com')).closest('tr') as HTMLElement;
    const cells = within(row);
    expect(cells.getByText('Anna Berg')).toBeVisible();
    // Stored in E.164, shown in national form for the manufacturer's country (Germany by default).
    expect(cells.getByRole('link', { name: '030 1234567' })).toHaveAttribute('href', 'tel:+49301234567');
    expect(cells.getByText('Sent 3 times')).toBeVisible();
    expect(
      cells.getByRole('link', { name: /^Already a contact ?, open the contact Anna Berg$/ }),
    ).toHaveAttribute('href', '/connect/contacts/99999999-9999-4999-8999-000000000001');
    expect(cells.getByText('Already a contact')).toBeVisible();
    // A long message shows its start until asked for the rest.
    expect(cells.queryByText(long.trim())).toBeNull();
    const more = cells.getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(cells.getByText(long.trim())).toBeVisible();
    expect(cells.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ben@example.com')).toBeVisible();
    expect(screen.queryByText('Cleo Diaz')).toBeNull();

    const tabs = screen.getByRole('tablist', { name: 'Requests by status' });
    expect(within(tabs).getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByLabelText('2 requests')).toBeVisible();
    const list = backend.server
      .requestsTo(api.contactRequests.list)
      .find((r) => r.query.get('limit') === '20');
    expect(list?.query.getAll('statuses[]')).toEqual(['pending']);
    expect(list?.query.get('page')).toBe('1');

    // The public form's address, to copy and open, and the snippet that embeds it.
    const address = `${window.location.origin}/p/r/${manufacturerId}`;
    expect(screen.getByRole('textbox', { name: 'Form address' })).toHaveValue(address);
    expect(screen.getByRole('link', { name: 'Open the form in a new tab' })).toHaveAttribute('href', address);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(await screen.findByRole('button', { name: 'Address copied' })).toBeVisible();
    const snippet = screen.getByRole('textbox', { name: 'Embed on your website' });
    expect(snippet).toHaveValue(
      `<iframe src="${address}" title="Contact request form of Acme Bikes" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(await navigator.clipboard.readText()).toBe((snippet as HTMLTextAreaElement).value);

    // Accepted requests show the campaigns their people were invited to.
    backend.server.on(api.contactRequests.list, () => ({
      body: {
        documents: [{ ...done, campaigns: [{ _id: campaign._id, title: 'Bike survey' }] }],
        total: 1,
        counts: { pending: 2, accepted: 1, rejected: 0 },
      },
    }));
    await user.click(within(tabs).getByRole('tab', { name: /Accepted/ }));
    expect(currentUrl()).toBe('/connect/contact-requests?status=accepted');
    const accepted = (await screen.findByText('Cleo Diaz')).closest('tr') as HTMLElement;
    expect(within(accepted).getByRole('link', { name: 'Bike survey' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${campaign._id}`,
    );
    expect(within(accepted).queryByRole('checkbox')).toBeNull();
  });

  it('shows the empty list, and no error, when the list cannot be loaded', async () => {
    const backend = signedIn();
    backend.server.on(api.contactRequests.list, () => ({
      status: 500,
      body: { code: 'internal', message: 'Boom' },
    }));
    renderApp('/connect/contact-requests');

    expect(await screen.findByText('No pending requests')).toBeVisible();
    expect(backend.server.requestsTo(api.contactRequests.list).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('says so per status when there are no requests', async () => {
    const backend = signedIn();
    serveRequests(backend, () => []);
    const { user } = renderApp('/connect/contact-requests');

    expect(await screen.findByText('No pending requests')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: /Rejected/ }));
    expect(await screen.findByText('No rejected requests')).toBeVisible();
  });

  it('accepts a request with no campaign when none is running: the person becomes a contact, uninvited', async () => {
    const backend = signedIn();
    const a = makeRequest({ email: 'a@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    let requests = [a];
    serveRequests(backend, () => requests);
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [] } }));
    backend.server.on(api.contactRequests.accept, () => {
      requests = [{ ...a, status: 'accepted' }];
      return { body: { accepted: 1, newContacts: 1, invitations: 0, problems: [] } };
    });
    const { user } = renderApp('/connect/contact-requests');

    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for the selected' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept 1 contact request' });
    expect(
      await within(dialog).findByText(
        'No campaign is running, so accepting adds contacts without inviting them.',
      ),
    ).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Accept request' });
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await within(dialog).findByText('1 request was accepted.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactRequests.accept)[0]?.body).toEqual({
      ids: [a._id],
      campaignIds: [],
    });
    expect(
      api.contactRequests.accept.body.safeParse(
        backend.server.requestsTo(api.contactRequests.accept)[0]?.body,
      ).success,
    ).toBe(true);
    expect(within(dialog).getByText('No campaign was chosen: nobody was invited.')).toBeVisible();
    expect(within(dialog).queryByText(/surveys/)).toBeNull();
  });

  it('accepts the chosen requests into the running campaigns chosen, and reports', async () => {
    const backend = signedIn();
    const a = makeRequest({ email: 'a@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    const b = makeRequest({ email: 'b@example.com', firstname: 'Bob', lastname: 'Stone' });
    let requests = [a, b];
    serveRequests(backend, () => requests);
    backend.server.on(api.contactRequests.accept, ({ body }) => {
      const { ids } = body as { ids: string[] };
      requests = requests.map((r) => (ids.includes(r._id) ? { ...r, status: 'accepted' } : r));
      return {
        body: {
          accepted: 2,
          newContacts: 1,
          invitations: 1,
          problems: [{ _id: b._id, email: 'b@example.com', code: 'contact/7', message: 'unsubscribed' }],
        },
      };
    });
    const { user } = renderApp('/connect/contact-requests');

    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Stone' }));
    expect(screen.getByText('2 selected')).toBeVisible();
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for the selected' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept 2 contact requests' });
    // Only running campaigns are offered.
    await waitFor(() =>
      expect(backend.server.requestsTo(api.campaigns.names)[0]?.query.getAll('states[]')).toEqual([
        'running',
      ]),
    );

    await user.click(within(dialog).getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept 2 requests' }));

    expect(await within(dialog).findByText('2 requests were accepted.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactRequests.accept)[0]?.body).toEqual({
      ids: [a._id, b._id],
      campaignIds: [campaign._id],
    });
    expect(
      api.contactRequests.accept.body.safeParse(
        backend.server.requestsTo(api.contactRequests.accept)[0]?.body,
      ).success,
    ).toBe(true);
    const problems = within(dialog).getByRole('table', { name: 'Invitations not sent and why' });
    expect(within(problems).getByText('b@example.com')).toBeVisible();
    expect(within(problems).getByText(/unsubscribed/i)).toBeVisible();
    // The report's own Close (the dialog's corner has one too).
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes.at(-1)).toHaveFocus();
    await user.click(closes.at(-1) as HTMLElement);

    expect(await screen.findByText('No pending requests')).toBeVisible();
  });

  it('rejects the chosen requests after a confirmation', async () => {
    const backend = signedIn();
    const a = makeRequest({ email: 'a@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    let requests = [a];
    serveRequests(backend, () => requests);
    backend.server.on(api.contactRequests.reject, ({ body }) => {
      const { ids } = body as { ids: string[] };
      requests = requests.map((r) => (ids.includes(r._id) ? { ...r, status: 'rejected' } : r));
      return { body: { rejected: ids.length } };
    });
    const { user } = renderApp('/connect/contact-requests');

    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 contact request?' });
    // Keeping things as they are is the safe choice: Cancel has the focus.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    expect(await screen.findByText('1 contact request was rejected.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactRequests.reject)[0]?.body).toEqual({ ids: [a._id] });
    expect(await screen.findByText('No pending requests')).toBeVisible();
  });

  it('says when a request was decided meanwhile, and refreshes the list', async () => {
    const backend = signedIn();
    const a = makeRequest({ email: 'a@example.com', firstname: 'Ada', lastname: 'Lovelace' });
    let requests = [a];
    serveRequests(backend, () => requests);
    backend.server.on(api.contactRequests.reject, () => {
      requests = [{ ...a, status: 'accepted' }];
      return { status: 409, body: { code: 'contact-request/decided', message: 'Decided already' } };
    });
    const { user } = renderApp('/connect/contact-requests');

    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 contact request?' });
    const before = backend.server.requestsTo(api.contactRequests.list).length;
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Already decided');
    expect(alert).toHaveTextContent('Some of these requests were accepted or rejected meanwhile');
    expect(await screen.findByText('No pending requests')).toBeVisible();
    expect(backend.server.requestsTo(api.contactRequests.list).length).toBeGreaterThan(before);
  });

  it('shows the pending count beside the link in the sidebar', async () => {
    const backend = signedIn();
    serveRequests(backend, () => [makeRequest(), makeRequest(), makeRequest()]);
    renderApp('/connect/campaigns');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Contact requests, 3 pending' })).toBeVisible();
    const count = backend.server.requestsTo(api.contactRequests.list)[0];
    expect(count?.query.get('limit')).toBe('1');
    expect(count?.query.getAll('statuses[]')).toEqual(['pending']);
  });
});
