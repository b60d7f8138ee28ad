import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { makeTicketListItem, serveTicketList } from '@/testing/ticket-list-fixtures';

// The lazy route modules are transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
  await import('@/app/routes/app/connect/ticket-inbox');
}, 60_000);

const page = `/connect/campaigns/${campaignId}?tab=participants`;
const helmetCampaign = '66666666-6666-4666-8666-000000000002';

const anna = makeTicketListItem({
  excerpt: 'The brakes squeak.',
  hasNew: true,
  commentCount: 3,
  votes: { up: 2, down: 1 },
});
const ben = makeTicketListItem({
  contact: {
    _id: '99999999-9999-4999-8999-000000000777',
    email: 'ben@example.com',
    firstname: null,
    lastname: null,
  },
  excerpt: 'Great saddle.',
  answered: true,
  createdAt: '2025-03-01T08:00:00.000Z',
  lastActivityAt: '2025-03-01T08:00:00.000Z',
});
const archivedOne = makeTicketListItem({
  contact: {
    _id: '99999999-9999-4999-8999-000000000778',
    email: 'cleo@example.com',
    firstname: 'Cleo',
    lastname: null,
  },
  ignored: true,
  excerpt: 'Spam',
});
const helmetTicket = makeTicketListItem({
  campaignId: helmetCampaign,
  campaignTitle: 'Helmet survey',
  contact: {
    _id: '99999999-9999-4999-8999-000000000779',
    email: 'dora@example.com',
    firstname: 'Dora',
    lastname: 'D',
  },
  excerpt: 'Too tight.',
});

const setUp = (tickets = [anna, ben, archivedOne]) => {
  const backend = createTestBackend();
  backend.signInStored();
  serveCampaign(
    backend,
    makeCampaign({ state: 'running', hasStarted: true, questionCount: 2, ticketCount: 3 }),
  );
  serveTicketList(backend, tickets);
  return backend;
};

const lastQuery = (backend: TestBackend) => backend.server.requestsTo(api.tickets.list).at(-1)?.query;
const rowOf = (link: HTMLElement) => link.closest('tr') as HTMLElement;

