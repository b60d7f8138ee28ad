import { api } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestBackend, defaultConfig } from '@/testing/test-backend';
import { renderApp, renderLoginApp, renderPublicApp } from '@/testing/test-utils';

/** A backend whose configuration switches Plausible on. */
const withPlausible = () => {
  const backend = createTestBackend();
  backend.server.on(api.info.config, () => ({
    body: {
      ...defaultConfig,
      analytics: { provider: 'plausible', domain: 'console.example.com', scriptUrl: null },
    },
  }));
  return backend;
};

describe('page-view tracking', () => {
  it('loads the configured Plausible script and reports each route change without its query', async () => {
    const backend = withPlausible();
    backend.signInStored();
    const { user } = renderApp('/connect/campaigns?page=2');

    await user.click(await screen.findByRole('link', { name: 'Contacts' }));
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });

    const script = document.head.querySelector<HTMLScriptElement>('script[data-domain]');
    expect(script?.dataset.domain).toBe('console.example.com');
    expect(script?.src).toBe('https://plausible.io/js/script.manual.js');
    const calls = (window.plausible?.q ?? []).map((args) => [args[0], (args[1] as { u: string }).u]);
    expect(calls).toEqual([
      ['pageview', `${window.location.origin}/connect/campaigns`],
      ['pageview', `${window.location.origin}/connect/contacts`],
    ]);
  });

  it('reports the sign-in page (its own light application) without its destination', async () => {
    withPlausible();
    const before = window.plausible?.q?.length ?? 0;
    renderLoginApp('/login?destination=%2Fprofile');

    await waitFor(() => expect((window.plausible?.q ?? []).length).toBe(before + 1));
    const calls = (window.plausible?.q ?? [])
      .slice(before)
      .map((args) => [args[0], (args[1] as { u: string }).u]);
    expect(calls).toEqual([['pageview', `${window.location.origin}/login`]]);
  });

  it("reports a public page too, with a secret link's token replaced", async () => {
    const backend = withPlausible();
    backend.server.on(api.participation.ticket, { token: 'secret-ticket-token' }, () => ({
      status: 404,
      body: { code: 'not-found', message: 'The ticket does not exist.' },
    }));
    const before = window.plausible?.q?.length ?? 0;
    renderPublicApp('/p/t/secret-ticket-token');

    await screen.findByRole('heading', { level: 1 });
    // The page view is reported once the analytics configuration has loaded, which may come after the heading.
    await waitFor(() => expect((window.plausible?.q ?? []).length).toBe(before + 1));
    const calls = (window.plausible?.q ?? []).slice(before).map((args) => (args[1] as { u: string }).u);
    expect(calls).toEqual([`${window.location.origin}/p/t/:token`]);
    expect(JSON.stringify(window.plausible?.q)).not.toContain('secret-ticket-token');
  });
});
