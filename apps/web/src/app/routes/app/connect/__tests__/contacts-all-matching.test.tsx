import { api } from '@parley/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '@/testing/contact-fixtures';
import { makeTagReport } from '@/testing/tag-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

/** A filtered list with 57 matches, of which the page shows two. */
const setUp = () => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.contacts.filterData, () => ({ body: { countries: [], cities: [], campaigns: [] } }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [] } }));
  backend.server.on(api.tags.search, () => ({ body: { documents: [], total: 0 } }));
  const page = [makeContact({ email: 'a@example.com' }), makeContact({ email: 'b@example.com' })];
  backend.server.on(api.contacts.list, () => ({ body: { documents: page, total: 57 } }));
  backend.server.on(api.contacts.bulkDelete, () => ({ status: 204 }));
  backend.server.on(api.tags.edit, ({ body }) => ({
    body: makeTagReport({
      check: (body as { callForCheck: boolean }).callForCheck,
      contacts: 57,
      tagged: 57,
    }),
  }));
  const view = renderApp('/connect/contacts?q=bike&tag=vip');
  return { backend, ...view };
};

const selectAllMatching = async (user: ReturnType<typeof setUp>['user']) => {
  await user.click(await screen.findByRole('checkbox', { name: 'Select everyone on this page' }));
  expect(screen.getByText('2 selected')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Select all 57 matching contacts' }));
  expect(screen.getByText('All 57 matching contacts are selected')).toBeVisible();
  return within(screen.getByRole('group', { name: 'Actions for the selected' }));
};

describe('select all matching contacts', () => {
  it('deletes every contact of the filter by sending the filter, not the ids', async () => {
    const { backend, user } = setUp();
    const actions = await selectAllMatching(user);
    // Inviting and adding to a list name each contact: not offered for "all matching".
    expect(actions.queryByRole('button', { name: 'Invite to campaigns' })).toBeNull();

    await user.click(actions.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 57 contacts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 57 contacts' }));

    expect(await screen.findByText('57 contacts were deleted; their answers were kept.')).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.bulkDelete).map((r) => r.body)).toEqual([
      { filter: { search: 'bike', 'tags[]': ['vip'] }, eraseAnswers: false },
    ]);
  });

  it('tags every contact of the filter, and a changed box goes back to the contacts chosen', async () => {
    const { backend, user } = setUp();
    const actions = await selectAllMatching(user);
    await user.click(actions.getByRole('button', { name: 'Add tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Add tags to 57 contacts' });
    await user.type(within(picker).getByRole('combobox', { name: /^Tags to add/ }), 'fair{Enter}');
    await user.click(within(picker).getByRole('button', { name: 'Check' }));
    await screen.findByRole('dialog', { name: /57 contacts/ });
    expect(backend.server.requestsTo(api.tags.edit)[0]?.body).toEqual({
      filter: { search: 'bike', 'tags[]': ['vip'] },
      addedTags: ['fair'],
      removedTags: [],
      callForCheck: true,
    });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Select a@example.com' }));
    expect(await screen.findByText('1 selected')).toBeVisible();
  });
});