describe('a campaign’s tickets as an inbox', () => {
  it('shows each ticket’s participant, answer, state, messages, ratings and a spoken unread marker', async () => {
    setUp();
    renderApp(page);

    const table = await screen.findByRole('table', { name: 'Participants who answered' });
    const annaRow = rowOf(await within(table).findByRole('link', { name: 'Anna Example' }));
    const annaCells = within(annaRow);
    expect(annaCells.getByRole('img', { name: 'New messages' })).toBeVisible();
    expect(annaCells.getByRole('link', { name: 'Anna Example' })).toHaveStyle({ fontWeight: '700' });
    expect(annaCells.getByText('The brakes squeak.')).toBeVisible();
    expect(annaCells.getByText('Unanswered')).toBeVisible();
    expect(annaCells.getByText('3 messages')).toBeInTheDocument();
    expect(annaCells.getByText('2 rated up, 1 rated down')).toBeInTheDocument();
    expect(annaCells.getByText('03/05/2025', { exact: false })).toBeVisible();

    const benRow = rowOf(within(table).getByRole('link', { name: 'ben@example.com' }));
    expect(within(benRow).queryByRole('img', { name: 'New messages' })).toBeNull();
    expect(within(benRow).getByText('Answered')).toBeVisible();
    // The inbox leaves archived tickets out.
    expect(within(table).queryByText('cleo@example.com')).toBeNull();
  });

  it('turns each filter into the list’s query, keeps it in the address, and a reload keeps it', async () => {
    const backend = setUp();
    const { user, unmount } = renderApp(page);
    await screen.findByRole('link', { name: 'Anna Example' });
    expect(lastQuery(backend)?.get('campaignId')).toBe(campaignId);
    expect(lastQuery(backend)?.get('archived')).toBe('false');
    expect(lastQuery(backend)?.get('sort')).toBe('newest');

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastQuery(backend)?.get('archived')).toBe('all'));
    expect(await screen.findByRole('link', { name: 'Cleo' })).toBeVisible();
    expect(within(rowOf(screen.getByRole('link', { name: 'Cleo' }))).getByText('Archived')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Unanswered' }));
    await waitFor(() => expect(lastQuery(backend)?.get('unanswered')).toBe('true'));
    await user.click(screen.getByRole('checkbox', { name: 'New messages' }));
    await waitFor(() => expect(lastQuery(backend)?.get('newComments')).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), 'Rated up');
    await waitFor(() => expect(lastQuery(backend)?.get('rating')).toBe('up'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Latest activity first');
    await waitFor(() => expect(lastQuery(backend)?.get('sort')).toBe('activity'));
    await user.type(screen.getByRole('searchbox', { name: 'Search in answers' }), 'brakes');
    await waitFor(() => expect(lastQuery(backend)?.get('search')).toBe('brakes'));

    const expected =
      'tab=participants&archived=all&unanswered=true&newComments=true&rating=up&search=brakes&sort=activity';
    await waitFor(() => expect(currentUrl()).toBe(`/connect/campaigns/${campaignId}?${expected}`));
    // The row leads to the ticket with the list's filter, for next and previous there.
    const link = await screen.findByRole('link', { name: 'Anna Example' });
    expect(link).toHaveAttribute(
      'href',
      `/connect/campaigns/${campaignId}/tickets/${anna._id}?archived=all&unanswered=true&newComments=true&rating=up&search=brakes&sort=activity`,
    );

    unmount();
    const before = backend.server.requestsTo(api.tickets.list).length;
    renderApp(currentUrl());
    await screen.findByRole('link', { name: 'Anna Example' });
    const first = backend.server.requestsTo(api.tickets.list)[before]?.query;
    expect(Object.fromEntries(first?.entries() ?? [])).toEqual({
      page: '1',
      limit: '20',
      archived: 'all',
      sort: 'activity',
      campaignId,
      unanswered: 'true',
      newComments: 'true',
      rating: 'up',
      search: 'brakes',
    });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Unanswered' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('up');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('activity');
    expect(screen.getByRole('searchbox', { name: 'Search in answers' })).toHaveValue('brakes');
  });

  it('tells “no answers yet” from “nothing matches”, and clears the filters', async () => {
    const backend = setUp([]);
    const { user } = renderApp(page);
    expect(await screen.findByText('No answers yet')).toBeVisible();
    expect(lastQuery(backend)?.get('unanswered')).toBeNull();
    expect(screen.queryByText('No tickets match these filters')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Unanswered' }));
    expect(await screen.findByText('No tickets match these filters')).toBeVisible();
    expect(lastQuery(backend)?.get('unanswered')).toBe('true');
    expect(screen.queryByText('No answers yet')).toBeNull();

    const [, clear] = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear as HTMLElement);
    await waitFor(() => expect(currentUrl()).toBe(page));
    expect(await screen.findByText('No answers yet')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Unanswered' })).not.toBeChecked();
  });

  it('says the list failed (not that nobody answered) and loads it again on request', async () => {
    const backend = setUp();
    backend.server.on(api.tickets.list, () => ({
      status: 500,
      body: { code: 'internal', message: 'Something went wrong (request x).' },
    }));
    const { user } = renderApp(page);
    expect(
      await screen.findByText('This could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    expect(screen.queryByText('No answers yet')).toBeNull();

    serveTicketList(backend, [anna]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Anna Example' })).toBeVisible();
  });
});

describe('a count that stopped', () => {
  // A filter the server cannot count from its tallies (new messages, a list, a search) counts a bounded
  // number of tickets past the page and says totalAtLeast (docs/architecture.md, "Data").
  const many = Array.from({ length: 20 }, () => makeTicketListItem());
  const serveMany = (backend: TestBackend) =>
    backend.server.on(api.tickets.list, () => ({
      body: { documents: many, total: 1000, totalAtLeast: true },
    }));

  it('is shown as “1000+ tickets” in a campaign’s list', async () => {
    serveMany(setUp());
    renderApp(page);
    expect(await screen.findByText('1000+ tickets')).toBeVisible();
  });

  it('is shown as “1000+ tickets” in the inbox', async () => {
    const backend = setUp();
    serveMany(backend);
    backend.server.on(api.campaigns.names, () => ({
      body: { documents: [{ _id: campaignId, title: 'Bike survey', state: 'running' }] },
    }));
    renderApp('/connect/tickets');
    expect(await screen.findByRole('table', { name: 'Tickets of all campaigns' })).toBeVisible();
    expect(await screen.findByText('1000+ tickets')).toBeVisible();
  });
});

describe('the inbox across campaigns', () => {
  const setUpInbox = () => {
    const backend = setUp([anna, ben, helmetTicket]);
    backend.server.on(api.campaigns.names, () => ({
      body: {
        documents: [
          { _id: campaignId, title: 'Bike survey', state: 'running' },
          { _id: helmetCampaign, title: 'Helmet survey', state: 'ended' },
        ],
      },
    }));
    return backend;
  };

  it('lists every campaign’s tickets under its own heading, title and navigation entry', async () => {
    const backend = setUpInbox();
    renderApp('/connect/tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Inbox · Parley'));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'Tickets of all campaigns' });
    const dora = rowOf(await within(table).findByRole('link', { name: 'Dora D' }));
    expect(within(dora).getByRole('link', { name: 'Helmet survey' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${helmetCampaign}?tab=participants`,
    );
    expect(
      within(rowOf(within(table).getByRole('link', { name: 'Anna Example' }))).getByText('Bike survey'),
    ).toBeVisible();
    expect(lastQuery(backend)?.get('campaignId')).toBeNull();
    // A ticket opened from the inbox steps through the inbox.
    expect(within(dora).getByRole('link', { name: 'Dora D' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${helmetCampaign}/tickets/${helmetTicket._id}?inbox=1`,
    );
  });

  it('archives and restores the chosen tickets in one call each', async () => {
    const backend = setUpInbox();
    backend.server.on(api.tickets.bulkArchive, ({ body }) => ({
      body: { changed: (body as { ids: string[] }).ids.length },
    }));
    const { user } = renderApp('/connect/tickets');

    await user.click(await screen.findByRole('checkbox', { name: 'Select Anna Example' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dora D' }));
    expect(screen.getByText('2 tickets chosen')).toBeVisible();
    const actions = within(screen.getByRole('group', { name: 'Actions for the chosen tickets' }));
    await user.click(actions.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('2 tickets archived')).toBeVisible();
    expect(backend.server.requestsTo(api.tickets.bulkArchive).map((r) => r.body)).toEqual([
      { ids: [anna._id, helmetTicket._id], archived: true },
    ]);
    // Done: the choice is cleared.
    expect(screen.queryByRole('group', { name: 'Actions for the chosen tickets' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select the tickets on this page' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Actions for the chosen tickets' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    expect(await screen.findByText('3 tickets restored')).toBeVisible();
    expect(backend.server.requestsTo(api.tickets.bulkArchive).at(-1)?.body).toMatchObject({
      archived: false,
    });
  });

  it('filters by campaign and by the inbox filters, in the address', async () => {
    const backend = setUpInbox();
    const { user } = renderApp('/connect/tickets');
    await screen.findByRole('link', { name: 'Dora D' });

    const campaignFilter = screen.getByRole('combobox', { name: 'Campaign' });
    await waitFor(() =>
      expect(within(campaignFilter).getByRole('option', { name: 'Helmet survey' })).toBeInTheDocument(),
    );
    await user.selectOptions(campaignFilter, 'Helmet survey');
    await waitFor(() => expect(lastQuery(backend)?.get('campaignId')).toBe(helmetCampaign));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Anna Example' })).toBeNull());
    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(lastQuery(backend)?.get('archived')).toBe('true'));
    expect(currentUrl()).toBe(`/connect/tickets?archived=true&campaign=${helmetCampaign}`);
    expect(await screen.findByText('No tickets match these filters')).toBeVisible();
  });

  it('says what to do when no campaign has answers yet', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [] } }));
    serveTicketList(backend, []);
    renderApp('/connect/tickets');
    expect(await screen.findByText('No answers yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the campaigns' })).toHaveAttribute(
      'href',
      '/connect/campaigns',
    );
  });
});
