import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId } from '@/testing/campaign-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';
import { makeTicket, serveTicket, ticketId } from '@/testing/ticket-fixtures';

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign-ticket');
}, 60_000);

const page = `/connect/campaigns/${campaignId}/tickets/${ticketId}`;

const openTicket = async (url: string) => {
  const backend = createTestBackend();
  backend.signInStored();
  serveTicket(backend, makeTicket());
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Anna Example' });
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
};

describe('the sidebar on a campaign ticket', () => {
  it('highlights the Inbox, not Campaigns, for a ticket opened from the Inbox', async () => {
    const nav = await openTicket(`${page}?inbox=1&archived=all`);
    expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Campaigns' })).not.toHaveAttribute('aria-current');
  });

  it('highlights Campaigns for a ticket opened from its campaign', async () => {
    const nav = await openTicket(page);
    expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Inbox' })).not.toHaveAttribute('aria-current');
  });
});
