import { api, type Manufacturer, type MassFollowUp } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, serveCampaign } from '@/testing/campaign-fixtures';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';
import { makeTemplate } from '@/testing/ticket-fixtures';
import { makeMassFollowUp, makeTicketListItem, serveTicketList } from '@/testing/ticket-list-fixtures';

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

const page = `/connect/campaigns/${campaignId}?tab=participants`;

const anna = makeTicketListItem({ excerpt: 'The brakes squeak.' });
const ben = makeTicketListItem({
  contact: {
    _id: '99999999-9999-4999-8999-000000000777',
    email: 'ben@example.com',
    firstname: null,
    lastname: 'Berg',
  },
  excerpt: 'Great saddle.',
});
const cleo = makeTicketListItem({
  contact: {
    _id: '99999999-9999-4999-8999-000000000778',
    email: 'cleo@example.com',
    firstname: 'Cleo',
    lastname: 'C',
  },
  excerpt: 'Fine.',
});
const archived = makeTicketListItem({
  contact: {
    _id: '99999999-9999-4999-8999-000000000779',
    email: 'dan@example.com',
    firstname: 'Dan',
    lastname: 'D',
  },
  ignored: true,
});

const allFlags = { canComment: true, canSaveAnswerWithoutNotification: true };

/**
 * The campaign's participants tab with four tickets (one archived) and the follow-up calls: the
 * start answers `queued`, and each status poll moves on through `steps`.
 */
const setUp = (
  flags: Partial<Pick<Manufacturer, 'canComment' | 'canSaveAnswerWithoutNotification'>> = allFlags,
  steps: Partial<MassFollowUp>[] = [
    { state: 'running', done: 1 },
    { state: 'done', done: 2, total: 2 },
  ],
  recent: MassFollowUp[] = [],
) => {
  const owner = makeOwner();
  const backend = createTestBackend({
    owner: { ...owner, manufacturer: { ...owner.manufacturer, ...flags } },
  });
  backend.signInStored();
  serveCampaign(
    backend,
    makeCampaign({ state: 'running', hasStarted: true, questionCount: 2, ticketCount: 4 }),
  );
  serveTicketList(backend, [anna, ben, cleo, archived]);
  let started: MassFollowUp | null = null;
  let polls = 0;
  backend.server.on(api.tickets.massFollowUp, { id: campaignId }, ({ body }) => {
    const { ticketIds, notify, description } = body as {
      ticketIds?: string[];
      notify: boolean;
      description: string;
    };
    started = makeMassFollowUp({ description, notify, total: ticketIds?.length ?? 3, state: 'queued' });
    return { status: 201, body: started };
  });
  backend.server.on(api.tickets.massFollowUpStatus, { id: campaignId }, () => {
    const step = steps[Math.min(polls, steps.length - 1)];
    polls += 1;
    return { body: { ...started, ...step } };
  });
  backend.server.on(api.tickets.massFollowUps, { id: campaignId }, () => ({
    body: { documents: started ? [started, ...recent] : recent, total: recent.length },
  }));
  return backend;
};

