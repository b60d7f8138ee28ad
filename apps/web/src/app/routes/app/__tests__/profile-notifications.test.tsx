import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/profile');
}, 60_000);

const section = async () => within(await screen.findByRole('region', { name: 'Email notifications' }));

const switchOf = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByRole('switch', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('profile: email notifications', () => {
  it('shows one switch per kind as saved, and saves each change at once', async () => {
    const backend = createTestBackend({
      owner: makeOwner({
        mailNotifications: {
          newCampaignTicket: false,
          newComment: true,
          newFeedbackByUser: true,
          reminderMassFollowUp: false,
          campaignEnded: true,
          newContactRequest: false,
          postHiddenByReports: true,
        },
      }),
    });
    backend.signInStored();
    const { user } = renderApp('/profile');

    const notifications = await section();
    // A Mantine switch is named by its label and its description: the label comes first.
    const labels = [
      'New campaign ticket',
      'New message from a participant',
      'New feedback by a user',
      'Mass follow-up reminders sent',
      'Campaign ended',
      'New contact request',
      "Post hidden by visitors' reports",
    ];
    expect(notifications.getAllByRole('switch')).toHaveLength(labels.length);
    expect(labels.map((name) => [name, switchOf(notifications, name).checked])).toEqual([
      ['New campaign ticket', false],
      ['New message from a participant', true],
      ['New feedback by a user', true],
      ['Mass follow-up reminders sent', false],
      ['Campaign ended', true],
      ['New contact request', false],
      ["Post hidden by visitors' reports", true],
    ]);
    expect(
      notifications.getByText('When a participant writes to you in the conversation about their answer.'),
    ).toBeVisible();

    const tickets = switchOf(notifications, 'New campaign ticket');
    await user.click(tickets);
    await waitFor(() => expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(1));
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({
      mailNotifications: { newCampaignTicket: true },
    });
    expect(await screen.findByText('You will get emails for “New campaign ticket”.')).toBeVisible();
    expect(tickets).toBeChecked();

    await user.click(switchOf(notifications, 'Campaign ended'));
    await waitFor(() => expect(backend.server.requestsTo(api.owner.updateMe)).toHaveLength(2));
    expect(backend.server.requestsTo(api.owner.updateMe)[1]?.body).toEqual({
      mailNotifications: { campaignEnded: false },
    });
    await waitFor(() => expect(switchOf(notifications, 'Campaign ended')).not.toBeChecked());

    // The cached owner (and the one kept in this browser) follows the answers.
    await waitFor(() => {
      const saved = JSON.parse(window.localStorage.getItem(storageKeys.savedUser) ?? '{}');
      expect(saved.owner.mailNotifications).toMatchObject({ newCampaignTicket: true, campaignEnded: false });
    });
    expect(backend.state.owner.mailNotifications).toMatchObject({
      newCampaignTicket: true,
      newComment: true,
      campaignEnded: false,
    });
  });

  it('goes back to the saved setting when saving failed', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.owner.updateMe, () => ({
      status: 500,
      body: { code: 'internal', message: 'Failed' },
    }));
    const { user } = renderApp('/profile');

    const comments = switchOf(await section(), 'New message from a participant');
    expect(comments).toBeChecked();
    await user.click(comments);
    expect(await screen.findByRole('alert')).toBeVisible();
    await waitFor(() => expect(comments).toBeChecked());
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({
      mailNotifications: { newComment: false },
    });
  });
});
