import { identityApi } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestBackend, ownerEmail, ownerPassword } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

const signInWith = async (
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  password: string,
  labels = { email: 'Email', password: 'Password', submit: 'Sign in' },
) => {
  await user.type(await screen.findByLabelText(labels.email), email);
  await user.type(screen.getByLabelText(labels.password), password);
  await user.click(screen.getByRole('button', { name: labels.submit }));
};

describe('login', () => {
  it('sends a signed-out visitor to /login with the destination and back after sign-in', async () => {
    const backend = createTestBackend();
    const { user } = renderApp('/connect/contacts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Parley' })).toBeVisible();
    expect(currentUrl()).toBe('/login?destination=%2Fconnect%2Fcontacts');

    await signInWith(user, '  Owner@Example.COM ', ownerPassword);

    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    expect(currentUrl()).toBe('/connect/contacts');
    // The email is lowercased (and trimmed) before sending.
    const [signIn] = backend.server.requestsTo(identityApi.signIn);
    expect(signIn?.body).toEqual({ email: ownerEmail, password: ownerPassword });
  });

  it.each([
    'https://evil.example.com/',
    '//evil.example.com/path',
    '/\\evil.example.com',
    'javascript:alert(1)',
    '/p/f/some-manufacturer',
  ])('ignores the outside destination %s', async (destination) => {
    createTestBackend();
    const { user } = renderApp(`/login?destination=${encodeURIComponent(destination)}`);

    await signInWith(user, ownerEmail, ownerPassword);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(currentUrl()).toBe('/');
  });

  it('sends a signed-in visitor at /login to the destination', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/login?destination=%2Fprofile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(currentUrl()).toBe('/profile');
  });

  it('keeps the session over a reload', async () => {
    const backend = createTestBackend();
    const { user, unmount } = renderApp('/login');
    await signInWith(user, ownerEmail, ownerPassword);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    unmount();
    renderApp('/platform/tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets & posts' })).toBeVisible();
    expect(backend.server.requestsTo(identityApi.signIn)).toHaveLength(1);
  });

  it('shows the mapped message for a wrong password, in English', async () => {
    createTestBackend();
    const { user } = renderApp('/login');

    await signInWith(user, ownerEmail, 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Wrong email address or password. Check both and try again.');
    expect(currentUrl()).toBe('/login');

    // The right password then signs in, and the failure no longer stands on the dashboard.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), ownerPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Wrong email address or password/)).toBeNull());
  });

  it('shows the mapped message for a wrong password, in German', async () => {
    createTestBackend();
    const { user } = renderApp('/login');

    await user.selectOptions(await screen.findByLabelText('Language'), 'de');
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

  it('shows the too-many-requests message after repeated failures', async () => {
    const backend = createTestBackend();
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    await user.type(screen.getByLabelText('Email'), ownerEmail);

    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await user.clear(password);
      await user.type(password, `wrong-${attempt}`);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(backend.server.requestsTo(identityApi.signIn)).toHaveLength(attempt));
    }

    // One notification, updated in place: a sixth one must not wait unseen in the queue.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts.'));
  });

  it('shows a disabled owner the too-many-requests message', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.signIn, () => ({
      status: 403,
      body: { code: 'auth/user-disabled', message: 'Disabled' },
    }));
    const { user } = renderApp('/login');

    await signInWith(user, ownerEmail, ownerPassword);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('maps a failed connection to the network message', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.signIn, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderApp('/login');

    await signInWith(user, ownerEmail, ownerPassword);

    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
  });

  it('switches the language and remembers it', async () => {
    createTestBackend();
    const { user, unmount } = renderApp('/login');

    await user.selectOptions(await screen.findByLabelText('Language'), 'de');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bei Parley anmelden' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(JSON.parse(window.localStorage.getItem('parley.locale') ?? 'null')).toBe('de');

    unmount();
    renderApp('/login');
    expect(await screen.findByLabelText('Sprache')).toHaveValue('de');
  });

  it('shows the support link and email from the configuration', async () => {
    createTestBackend();
    renderApp('/login');

    expect(await screen.findByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'https://support.example.com',
    );
    expect(screen.getByRole('link', { name: /help@example.com/ })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
  });
});
