import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { makeStatistics } from '@/testing/result-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp, resetAppState } from '@/testing/test-utils';

const page = `/connect/campaigns/${campaignId}?tab=statistics`;

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

afterEach(resetAppState);

const serve = (statistics = makeStatistics()) => {
  const backend = createTestBackend();
  backend.signInStored();
  serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true }));
  backend.server.on(api.results.statistics, { id: campaignId }, ({ query }) => ({
    body: { ...statistics, daysNumber: Number(query.get('daysNumber') ?? statistics.daysNumber) },
  }));
  return backend;
};

describe('statistics tab', () => {
  it('shows the headline numbers, the answers per day and the time zone', async () => {
    const backend = serve();
    renderApp(page);

    const figures = await screen.findByRole('group', { name: 'The campaign in figures' });
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Answers')).toBe('5');
    expect(figure('Invited')).toBe('20');
    expect(figure('Delivered')).toBe('18');
    expect(figure('Opened')).toBe('9');
    expect(figure('Response rate')).toBe('22.2%');
    expect(figure('Completion')).toBe('44.4%');
    expect(figure('Median time to answer')).toBe('2 h 5 min');
    expect(figure('Answers by open link')).toBe('1');
    expect(figure('Answers by invitation')).toBe('4');

    expect(screen.getByRole('figure', { name: 'Answers per day' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Answers per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(within(rows.at(-1)!).getByRole('rowheader')).toHaveTextContent('03/10/2025');
    expect(within(rows.at(-1)!).getByRole('cell')).toHaveTextContent('3');
    expect(screen.getByText(/5 answers from 12\/11\/2024 to 03\/10\/2025/)).toBeInTheDocument();
    expect(screen.getByText('Days are counted in the time zone Europe/Berlin.')).toBeVisible();
    expect(backend.server.requestsTo(api.results.statistics).at(-1)?.query.get('language')).toBe('en');
  });

  it("asks for the campaign's own days by default, and can come back to them", async () => {
    const backend = serve();
    const { user } = renderApp(page);
    await screen.findByRole('group', { name: 'The campaign in figures' });
    // No window asked: the server answers the campaign's start (or the last 90 days) to its end or today.
    expect(backend.server.requestsTo(api.results.statistics).at(-1)?.query.has('daysNumber')).toBe(false);
    expect(screen.getByRole('radio', { name: 'Campaign' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() =>
      expect(backend.server.requestsTo(api.results.statistics).at(-1)?.query.get('daysNumber')).toBe('90'),
    );
    expect(currentUrl()).toContain('days=90');

    await user.click(screen.getByRole('radio', { name: 'Campaign' }));
    await waitFor(() => expect(currentUrl()).not.toContain('days='));
    expect(backend.server.requestsTo(api.results.statistics).at(-1)?.query.has('daysNumber')).toBe(false);
  });

  it('asks for another window and keeps it in the address', async () => {
    const backend = serve();
    const { user } = renderApp(page);
    await screen.findByRole('group', { name: 'The campaign in figures' });

    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() =>
      expect(backend.server.requestsTo(api.results.statistics).at(-1)?.query.get('daysNumber')).toBe('30'),
    );
    expect(currentUrl()).toContain('days=30');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
  });

  it('says when there are no answers yet, and writes in German', async () => {
    serve(
      makeStatistics({ answers: 0, answersInWindow: 0, medianSecondsToAnswer: null, responseRate: null }),
    );
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('de');
    renderApp(page);

    expect(await screen.findByText('Noch keine Antworten')).toBeVisible();
    const figures = screen.getByRole('group', { name: 'Die Kampagne in Zahlen' });
    expect(within(figures).getByText('Rücklaufquote').nextElementSibling?.textContent).toBe('–');
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