const paste = async (user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

describe('the mass follow-up', () => {
  it('goes to the chosen tickets, previewed per participant, confirmed with their number, then followed until done', async () => {
    const backend = setUp();
    const { user } = renderApp(page);

    // An archived ticket cannot be chosen: a follow-up does not reach it.
    await user.click(await screen.findByRole('radio', { name: 'All' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Dan D' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna Example' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Berg' }));
    expect(screen.getByText('2 tickets chosen')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Follow up the chosen tickets' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    expect(dialog.getByRole('radio', { name: 'The 2 chosen tickets' })).toBeChecked();
    await paste(
      user,
      dialog.getByRole('textbox', { name: /Follow-up/ }),
      'Hello {{contact.firstname|there}}, thanks for answering “{{campaign.title}}”. {{manufacturer.name}}',
    );
    expect(dialog.getByRole('region', { name: 'Follow-up as Anna Example gets it' })).toHaveTextContent(
      'Hello Anna, thanks for answering “Bike survey”. Acme Bikes',
    );
    await user.click(dialog.getByRole('button', { name: 'Next participant' }));
    expect(dialog.getByRole('region', { name: 'Follow-up as Berg gets it' })).toHaveTextContent(
      'Hello there, thanks for answering “Bike survey”. Acme Bikes',
    );
    expect(dialog.getByText('Participant 2 of 2')).toBeVisible();
    expect(dialog.getByRole('combobox', { name: 'As this participant gets it' })).toHaveValue('1');
    expect(dialog.getByText(/those who do not reply within 3 days get one reminder mail/)).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(await dialog.findByText('Send this follow-up to 2 tickets?')).toBeVisible();
    expect(backend.server.requestsTo(api.tickets.massFollowUp)).toHaveLength(0);
    const listReads = backend.server.requestsTo(api.tickets.list).length;
    await user.click(dialog.getByRole('button', { name: 'Send to 2 tickets' }));

    const progress = await dialog.findByRole('progressbar', { name: 'Follow-up progress' });
    expect(backend.server.requestsTo(api.tickets.massFollowUp).map((r) => r.body)).toEqual([
      {
        description:
          'Hello {{contact.firstname|there}}, thanks for answering “{{campaign.title}}”. {{manufacturer.name}}',
        ticketIds: [anna._id, ben._id],
        notify: true,
      },
    ]);
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', 'Posted to 1 of 2 tickets'));
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    await waitFor(
      () => expect(dialog.getByRole('status')).toHaveTextContent('Done: the follow-up is in all 2 tickets.'),
      {
        timeout: 8000,
      },
    );
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    const polls = backend.server.requestsTo(api.tickets.massFollowUpStatus).length;
    // Once done, nobody asks again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(backend.server.requestsTo(api.tickets.massFollowUpStatus)).toHaveLength(polls);
    // The choice is cleared, and the list is read again for the new comment counts.
    expect(screen.queryByText('2 tickets chosen')).toBeNull();
    expect(backend.server.requestsTo(api.tickets.list).length).toBeGreaterThan(listReads);
  }, 20_000);

  it("lets the owner set the mails' subject, prefilled with the default, with the same placeholders", async () => {
    const backend = setUp(allFlags, [{ state: 'done', done: 3 }]);
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    await dialog.findByRole('radio', { name: /All open tickets of the campaign \(3/ });
    const subject = dialog.getByRole('textbox', { name: /Email subject/ });
    expect(subject).toHaveValue('{{manufacturer.name}} has a question about "{{campaign.title}}"');
    await paste(
      user,
      dialog.getByRole('textbox', { name: /Follow-up/ }),
      'Thank you, {{contact.firstname|}}!',
    );

    // An unknown placeholder is refused before anything is sent.
    await user.clear(subject);
    await paste(user, subject, 'Thanks {{contact.nickname}}');
    expect(dialog.getByText(/Unknown placeholder: \{\{contact.nickname\}\}/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(dialog.queryByText('Send this follow-up to 3 tickets?')).toBeNull();

    await user.clear(subject);
    await paste(user, subject, 'Thank you from {{manufacturer.name}}');
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    await user.click(await dialog.findByRole('button', { name: 'Send to 3 tickets' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tickets.massFollowUp)).toHaveLength(1));
    expect(backend.server.requestsTo(api.tickets.massFollowUp)[0]?.body).toEqual({
      description: 'Thank you, {{contact.firstname|}}!',
      subject: 'Thank you from {{manufacturer.name}}',
      notify: true,
    });
  }, 20_000);

  it('goes to every open ticket without naming them, silently when chosen', async () => {
    const backend = setUp(allFlags, [{ state: 'done', done: 3 }]);
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    expect(dialog.getByRole('radio', { name: /The 0 chosen tickets/ })).toBeDisabled();
    const all = await dialog.findByRole('radio', {
      name: 'All open tickets of the campaign (3, archived ones left out)',
    });
    expect(all).toBeChecked();
    // The preview steps through the open tickets (the archived one gets nothing).
    const recipients = dialog.getByRole('combobox', { name: 'As this participant gets it' });
    expect(
      within(recipients)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anna Example', 'Berg', 'Cleo C']);
    await paste(user, dialog.getByRole('textbox', { name: /Follow-up/ }), 'Any news, {{contact.lastname}}?');
    await user.selectOptions(recipients, 'Cleo C');
    expect(dialog.getByRole('region', { name: 'Follow-up as Cleo C gets it' })).toHaveTextContent(
      'Any news, C?',
    );

    const notify = dialog.getByRole('switch', { name: /^Mail the participants/ });
    expect(notify).toBeChecked();
    await user.click(notify);
    expect(dialog.getByText('Saved in the tickets only: no mails and no reminder.')).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(await dialog.findByText('Send this follow-up to 3 tickets?')).toBeVisible();
    expect(
      dialog.getByText('It is saved in each ticket without a mail and without a reminder.'),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send to 3 tickets' }));

    await waitFor(() =>
      expect(backend.server.requestsTo(api.tickets.massFollowUp).map((r) => r.body)).toEqual([
        { description: 'Any news, {{contact.lastname}}?', notify: false },
      ]),
    );
    expect(await dialog.findByText('Done: the follow-up is in all 3 tickets.')).toBeVisible();
    expect(dialog.getByText('Saved without mails: nobody is reminded.')).toBeVisible();
  });

  it('keeps Send disabled with its reason when comments are off, and silent saving with its own', async () => {
    const backend = setUp({ canComment: false, canSaveAnswerWithoutNotification: false });
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    await dialog.findByRole('radio', { name: /All open tickets of the campaign \(3/ });
    await paste(user, dialog.getByRole('textbox', { name: /Follow-up/ }), 'Any news?');

    const notify = dialog.getByRole('switch', { name: /^Mail the participants/ });
    expect(notify).toBeDisabled();
    expect(notify).toBeChecked();
    expect(notify).toHaveAccessibleDescription(
      /Saving without mailing the participants is not enabled for your account/,
    );

    const send = dialog.getByRole('button', { name: 'Send…' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription(/Comments are not enabled for your account/);
    await user.hover(send);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Comments are not enabled for your account/);
    await user.click(send);
    expect(dialog.queryByText(/Send this follow-up to/)).toBeNull();
    expect(backend.server.requestsTo(api.tickets.massFollowUp)).toHaveLength(0);
  });

  it('refuses unknown placeholders before sending, and says why the server refused a text', async () => {
    const backend = setUp();
    backend.server.on(api.tickets.massFollowUp, { id: campaignId }, () => ({
      status: 400,
      body: { code: 'validation', message: 'is an unknown placeholder', field: 'description' },
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    await dialog.findByRole('radio', { name: /All open tickets of the campaign \(3/ });
    const field = dialog.getByRole('textbox', { name: /Follow-up/ });
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(await dialog.findByText('Write the follow-up first.')).toBeVisible();

    await paste(user, field, 'Hi {{contact.nickname}}');
    expect(dialog.getByText(/Unknown placeholder: \{\{contact.nickname\}\}/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    expect(dialog.queryByText(/Send this follow-up to/)).toBeNull();

    await user.clear(field);
    await paste(user, field, 'Hi {{contact.firstname}}');
    await user.click(dialog.getByRole('button', { name: 'Send…' }));
    await user.click(await dialog.findByRole('button', { name: 'Send to 3 tickets' }));
    expect(await screen.findByText('The follow-up was not sent')).toBeVisible();
    expect(
      await dialog.findByText('The server refused this text. Check its placeholders and length.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.tickets.massFollowUp)).toHaveLength(1);
  });

  it('inserts a response template where the cursor is, and previews it filled in', async () => {
    const backend = setUp();
    backend.server.on(api.templates.list, () => ({
      body: {
        documents: [makeTemplate({ title: 'Thanks', text: 'Thank you, {{contact.firstname}}!' })],
        total: 1,
      },
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    await dialog.findByRole('radio', { name: /All open tickets of the campaign \(3/ });
    const field = dialog.getByRole('textbox', { name: /Follow-up/ });
    await paste(user, field, 'Hi. See you');
    (field as HTMLTextAreaElement).setSelectionRange(4, 4);
    await user.click(dialog.getByRole('button', { name: 'Insert template' }));
    await user.click(await screen.findByRole('button', { name: 'Insert template “Thanks”' }));

    await waitFor(() => expect(field).toHaveValue('Hi. Thank you, {{contact.firstname}}!See you'));
    expect(dialog.getByRole('region', { name: 'Follow-up as Anna Example gets it' })).toHaveTextContent(
      'Hi. Thank you, Anna!See you',
    );
  });

  it('lists the campaign’s recent follow-ups with their progress and reminders', async () => {
    setUp(
      allFlags,
      [],
      [
        makeMassFollowUp({
          description: 'Did the repair help?',
          state: 'done',
          total: 12,
          done: 12,
          reminded: 4,
        }),
        makeMassFollowUp({ description: 'Quiet note', notify: false, state: 'done', total: 3, done: 3 }),
      ],
    );
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Mass follow-up' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mass follow-up in “Bike survey”' }));
    const recent = within(await dialog.findByRole('region', { name: 'Recent follow-ups' }));
    expect(await recent.findByText('Did the repair help?')).toBeVisible();
    expect(recent.getByText(/Posted to 12 of 12 tickets · 4 reminders sent/)).toBeVisible();
    expect(recent.getByText(/Posted to 3 of 3 tickets · without mails/)).toBeVisible();
    expect(recent.getAllByRole('progressbar')).toHaveLength(2);
  });
});
