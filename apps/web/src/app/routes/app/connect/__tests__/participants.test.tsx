import { api, type Campaign, type Participant } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { makeInvitation, makeParticipant, makeReport, makeStatistics } from '@/testing/contact-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';
import { makeTicket } from '@/testing/ticket-fixtures';
import { makeTicketListItem } from '@/testing/ticket-list-fixtures';

const page = `/connect/campaigns/${campaignId}?tab=participants`;

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

const running = () => makeCampaign({ state: 'running', hasStarted: true, questionCount: 2 });

const people = {
  queued: makeParticipant({ email: 'queued@example.com', invitation: makeInvitation({ state: 'queued' }) }),
  sent: makeParticipant({
    email: 'sent@example.com',
    firstname: 'Sam',
    lastname: 'Sent',
    invitation: makeInvitation({ state: 'sent', reminderCount: 2 }),
  }),
  failed: makeParticipant({
    email: 'failed@example.com',
    invitation: makeInvitation({ state: 'failed', error: '550 5.1.1 mailbox unavailable' }),
  }),
  opened: makeParticipant({ email: 'opened@example.com', invitation: makeInvitation({ state: 'opened' }) }),
  answered: makeParticipant({
    email: 'answered@example.com',
    invitation: makeInvitation({ state: 'answered' }),
  }),
  unsubscribed: makeParticipant({
    email: 'unsubscribed@example.com',
    invitation: makeInvitation({ state: 'unsubscribed' }),
  }),
};

const serveParticipants = (backend: TestBackend, campaign: Campaign, participants: Participant[]) => {
  const state = { participants };
  serveCampaign(backend, campaign);
  const ofCampaign = { id: campaign._id };
  backend.server.on(api.invitations.statistics, ofCampaign, () => ({
    body: makeStatistics({
      invited: state.participants.length,
      queued: 1,
      sent: 1,
      opened: 1,
      answered: 1,
      failed: 1,
      unsubscribed: 1,
      responseRate: 1 / 3,
      openLinkAnswers: 2,
    }),
  }));
  backend.server.on(api.invitations.participants, ofCampaign, ({ query }) => {
    const states = query.getAll('states[]');
    const documents = state.participants.filter((p) => states.length === 0 || states.includes(p.state));
    return { body: { documents, total: documents.length } };
  });
  return state;
};

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

