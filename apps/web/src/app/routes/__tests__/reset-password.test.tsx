import { identityApi } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { leaveTo, takeLoginNotice } from '@/lib/leave-page';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('password reset', () => {
  it('requests a reset link for the lowercased address', async () => {
    const backend = createTestBackend();
    // The sign-in page's "Forgot password?" link (src/login) opens this address.
    const { user } = renderApp('/reset-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'Owner@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText(/we have sent it a link/)).toBeVisible();
    expect(backend.server.requestsTo(identityApi.passwordReset)[0]?.body).toEqual({
      email: 'owner@example.com',
      language: 'en',
    });
  });

  it('asks for the mail in the language the page is read in', async () => {
    const backend = createTestBackend();
    await i18n.changeLanguage('de');
    const { user } = renderApp('/reset-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeVisible();
    await user.type(screen.getByRole('textbox'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Link senden' }));

    await waitFor(() => expect(backend.server.requestsTo(identityApi.passwordReset)).toHaveLength(1));
    expect(backend.server.requestsTo(identityApi.passwordReset)[0]?.body).toEqual({
      email: 'owner@example.com',
      language: 'de',
    });
  });

  it('sets a new password with the token of the mailed link', async () => {
    const backend = createTestBackend();
    const { user } = renderApp('/reset-password?token=reset-token-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await user.type(screen.getByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    await waitFor(() => expect(vi.mocked(leaveTo)).toHaveBeenCalledWith('/login'));
    expect(currentUrl()).toBe('/login');
    // The sign-in page says it on arrival (lib/leave-page.ts).
    expect(takeLoginNotice()).toEqual({ reason: 'password-changed' });
    expect(backend.server.requestsTo(identityApi.passwordResetConfirm)[0]?.body).toEqual({
      token: 'reset-token-1',
      newPassword: 'brand-new-password',
    });
  });

  it('explains an expired link', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.passwordResetConfirm, () => ({
      status: 400,
      body: { code: 'auth/expired-action-code', message: 'Expired' },
    }));
    const { user } = renderApp('/reset-password?token=old');

    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  });

  it('says at once that a used or unknown link no longer works, and offers a new one', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.passwordResetCheck, () => ({
      status: 400,
      body: {
        code: 'auth/invalid-action-code',
        message: 'The reset link is invalid, used already or expired.',
      },
    }));
    const { user } = renderApp('/reset-password?token=used-token');

    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(backend.server.requestsTo(identityApi.passwordResetCheck)[0]?.body).toEqual({
      token: 'used-token',
    });

    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/we have sent it a link/)).toBeVisible();
    expect(backend.server.requestsTo(identityApi.passwordResetConfirm)).toHaveLength(0);
  });

  it('shows the form when the link could not be checked (offline), whose submit then reports it', async () => {
    const backend = createTestBackend();
    backend.server.on(identityApi.passwordResetCheck, () => ({
      status: 503,
      body: { code: 'unavailable' },
    }));
    renderApp('/reset-password?token=some-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    expect(screen.getByLabelText('New password')).toBeVisible();
  });
});
