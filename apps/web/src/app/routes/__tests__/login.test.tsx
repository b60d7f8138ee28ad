import { identityApi } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveTo } from '@/lib/leave-page';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The sign-in page itself is its own light application (src/login, tested there); the console's part
// is to send people to it with a full page load.
const left = () => vi.mocked(leaveTo).mock.calls.map(([url]) => url);

describe('the console and the sign-in page', () => {
  it('sends a signed-out visitor to /login with the destination, loaded from the server', async () => {
    createTestBackend();
    renderApp('/connect/contacts');

    await waitFor(() => expect(left()).toEqual(['/login?destination=%2Fconnect%2Fcontacts']));
    expect(currentUrl()).toBe('/login?destination=%2Fconnect%2Fcontacts');
  });

  it('leaves after the sign-out has revoked the refresh token, so the page load cannot cancel it', async () => {
    const backend = createTestBackend();
    const { refreshToken } = backend.signInStored();
    let answer: () => void = () => undefined;
    backend.server.on(
      identityApi.signOut,
      () => new Promise((resolve) => (answer = () => resolve({ status: 204 }))),
    );
    const { user } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: /^Account \(\w+\)$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() =>
      expect(backend.server.requestsTo(identityApi.signOut)[0]?.body).toEqual({ refreshToken }),
    );
    expect(left()).toEqual([]);

    answer();
    await waitFor(() => expect(left()).toEqual(['/login']));
  });

  it('says so instead of reloading in a loop when the server answered /login with the console', async () => {
    createTestBackend();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${window.location.origin}/login` } as PerformanceEntry,
    ]);
    renderApp('/login');

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in page is missing');
    expect(left()).toEqual([]);
  });
});
