import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '@/testing/campaign-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('campaign list', () => {
  it('shows the empty state with a call to action that opens the create form', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.campaigns.list, () => ({ body: { documents: [], total: 0 } }));
    const { user } = renderApp('/connect/campaigns');

    expect(await screen.findByText('No campaigns yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByRole('dialog', { name: 'New campaign' })).toBeVisible();
  });

  it('sends the state filter, the search and the page to the server, and lists what it answers', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const target = makeCampaign({
      title: 'Old survey',
      state: 'archived',
      ticketCount: 3,
      endCondition: { type: 'participationTarget', target: 4 },
      updatedAt: '2025-03-04T09:00:00.000Z',
    });
    backend.server.on(api.campaigns.list, ({ query }) => ({
      body:
        query.get('states[]') === 'archived'
          ? { documents: [target], total: 45 }
          : { documents: [], total: 0 },
    }));
    const { user } = renderApp('/connect/campaigns');
    await screen.findByText('No campaigns yet');
    // By default nothing names a state: the server leaves archived campaigns out.
    expect(backend.server.requestsTo(api.campaigns.list)[0]?.url).toBe(
      '/api/v2/campaign/all?page=1&limit=20&sort=-createdAt',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Archived');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'old');

    const row = (await screen.findByRole('link', { name: 'Old survey' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Archived')).toBeVisible();
    expect(cells.getByText('3 of 4')).toBeVisible();
    expect(cells.getByText('03/04/2025')).toBeVisible();
    await waitFor(() =>
      expect(backend.server.requestsTo(api.campaigns.list).at(-1)?.url).toBe(
        '/api/v2/campaign/all?page=1&limit=20&sort=-createdAt&search=old&states[]=archived',
      ),
    );
    expect(currentUrl()).toBe('/connect/campaigns?state=archived&q=old');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(backend.server.requestsTo(api.campaigns.list).at(-1)?.query.get('page')).toBe('2'),
    );
  });

  it('leaving the empty title for another control says nothing until the owner submits or types', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.campaigns.list, () => ({ body: { documents: [], total: 0 } }));
    const { user } = renderApp('/connect/campaigns');

    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    // The title has the focus; a click elsewhere blurs it without a word (an error shown on blur
    // would shift the dialog under the pointer and swallow that click in a real browser).
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'At a date' }));
    expect(within(dialog).getByRole('radio', { name: 'At a date' })).toBeChecked();
    expect(within(dialog).queryByText('The title needs at least 2 characters.')).toBeNull();
    // Typing checks the field it changes.
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'S');
    expect(within(dialog).getByText('The title needs at least 2 characters.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'p');
    expect(within(dialog).queryByText('The title needs at least 2 characters.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New campaign' })).toBeNull());
  });

  it('creates a campaign and opens it on its questions', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const created = makeCampaign({ title: 'Spring survey' });
    backend.server.on(api.campaigns.list, () => ({ body: { documents: [], total: 0 } }));
    backend.server.on(api.campaigns.create, () => ({ status: 201, body: created }));
    backend.server.on(api.campaigns.get, { id: created._id }, () => ({ body: created }));
    backend.server.on(api.questions.list, { id: created._id }, () => ({ body: { documents: [] } }));
    const { user } = renderApp('/connect/campaigns');

    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByText('The title needs at least 2 characters.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'pring survey');
    await user.click(within(dialog).getByRole('radio', { name: 'At a number of answers' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Participation target/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Spring survey' })).toBeVisible();
    expect(currentUrl()).toBe(`/connect/campaigns/${created._id}?tab=questions`);
    expect(backend.server.requestsTo(api.campaigns.create)[0]?.body).toMatchObject({
      title: 'Spring survey',
      language: 'en',
      endCondition: { type: 'participationTarget', target: 50 },
      openLink: true,
    });
  });
});
