import { api, identityApi } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveTo } from '@/lib/leave-page';
import { makePost, servePost, servePostFeed } from '@/testing/post-fixtures';
import { createTestBackend, makeHistoryEntry, makeOwner } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('console shell', () => {
  it('shows the error notification and signs out when the profile cannot be loaded', async () => {
    const backend = createTestBackend();
    const { refreshToken } = backend.signInStored();
    backend.server.on(api.owner.meSmall, () => ({
      status: 500,
      body: { code: 'internal', message: 'Internal Server Error' },
    }));
    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Something went wrong');
    await waitFor(() => expect(vi.mocked(leaveTo)).toHaveBeenCalledWith('/login'));
    expect(window.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('parley.session')).toBeNull();
    const [signOut] = backend.server.requestsTo(identityApi.signOut);
    expect(signOut?.body).toEqual({ refreshToken });
  });

  it('shows "new" on the history indicator and marks entries as seen', async () => {
    const fresh = makeHistoryEntry({ isNewHistory: true });
    const old = makeHistoryEntry({ kind: 'newComment' });
    const backend = createTestBackend({ history: [fresh, old] });
    backend.signInStored();
    const { user } = renderApp('/connect/campaigns');

    const indicator = await screen.findByRole('button', { name: 'History, new entries' });
    expect(indicator).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(backend.server.requestsTo(api.history.me)[0]?.url).toBe(
      '/api/history/me?product=connect&limit=50',
    );

    await user.click(indicator);
    const panel = await screen.findByRole('dialog', { name: 'Activity history' });
    expect(within(panel).getByText('New campaign ticket')).toBeVisible();
    expect(within(panel).getByText('New comment')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Mark all as seen' }));

    await waitFor(() =>
      expect(backend.server.requestsTo(api.history.seen)[0]?.body).toEqual({
        ids: [fresh._id],
      }),
    );
    expect(await screen.findByRole('button', { name: 'History' })).toBeVisible();
  });

  it('loads the history of the active area and links entries to their subject', async () => {
    const post = makeHistoryEntry({
      product: 'platform',
      kind: 'newFeedbackByUser',
      subject: { type: 'postTicket', _id: '66666666-6666-4666-8666-666666666666', title: 'Brakes squeak' },
      isNewHistory: true,
    });
    const backend = createTestBackend({ history: [post] });
    backend.signInStored();
    servePostFeed(backend, []);
    servePost(backend, makePost({ _id: post.subject._id, authorName: 'Bea' }));
    const { user } = renderApp('/platform/tickets');

    await user.click(await screen.findByRole('button', { name: 'History, new entries' }));
    const panel = await screen.findByRole('dialog', { name: 'Activity history' });
    await user.click(within(panel).getByRole('link', { name: /Brakes squeak/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bea' })).toBeVisible();
    expect(currentUrl()).toBe(`/platform/tickets/${post.subject._id}`);
    expect(backend.server.requestsTo(api.history.seen)[0]?.body).toEqual({ ids: [post._id] });
    expect(backend.server.requestsTo(api.history.me)[0]?.query.get('product')).toBe('platform');
  });

  it('shows an empty history and the error notification when the history fails', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByText('No activity yet')).toBeVisible();

    backend.server.on(api.history.me, () => ({
      status: 500,
      body: { code: 'internal', message: 'Internal Server Error' },
    }));
    await user.click(screen.getByRole('radio', { name: 'Platform' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('signs out from the account menu', async () => {
    const backend = createTestBackend();
    const { refreshToken } = backend.signInStored();
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: /^Account \(\w+\)$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(vi.mocked(leaveTo)).toHaveBeenCalledWith('/login'));
    expect(currentUrl()).toBe('/login');
    expect(backend.server.requestsTo(identityApi.signOut)[0]?.body).toEqual({ refreshToken });
    expect(window.localStorage.getItem('parley.session')).toBeNull();
    expect(window.localStorage.getItem('parley.savedUser')).toBeNull();
  });

  it('names the account button with the initials it shows and follows a language chosen in another tab', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/profile');

    const account = await screen.findByRole('button', { name: 'Account (OO)' });
    expect(account).toHaveTextContent('OO');
    // Another tab's choice arrives as a storage event; the page follows in place.
    window.localStorage.setItem('parley.locale', JSON.stringify('de'));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'parley.locale', newValue: JSON.stringify('de') }),
    );
    expect(await screen.findByRole('button', { name: 'Konto (OO)' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows a failed sign-out as an error notification', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(identityApi.signOut, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: /^Account \(\w+\)$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-out failed');
    expect(alert).toHaveTextContent('The server cannot be reached.');
    expect(currentUrl()).toBe('/login');
  });

  it('explains connect when it is not enabled for the owner', async () => {
    const backend = createTestBackend({ owner: makeOwner({ isParleyConnectEnabled: false }) });
    backend.signInStored();
    renderApp('/connect/contacts');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect is not enabled for your account' }),
    ).toBeVisible();
    expect(screen.getByText(/Campaigns with four question types/)).toBeVisible();
  });

  it('lists both product areas in the sidebar and marks the current page', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/connect/tag-groups');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of [
      'Campaigns',
      'Contacts',
      'Contact lists',
      'Contact requests',
      'Tickets & posts',
      'Response templates',
      'Profile',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    expect(within(nav).getByRole('link', { name: 'Tag groups' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tag groups' })).toBeVisible();
  });

  it('names the tab after the page, offers a skip link, and keeps a closed sidebar out of the Tab order', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/connect/contacts');

    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    await waitFor(() => expect(document.title).toBe('Contacts · Parley'));
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Contacts' }),
    );
    // Tests run at a phone's width (no media query matches): the sidebar is a closed drawer.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(nav).not.toHaveAttribute('inert');
  });

  it('remembers the collapsed sidebar', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user, unmount } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(JSON.parse(window.localStorage.getItem('parley.sidebarStatus') ?? 'null')).toBe('collapsed');

    unmount();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  });

  it('shows the info items with the language date format and a not-found page', async () => {
    const backend = createTestBackend({
      info: [
        {
          _id: '77777777-7777-4777-8777-777777777777',
          platform: 'Web',
          category: 'WebInfo',
          language: null,
          title: 'New statistics',
          text: 'Statistics now cover 90 days.',
          link: null,
          createdAt: '2025-03-04T12:00:00.000Z',
        },
      ],
    });
    backend.signInStored();
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'New statistics' })).toBeVisible();
    expect(screen.getByText('03/04/2025')).toBeVisible();
    expect(backend.server.requestsTo(api.info.all)[0]?.url).toBe(
      '/api/info/all?platform=Web&category=WebInfo',
    );
    expect(backend.server.requestsTo(api.info.all)[0]?.headers.get('x-auth-token')).toBe('');

    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByText('04.03.2025')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

    window.history.pushState(null, '', '/no/such/page');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  });
});
