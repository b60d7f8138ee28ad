import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, makeQuestion, serveCampaign } from '@/testing/campaign-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

const page = `/connect/campaigns/${campaignId}`;

// The campaign page's lazy module (with the date picker) is transformed on first use; doing it
// here keeps the first test's time its own on a busy machine.
beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

describe('campaign settings', () => {
  it('words each invalid field and sends nothing', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    const { user } = renderApp(page);

    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'B');
    expect(await screen.findByText('The title needs at least 2 characters.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'x'.repeat(5001).slice(0, 10));
    await user.click(screen.getByRole('radio', { name: 'At a date' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Choose the date and time the campaign ends.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'At a number of answers' }));
    await user.type(screen.getByRole('textbox', { name: /^Participation target/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('The participation target must be a whole number of at least 1.'),
    ).toBeVisible();
    expect(screen.getByText('The title needs at least 2 characters.')).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.update, { id: campaignId })).toHaveLength(0);
  });

  it('sends the updatedAt it read; a stale answer explains itself and reloads on request', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveCampaign(backend, makeCampaign());
    backend.server.on(api.campaigns.update, { id: campaignId }, () => ({
      status: 409,
      body: { code: 'conflict/stale', message: 'The record changed since it was read; reload it.' },
    }));
    const { user } = renderApp(page);

    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(title, ' 2025');
    // Meanwhile someone else renamed it.
    state.campaign = {
      ...state.campaign,
      title: 'Bike survey (final)',
      updatedAt: '2025-03-05T08:00:00.000Z',
    };
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Someone else changed this campaign')).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.update, { id: campaignId })[0]?.body).toMatchObject({
      title: 'Bike survey 2025',
      updatedAt: '2025-03-02T10:00:00.000Z',
    });

    await user.click(within(alert).getByRole('button', { name: 'Reload campaign' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Bike survey (final)'),
    );
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('asks before leaving unsaved changes', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    const { user } = renderApp(page);

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), ' 2025');
    await user.click(screen.getByRole('tab', { name: 'Questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Bike survey 2025');

    await user.click(screen.getByRole('tab', { name: 'Questions' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Add question' })).toBeVisible();
  });

  it('locks every field but the end condition of an ended campaign, and says why', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'ended', hasStarted: true }));
    renderApp(page);

    expect(
      await screen.findByText(/This campaign has ended, so only its end condition can be changed/),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Open link/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'At a date' })).toBeEnabled();
    expect(screen.getByText('The link works only while the campaign is running.')).toBeVisible();
  });
});

