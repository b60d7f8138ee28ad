import { identityApi } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handToLogin, leaveTo } from '@/lib/leave-page';
import { createTestBackend, ownerEmail, ownerPassword } from '@/testing/test-backend';
import { currentUrl, renderLoginApp } from '@/testing/test-utils';

// The page's modules are transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/login/login-app');
}, 60_000);

const signInWith = async (
  user: ReturnType<typeof renderLoginApp>['user'],
  email: string,
  password: string,
  labels = { email: 'Email', password: 'Password', submit: 'Sign in' },
) => {
  if (email) await user.type(await screen.findByLabelText(labels.email), email);
  await user.type(screen.getByLabelText(labels.password), password);
  await user.click(screen.getByRole('button', { name: labels.submit }));
};

const left = () => vi.mocked(leaveTo).mock.calls.map(([url]) => url);

describe('the sign-in page (/login, its own light application)', () => {
  it('signs in with the lowercased address, keeps the session for the console and opens the destination', async () => {
    const backend = createTestBackend();
    const { user } = renderLoginApp('/login?destination=%2Fconnect%2Fcontacts');

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
    expect(document.title).toBe('Sign in to Parley');
    await signInWith(user, '  Owner@Example.COM ', ownerPassword);

    await waitFor(() => expect(left()).toEqual(['/connect/contacts']));
    const [signIn] = backend.server.requestsTo(identityApi.signIn);
    expect(signIn?.body).toEqual({ email: ownerEmail, password: ownerPassword });
    // Where the console reads it (lib/auth/session.ts): the id token, refresh token and expiry.
    const stored = JSON.parse(window.localStorage.getItem('parley.session') ?? 'null') as Record<
      string,
      unknown
    >;
    expect(stored).toEqual({
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(Number),
    });
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/path',
    '/\\evil.example.com',
    'javascript:alert(1)',
    '/p/f/some-manufacturer',
  ])('ignores the outside destination %s and opens the dashboard', async (destination) => {
    createTestBackend();
    const { user } = renderLoginApp(`/login?destination=${encodeURIComponent(destination)}`);

    await signInWith(user, ownerEmail, ownerPassword);

    await waitFor(() => expect(left()).toEqual(['/']));
  });

  it('sends a visitor signed in already on to the destination without showing the form', () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { arrival } = renderLoginApp('/login?destination=%2Fprofile');

    expect(arrival).toEqual({ kind: 'leave', to: '/profile' });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows the form for a session whose id token has expired (the console could not refresh it)', () => {
    createTestBackend();
    window.localStorage.setItem(
      'parley.session',
      JSON.stringify({ idToken: 'old', refreshToken: 'old', expiresAt: Date.now() - 1000 }),
    );
    renderLoginApp('/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
  });

  it('checks the fields before sending: says what is missing next to each and focuses the first', async () => {
    const backend = createTestBackend();
    const { user } = renderLoginApp('/login');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required');
    await user.type(email, 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(backend.server.requestsTo(identityApi.signIn)).toHaveLength(0);
  });

  it('shows and hides the password on request', async () => {
    createTestBackend();
    const { user } = renderLoginApp('/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('shows the mapped message for a wrong password as an error notification that stays until closed', async () => {
    createTestBackend();
    const { user } = renderLoginApp('/login');

    await signInWith(user, ownerEmail, 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Wrong email address or password. Check both and try again.');
    expect(currentUrl()).toBe('/login');
    expect(left()).toEqual([]);

    // The right password then signs in, and the failure goes with it.
    await user.clear(screen.getByLabelText('Password'));
    await signInWith(user, '', ownerPassword);
    await waitFor(() => expect(left()).toEqual(['/']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes an error notification when the person closes it', async () => {
    createTestBackend();
    const { user } = renderLoginApp('/login');
    await signInWith(user, ownerEmail, 'wrong-password');

    const alert = await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(alert).not.toBeInTheDocument();
  });

  it('shows the mapped message for a wrong password, in German', async () => {
    createTestBackend();
    const { user } = renderLoginApp('/login');

    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await signInWith(user, ownerEmail, 'falsches-passwort', {
      email: 'E-Mail',
      password: 'Passwort',
      submit: 'Anmelden',
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Anmeldung fehlgeschlagen');
    expect(alert).toHaveTextContent(
      'E-Mail-Adresse oder Passwort falsch. Bitte prüfen Sie beide und versuchen Sie es erneut.',
    );
  });

  it('shows the too-many-requests message after repeated failures, in one notification', async () => {
    const backend = createTestBackend();
    const { user } = renderLoginApp('/login');
    const password = screen.getByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), ownerEmail);

    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await user.clear(password);
      await user.type(password, `wrong-${attempt}`);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(backend.server.requestsTo(identityApi.signIn)).toHaveLength(attempt));
    }

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows a disabled owner the too-many-requests message', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.signIn, () => ({
      status: 403,
      body: { code: 'auth/user-disabled', message: 'Disabled' },
    }));
    const { user } = renderLoginApp('/login');

    await signInWith(user, ownerEmail, ownerPassword);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('maps a failed connection to the network message', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.signIn, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderLoginApp('/login');

    await signInWith(user, ownerEmail, ownerPassword);

    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('switches the language and remembers it', async () => {
    createTestBackend();
    const { user, unmount } = renderLoginApp('/login');

    await user.selectOptions(screen.getByLabelText('Language'), 'de');

    expect(screen.getByRole('heading', { level: 1, name: 'Bei Parley anmelden' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(JSON.parse(window.localStorage.getItem('parley.locale') ?? 'null')).toBe('de');

    unmount();
    renderLoginApp('/login');
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
  });

  it('shows the support link and email from the configuration', async () => {
    createTestBackend();
    renderLoginApp('/login');

    expect(await screen.findByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example.com',
    );
    expect(screen.getByRole('link', { name: /help@example.com/ })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('says what the console handed over: an expired session, a changed password, a failed sign-out', async () => {
    createTestBackend();
    handToLogin({ reason: 'expired' });
    const first = renderLoginApp('/login?destination=%2Ftemplates');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
    first.unmount();

    // Said once: a reload of the page does not say it again.
    const again = renderLoginApp('/login');
    expect(screen.queryByRole('status')).toBeNull();
    again.unmount();

    handToLogin({ reason: 'password-changed' });
    const second = renderLoginApp('/login');
    expect(await screen.findByRole('status')).toHaveTextContent('Sign in with your new password.');
    second.unmount();

    handToLogin({ reason: 'sign-out-failed', code: 'auth/network-request-failed' });
    renderLoginApp('/login');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-out failed');
    expect(alert).toHaveTextContent('The server cannot be reached.');
  });
});
