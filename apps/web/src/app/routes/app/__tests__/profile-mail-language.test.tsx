import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/profile');
}, 60_000);

const section = async () => within(await screen.findByRole('region', { name: 'Email notifications' }));

/** The language of the owner's mails (docs/product-decisions.md, "Owner mails"). */
describe('profile: the language of the emails', () => {
  it('shows the saved language and saves a change at once', async () => {
    const backend = createTestBackend({ owner: makeOwner({ language: 'en' }) });
    backend.signInStored();
    const { user } = renderApp('/profile');

    const select = (await section()).getByRole('combobox', { name: /^Language of your emails/ });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'de');
    await waitFor(() => expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(1));
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({ language: 'de' });
    expect(await screen.findByText('Your emails now come in Deutsch.')).toBeVisible();
    await waitFor(() => expect(select).toHaveValue('de'));
    expect(backend.state.owner.language).toBe('de');
  });

  it("follows a switch of the console's language", async () => {
    const backend = createTestBackend({ owner: makeOwner({ language: 'en' }) });
    backend.signInStored();
    const { user } = renderApp('/profile');
    await section();
    expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    await waitFor(() => expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(1));
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({ language: 'de' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Sprache Ihrer E-Mails/ })).toHaveValue('de'),
    );
  });
});