describe('campaign lifecycle', () => {
  it('warns about too few questions before starting, then starts', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveCampaign(backend, makeCampaign({ questionCount: 2 }), [
      makeQuestion('How old is your bike?', ['New', 'Old']),
      makeQuestion('Anything else?', []),
    ]);
    backend.server.on(api.campaigns.start, { id: campaignId }, () => {
      state.campaign = { ...state.campaign, state: 'running', hasStarted: true };
      return { body: state.campaign };
    });
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the campaign?' });
    expect(within(dialog).getByText('Too few questions')).toBeVisible();
    expect(within(dialog).getByText(/This campaign has only 2 questions/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));

    expect(await screen.findByText('The campaign is running.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.start, { id: campaignId })).toHaveLength(1);
  });

  it('cannot start a campaign without questions, and says why', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the campaign?' });
    expect(within(dialog).getByText(/has no questions yet/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Start campaign' })).toBeDisabled();
    // The focus waits on what can be done, and the dialog's × says what it does.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.start, { id: campaignId })).toHaveLength(0);
  });

  it('shows the server refusing to start when the questions went meanwhile', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    // The console still counts one question; another owner deleted it since.
    serveCampaign(backend, makeCampaign({ questionCount: 1 }), [makeQuestion('Anything else?', [])]);
    backend.server.on(api.campaigns.start, { id: campaignId }, () => ({
      status: 409,
      body: { code: 'campaign/too-few-questions', message: 'Add at least one question before starting.' },
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the campaign?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A campaign needs at least one question to start');
  });
});

describe('(re)start with the end condition met', () => {
  const ended = () =>
    makeCampaign({
      state: 'ended',
      hasStarted: true,
      questionCount: 1,
      ticketCount: 1,
      endCondition: { type: 'participationTarget', target: 1 },
    });

  it('says why before restarting, and saves a higher target and restarts in one go', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveCampaign(backend, ended(), [makeQuestion('Anything else?', [])]);
    backend.server.on(api.campaigns.update, { id: campaignId }, ({ body }) => {
      const { updatedAt: _read, ...input } = body as Record<string, unknown>;
      state.campaign = { ...state.campaign, ...input, updatedAt: '2025-03-03T10:00:00.000Z' };
      return { body: state.campaign };
    });
    backend.server.on(api.campaigns.start, { id: campaignId }, () => {
      state.campaign = { ...state.campaign, state: 'running' };
      return { body: state.campaign };
    });
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart the campaign?' });
    expect(within(dialog).getByText('The end condition is met')).toBeVisible();
    expect(
      within(dialog).getByText(
        'The participation target (1) is reached with 1 answer so far, so the campaign would end again at once.',
      ),
    ).toBeVisible();
    // The plain "Restart campaign" (which could only fail) is not offered.
    expect(within(dialog).queryByRole('button', { name: 'Restart campaign' })).toBeNull();

    const target = within(dialog).getByRole('textbox', { name: /^Participation target/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save and restart' }));
    expect(await within(dialog).findByText('Choose a target above the 1 answer so far.')).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.update, { id: campaignId })).toHaveLength(0);

    await user.clear(target);
    await user.type(target, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save and restart' }));

    expect(await screen.findByText('The campaign is running.')).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.update, { id: campaignId })[0]?.body).toMatchObject({
      endCondition: { type: 'participationTarget', target: 5 },
      title: 'Bike survey',
      updatedAt: '2025-03-02T10:00:00.000Z',
    });
    expect(backend.server.requestsTo(api.campaigns.start, { id: campaignId })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restart the campaign?' })).toBeNull());
  });

  it('a draft whose end date has passed starts once the owner chooses "only when stopped"', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveCampaign(
      backend,
      makeCampaign({ questionCount: 3, endCondition: { type: 'date', endsAt: '2025-03-01T18:30:00.000Z' } }),
    );
    backend.server.on(api.campaigns.update, { id: campaignId }, ({ body }) => {
      const { updatedAt: _read, ...input } = body as Record<string, unknown>;
      state.campaign = { ...state.campaign, ...input, updatedAt: '2025-03-03T10:00:00.000Z' };
      return { body: state.campaign };
    });
    backend.server.on(api.campaigns.start, { id: campaignId }, () => {
      state.campaign = { ...state.campaign, state: 'running', hasStarted: true };
      return { body: state.campaign };
    });
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the campaign?' });
    expect(within(dialog).getByText(/^The end date \(.+\) has passed/)).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Only when stopped' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save and start' }));

    expect(await screen.findByText('The campaign is running.')).toBeVisible();
    expect(backend.server.requestsTo(api.campaigns.update, { id: campaignId })[0]?.body).toMatchObject({
      endCondition: { type: 'never' },
    });
    expect(backend.server.requestsTo(api.campaigns.start, { id: campaignId })).toHaveLength(1);
  });

  it('offers "only when stopped" too, and Cancel changes nothing', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(
      backend,
      makeCampaign({
        state: 'ended',
        hasStarted: true,
        questionCount: 1,
        endCondition: { type: 'date', endsAt: '2025-03-01T18:30:00.000Z' },
      }),
    );
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart the campaign?' });
    expect(within(dialog).getByText(/^The end date \(.+\) has passed/)).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Only when stopped' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restart the campaign?' })).toBeNull());
    expect(backend.server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});

describe('participants tab', () => {
  it('says the list could not be loaded (not that nobody answered) and loads it again on request', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(
      backend,
      makeCampaign({ state: 'running', hasStarted: true, questionCount: 1, ticketCount: 4 }),
    );
    backend.server.on(api.tickets.list, () => ({
      status: 500,
      body: { code: 'internal', message: 'Something went wrong (request x).' },
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('tab', { name: 'Participants' }));
    expect(
      await screen.findByText('This could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    expect(screen.queryByText('No answers yet')).toBeNull();

    backend.server.on(api.tickets.list, () => ({ body: { documents: [], total: 0 } }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No answers yet')).toBeVisible();
  });
});