describe('participants tab', () => {
  it('shows the counts, each invitation state (a failed one with its reason) and the reminders', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveParticipants(backend, running(), Object.values(people));
    const { user } = renderApp(page);

    const figures = await screen.findByLabelText('Invitations by state');
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Invited')).toBe('6');
    expect(figure('Failed')).toBe('1');
    expect(figure('Response rate')).toBe('33.3%');
    expect(screen.getByText(/2 people answered through the open link without an invitation\./)).toBeVisible();

    const table = await screen.findByRole('table', { name: 'Invited participants' });
    await screen.findByText('queued@example.com');
    expect(within(rowOf('queued@example.com')).getByText('Queued')).toBeVisible();
    expect(within(rowOf('sent@example.com')).getByText('Sent')).toBeVisible();
    expect(within(rowOf('sent@example.com')).getByText('Sam Sent')).toBeVisible();
    expect(within(rowOf('sent@example.com')).getByText('2')).toBeVisible();
    expect(within(rowOf('failed@example.com')).getByText('Failed')).toBeVisible();
    expect(within(rowOf('failed@example.com')).getByText('550 5.1.1 mailbox unavailable')).toBeVisible();
    expect(within(rowOf('opened@example.com')).getByText('Opened')).toBeVisible();
    expect(within(rowOf('answered@example.com')).getByText('Answered')).toBeVisible();
    expect(within(rowOf('unsubscribed@example.com')).getByText('Unsubscribed')).toBeVisible();
    // An answered invitation stays; a queued one is on its way; an unsubscribed address gets no more mail.
    expect(within(rowOf('answered@example.com')).queryByRole('button')).toBeNull();
    expect(within(rowOf('queued@example.com')).queryByRole('button', { name: /^Re-send/ })).toBeNull();
    expect(within(rowOf('unsubscribed@example.com')).queryByRole('button', { name: /^Re-send/ })).toBeNull();
    expect(table).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Failed');
    await waitFor(() =>
      expect(
        backend.server.requestsTo(api.invitations.participants).at(-1)?.query.getAll('states[]'),
      ).toEqual(['failed']),
    );
    await waitFor(() => expect(screen.queryByText('sent@example.com')).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'fail');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.invitations.participants).at(-1)?.query.get('search')).toBe(
        'fail',
      ),
    );
  });

  it('withdraws an invitation after asking, and re-sends a failed one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveParticipants(backend, running(), [people.sent, people.failed, people.answered]);
    backend.server.on(api.invitations.withdraw, { id: campaignId, cid: people.sent._id }, () => {
      state.participants = state.participants.filter((p) => p._id !== people.sent._id);
      return { status: 204 };
    });
    backend.server.on(api.invitations.resend, { id: campaignId, cid: people.failed._id }, () => ({
      body: makeInvitation({ state: 'queued' }),
    }));
    const { user } = renderApp(page);

    await screen.findByText('failed@example.com');
    await user.click(
      within(rowOf('failed@example.com')).getByRole('button', {
        name: 'Re-send the invitation to failed@example.com',
      }),
    );
    expect(
      await screen.findByText('The invitation to failed@example.com is being sent again with a new link.'),
    ).toBeVisible();
    expect(
      backend.server.requestsTo(api.invitations.resend, { id: campaignId, cid: people.failed._id }),
    ).toHaveLength(1);

    await user.click(
      within(rowOf('sent@example.com')).getByRole('button', {
        name: 'Withdraw the invitation of sent@example.com',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation?' });
    expect(
      within(dialog).getByText(
        'sent@example.com will no longer be invited: the personal link stops working and no more reminders go out.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw invitation' }));
    expect(await screen.findByText('sent@example.com is no longer invited.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Sam Sent')).toBeNull());
    expect(backend.server.requestsTo(api.invitations.withdraw)).toHaveLength(1);
  });

  it('says why nothing can change in an ended campaign, with the controls disabled', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveParticipants(backend, makeCampaign({ state: 'ended', hasStarted: true, questionCount: 2 }), [
      people.sent,
    ]);
    const { user } = renderApp(page);

    const reason =
      'The campaign has ended, so its invitations can no longer be added, sent again or withdrawn. Restart the campaign to change them.';
    expect(await screen.findByText(reason)).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add participants' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Invite by email' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();

    await screen.findByText('sent@example.com');
    const withdraw = within(rowOf('sent@example.com')).getByRole('button', {
      name: 'Withdraw the invitation of sent@example.com',
    });
    expect(withdraw).toHaveAttribute('aria-disabled', 'true');
    await user.click(withdraw);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.server.requestsTo(api.invitations.withdraw)).toHaveLength(0);
  });

  it('explains that a draft needs to run before anyone is invited', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    renderApp(page);

    expect(
      await screen.findByText('Invitations need a running campaign: start the campaign to invite people.'),
    ).toBeVisible();
    expect(await screen.findByText('Nobody invited yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add participants' })).toHaveAttribute('aria-disabled', 'true');
    // The answers through the open link are still listed.
    expect(await screen.findByText('No answers yet')).toBeVisible();
  });

  it('adds contacts after a check; an unsubscribed one cannot be chosen', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveParticipants(backend, running(), [people.sent]);
    const eva = {
      _id: '12121212-1212-4121-8121-000000000001',
      email: 'eva@example.com',
      kind: 'contact' as const,
      firstname: 'Eva',
      lastname: null,
      unsubscribed: false,
    };
    const gone = {
      ...eva,
      _id: '12121212-1212-4121-8121-000000000002',
      email: 'gone@example.com',
      firstname: null,
      unsubscribed: true,
    };
    backend.server.on(api.invitations.toAdd, { id: campaignId }, () => ({
      body: { documents: [eva, gone], total: 2 },
    }));
    backend.server.on(api.invitations.add, { id: campaignId }, ({ body }) => ({
      body: makeReport({
        check: (body as { callForCheck: boolean }).callForCheck,
        received: 1,
        existingContacts: 1,
        invitations: 1,
        campaigns: [{ _id: campaignId, title: 'Bike survey', invitations: 1 }],
      }),
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Add participants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add participants to “Bike survey”' });
    const box = within(dialog);
    expect(await box.findByRole('checkbox', { name: 'Select gone@example.com' })).toBeDisabled();
    await user.click(box.getByRole('checkbox', { name: 'Select eva@example.com' }));
    expect(box.getByText('1 person chosen')).toBeVisible();
    await user.click(box.getByRole('button', { name: 'Check' }));
    expect(await box.findByText('“Bike survey”: 1 invitation')).toBeVisible();
    await user.click(box.getByRole('button', { name: 'Send invitations' }));

    expect(await screen.findByText('1 invitation to “Bike survey” is being sent.')).toBeVisible();
    expect(backend.server.requestsTo(api.invitations.add).map((r) => r.body)).toEqual([
      { contacts: [eva._id], callForCheck: true },
      { contacts: [eva._id], callForCheck: false },
    ]);
  });
});

describe('answers of a deleted contact', () => {
  it('are listed as a deleted contact’s and open without a name', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, running());
    const ticket = makeTicketListItem({
      _id: '44444444-4444-4444-8444-000000000009',
      campaignId,
      contact: null,
      createdAt: '2025-03-04T09:05:00.000Z',
    });
    backend.server.on(api.tickets.list, () => ({ body: { documents: [ticket], total: 1 } }));
    backend.server.on(api.tickets.get, { id: ticket._id }, () => ({
      body: makeTicket({ ...ticket, language: 'en', answers: [] }),
    }));
    const { user } = renderApp(page);

    const list = await screen.findByRole('table', { name: 'Participants who answered' });
    await user.click(await within(list).findByRole('link', { name: 'Deleted contact' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted contact' })).toBeVisible();
    expect(screen.getAllByText('Deleted contact')).toHaveLength(3);
  });
});
