import { api, identityApi } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveTo, takeLoginNotice } from '@/lib/leave-page';
import { storageKeys, writeStorage } from '@/lib/storage';
import { createTestBackend, makeOwner, ownerPassword } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

describe('profile', () => {
  it('changes the name and keeps the saved profile in step', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/profile');

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Olivia Owner');
    expect(screen.getByText('Acme Bikes')).toBeVisible();
    // One letter is not a name (a name is 2–100 characters, docs/product-decisions.md): said at once, nothing sent.
    await user.clear(name);
    await user.type(name, 'O');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('At least 2 characters')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '  Olivia Maker ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Your name has been saved.')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({
      name: 'Olivia Maker',
    });
    const saved = JSON.parse(window.localStorage.getItem(storageKeys.savedUser) ?? '{}');
    expect(saved.owner.name).toBe('Olivia Maker');
  });

  it('refuses an avatar that is no https image address before sending, and saves an https one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/profile');

    const avatar = await screen.findByLabelText('Picture address');
    await user.type(avatar, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByText('Enter the https address of an image')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(0);

    await user.clear(avatar);
    await user.type(avatar, ' https://cdn.example.com/olivia.png ');
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByText('Your profile picture has been saved.')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({
      avatar: 'https://cdn.example.com/olivia.png',
    });
  });

  it("sets the manufacturer's country of phone numbers and its https privacy-notice and imprint links", async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Settings of Acme Bikes' })).toBeVisible();
    const country = screen.getByRole('combobox', { name: /^Country of phone numbers/ });
    expect(country).toHaveValue('Germany (DE)');
    const privacy = screen.getByRole('textbox', { name: /^Privacy notice/ });
    await user.type(privacy, 'http://acme.example/privacy');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter an https address (plain http is not accepted)')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateManufacturer)).toHaveLength(0);

    await user.clear(privacy);
    await user.type(privacy, 'https://acme.example/privacy');
    await user.type(screen.getByRole('textbox', { name: /^Imprint/ }), 'https://acme.example/imprint');
    await user.click(country);
    await user.clear(country);
    await user.type(country, 'Austria');
    await user.click(await screen.findByRole('option', { name: 'Austria (AT)' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('The settings have been saved for every owner of your manufacturer.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.owner.updateManufacturer)[0]?.body).toEqual({
      defaultCountry: 'AT',
      privacyUrl: 'https://acme.example/privacy',
      imprintUrl: 'https://acme.example/imprint',
    });
    const saved = JSON.parse(window.localStorage.getItem(storageKeys.savedUser) ?? '{}');
    expect(saved.owner.manufacturer.defaultCountry).toBe('AT');
  });

  it('changes the password and stores the fresh tokens', async () => {
    const backend = createTestBackend();
    const { idToken } = backend.signInStored();
    const { user } = renderApp('/profile');

    await user.type(await screen.findByLabelText('Current password'), ownerPassword);
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    const [change] = backend.server.requestsTo(identityApi.passwordChange);
    expect(change?.headers.get('x-auth-token')).toBe(idToken);
    expect(change?.body).toEqual({ currentPassword: ownerPassword, newPassword: 'a-new-password' });
    const session = JSON.parse(window.localStorage.getItem(storageKeys.session) ?? '{}');
    expect(session.idToken).not.toBe(idToken);
  });

  it('checks the new password before sending it', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/profile');

    await user.type(await screen.findByLabelText('Current password'), ownerPassword);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('At least 8 characters')).toBeVisible();
    expect(screen.getByText('The passwords do not match')).toBeVisible();
    expect(backend.server.requestsTo(identityApi.passwordChange)).toHaveLength(0);
  });

  it('shows a wrong current password with its mapped message', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const { user } = renderApp('/profile');

    await user.type(await screen.findByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password change failed');
    expect(alert).toHaveTextContent('The password is wrong.');
    // The field at fault is marked too: the message stands under it as well as in the notification.
    await waitFor(() => expect(screen.getAllByText('The password is wrong.')).toHaveLength(2));
  });
});

describe('saved profile', () => {
  it('uses the profile saved less than 30 minutes ago without asking the server', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    writeStorage(storageKeys.savedUser, {
      savedAt: Date.now() - 29 * 60_000,
      owner: makeOwner({ name: 'Cached Name' }),
    });
    renderApp('/');

    expect(await screen.findByText('Welcome, Cached Name')).toBeVisible();
    expect(backend.server.requestsTo(api.owner.meSmall)).toHaveLength(0);
  });

  it('loads the profile again once the saved one is 30 minutes old', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    writeStorage(storageKeys.savedUser, {
      savedAt: Date.now() - 31 * 60_000,
      owner: makeOwner({ name: 'Cached Name' }),
    });
    renderApp('/');

    expect(await screen.findByText('Welcome, Olivia Owner')).toBeVisible();
    await waitFor(() => expect(backend.server.requestsTo(api.owner.meSmall)).toHaveLength(1));
  });
});

describe('session restore', () => {
  it('refreshes an id token that expired while the console was closed', async () => {
    const backend = createTestBackend();
    const tokens = backend.issueTokens();
    writeStorage(storageKeys.session, { ...tokens, expiresAt: Date.now() - 1000 });
    renderApp('/templates');

    expect(await screen.findByRole('heading', { level: 1, name: 'Response templates' })).toBeVisible();
    expect(backend.server.requestsTo(identityApi.refresh)[0]?.body).toEqual({
      refreshToken: tokens.refreshToken,
    });
  });

  it('sends the visitor to /login when the stored refresh token is revoked', async () => {
    const backend = createTestBackend();
    writeStorage(storageKeys.session, {
      idToken: 'stale',
      refreshToken: 'revoked',
      expiresAt: Date.now() - 1000,
    });
    renderApp('/templates');

    await waitFor(() => expect(vi.mocked(leaveTo)).toHaveBeenCalledWith('/login?destination=%2Ftemplates'));
    // The sign-in page says why (lib/leave-page.ts): the console's own notice would not survive the page load.
    expect(takeLoginNotice()).toEqual({ reason: 'expired' });
    expect(backend.server.requestsTo(identityApi.refresh)).toHaveLength(1);
  });
});
