import { api, type DashboardCampaign } from '@parley/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/dashboard');
}, 60_000);

const hour = 3_600_000;

const makeCampaign = (over: Partial<DashboardCampaign> = {}): DashboardCampaign => ({
  _id: '55555555-5555-4555-8555-000000000001',
  title: 'Bike survey',
  state: 'running',
  answers: 1234,
  answersLast7Days: 12,
  invited: 3000,
  responseRate: 0.4,
  lastAnswerAt: new Date(Date.now() - 2 * hour).toISOString(),
  ...over,
});

/** A figure of a campaign's card: the value after its term. */
const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextSibling;

describe('the dashboard’s running campaigns', () => {
  it('shows each running campaign’s numbers, linked to its statistics', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const older = makeCampaign({
      _id: '55555555-5555-4555-8555-000000000002',
      title: 'Helmet survey',
      answers: 3,
      answersLast7Days: 0,
      invited: 0,
      responseRate: null,
      lastAnswerAt: '2025-01-15T10:00:00.000Z',
    });
    backend.server.on(api.results.dashboard, () => ({
      body: { campaigns: [makeCampaign(), older], total: 5 },
    }));
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: 'Running campaigns' })).toBeVisible();
    const link = await screen.findByRole('link', { name: 'Bike survey' });
    expect(link).toHaveAttribute(
      'href',
      '/connect/campaigns/55555555-5555-4555-8555-000000000001?tab=statistics',
    );
    const card = link.closest('li') as HTMLElement;
    expect(figure(card, 'Answers')).toHaveTextContent('1,234');
    expect(figure(card, 'Last 7 days')).toHaveTextContent('12');
    expect(figure(card, 'Invited')).toHaveTextContent('3,000');
    expect(figure(card, 'Response rate')).toHaveTextContent('40%');
    expect(figure(card, 'Last answer')).toHaveTextContent('2 hours ago');

    const second = screen.getByRole('link', { name: 'Helmet survey' }).closest('li') as HTMLElement;
    expect(figure(second, 'Response rate')).toHaveTextContent('–');
    expect(figure(second, 'Last answer')).toHaveTextContent('01/15/2025');

    await user.click(screen.getByRole('link', { name: 'All campaigns (5 running)' }));
    expect(currentUrl()).toBe('/connect/campaigns');
  });

  it('says when no campaign is running, with a way to the campaigns', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp('/');

    expect(await screen.findByText('No campaign is running')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to campaigns' })).toHaveAttribute(
      'href',
      '/connect/campaigns',
    );
    expect(screen.queryByRole('link', { name: /All campaigns/ })).toBeNull();
    expect(backend.server.requestsTo(api.results.dashboard)).toHaveLength(1);
  });

  it('offers a retry when the running campaigns did not load', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.results.dashboard, () => ({
      status: 500,
      body: { code: 'internal', message: 'Internal Server Error' },
    }));
    const { user } = renderApp('/');

    expect(await screen.findByText('The running campaigns could not be loaded.')).toBeVisible();
    backend.server.on(api.results.dashboard, () => ({ body: { campaigns: [makeCampaign()], total: 1 } }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Bike survey' })).toBeVisible();
  });

  it('shows nothing and asks nothing when connect is not enabled', async () => {
    const backend = createTestBackend({ owner: makeOwner({ isParleyConnectEnabled: false }) });
    backend.signInStored();
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: 'News and information' })).toBeVisible();
    expect(await screen.findByText('No news right now')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Running campaigns' })).toBeNull();
    expect(backend.server.requestsTo(api.results.dashboard)).toHaveLength(0);
  });
});
