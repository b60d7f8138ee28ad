import { api, contactCodes } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { InviteReportView } from '@/components/invite-report';
import { i18n } from '@/lib/i18n';
import { makeReport } from '@/testing/contact-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp, renderInProviders } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};

const problems = [
  { email: 'bad-address', code: contactCodes.invalidEmail, message: 'This is not a valid email address.' },
  {
    email: 'anna@example.com',
    code: contactCodes.duplicateInRequest,
    message: 'This address is in the request more than once.',
  },
  {
    email: 'gone@example.com',
    code: contactCodes.unsubscribed,
    message: 'This address has unsubscribed from your invitations.',
  },
];

const serve = (backend: TestBackend) => {
  backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
  backend.server.on(api.contacts.filterData, () => ({ body: { countries: [], cities: [], campaigns: [] } }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
  backend.server.on(api.contacts.invite, ({ body }) => ({
    body: makeReport({
      check: (body as { callForCheck: boolean }).callForCheck,
      received: 4,
      newContacts: 1,
      invitations: 1,
      campaigns: [{ _id: campaign._id, title: campaign.title, invitations: 1 }],
      problems,
    }),
  }));
};

const openDialog = async () => {
  const view = renderApp('/connect/contacts');
  await view.user.click(await screen.findByRole('button', { name: 'Invite people' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite people' });
  return { ...view, dialog };
};

describe('invite people', () => {
  it('checks first and shows every address it cannot take with the reason, then sends the same call', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const { user, dialog } = await openDialog();
    const box = within(dialog);

    expect(
      box.getByText(
        'One per line, or separated by commas or semicolons; names as mail programs copy them (Anna Example <anna@example.com>) are taken for new contacts. At most 500 at once.',
      ),
    ).toBeVisible();
    // Nothing to check yet: the dialog says what is missing and asks nothing of the server.
    await user.click(box.getByRole('button', { name: 'Check' }));
    expect(box.getByText('Enter at least one email address.')).toBeVisible();
    expect(box.getByText('Choose at least one campaign.')).toBeVisible();
    expect(box.getByRole('button', { name: 'Send invitations' })).toBeDisabled();

    await user.type(
      box.getByRole('textbox', { name: /^Email addresses/ }),
      'anna@example.com, bad-address{Enter}anna@example.com;gone@example.com',
    );
    expect(box.getByText('3 addresses (at most 500)')).toBeVisible();
    expect(box.getByText('Not an address: bad-address')).toBeVisible();
    await user.click(box.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.click(box.getByRole('button', { name: 'Check' }));

    expect(await box.findByText('What sending would do')).toBeVisible();
    expect(box.getByText('“Bike survey”: 1 invitation')).toBeVisible();
    expect(box.getByText('3 addresses are left out')).toBeVisible();
    const table = box.getByRole('table', { name: 'Addresses left out and why' });
    const rowOf = (email: string) => within(table).getByText(email).closest('tr') as HTMLElement;
    expect(within(rowOf('bad-address')).getByText('This is not a valid email address.')).toBeVisible();
    expect(
      within(rowOf('anna@example.com')).getByText('This address is in the list more than once.'),
    ).toBeVisible();
    expect(
      within(rowOf('gone@example.com')).getByText('This address has unsubscribed from your invitations.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.contacts.invite)[0]?.body).toEqual({
      emails: ['anna@example.com', 'anna@example.com', 'gone@example.com', 'bad-address'],
      campaignIds: [campaign._id],
      tags: [],
      callForCheck: true,
    });

    await user.click(box.getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText(
        '1 invitation is being sent (new addresses: 1, known contacts: 0). 3 addresses were left out.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite people' })).toBeNull());
    expect(
      backend.server
        .requestsTo(api.contacts.invite)
        .map((r) => (r.body as { callForCheck: boolean }).callForCheck),
    ).toEqual([true, false]);
  });

  it('counts the addresses of what mail programs copy and sends each with its name', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const { user, dialog } = await openDialog();
    const box = within(dialog);

    await user.click(box.getByRole('textbox', { name: /^Email addresses/ }));
    await user.paste(
      [
        'Jürgen Müller <juergen.mueller@beispiel-gmbh.example>',
        '"Müller, Anna" <anna.mueller@beispiel-gmbh.example>',
        'Müller, Jürgen <jm@beispiel-gmbh.example>; Dora Dunst <dora@beispiel.example>',
        '',
        'erik@beispiel.example',
        'fritz@beispiel.example, gerd@beispiel.example',
      ].join('\n'),
    );
    // Six lines, seven addresses, no piece left over (before: 11 "addresses", 5 of them invalid).
    expect(box.getByText('7 addresses (at most 500)')).toBeVisible();
    expect(box.queryByText(/Not an address/)).toBeNull();
    await user.click(box.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.click(box.getByRole('button', { name: 'Check' }));
    await box.findByText('What sending would do');
    expect(backend.server.requestsTo(api.contacts.invite)[0]?.body).toMatchObject({
      emails: [
        '"Jürgen Müller" <juergen.mueller@beispiel-gmbh.example>',
        '"Müller, Anna" <anna.mueller@beispiel-gmbh.example>',
        '"Müller, Jürgen" <jm@beispiel-gmbh.example>',
        '"Dora Dunst" <dora@beispiel.example>',
        'erik@beispiel.example',
        'fritz@beispiel.example',
        'gerd@beispiel.example',
      ],
    });
  });

  it('asks for a new check when the addresses change after one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const { user, dialog } = await openDialog();
    const box = within(dialog);

    const addresses = box.getByRole('textbox', { name: /^Email addresses/ });
    await user.type(addresses, 'anna@example.com');
    await user.click(box.getByRole('combobox', { name: /^Campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    await user.click(box.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(box.getByRole('button', { name: 'Send invitations' })).toBeEnabled());

    await user.type(addresses, ', ben@example.com');
    expect(box.getByText('You changed something after the check. Check again before sending.')).toBeVisible();
    expect(box.getByRole('button', { name: 'Send invitations' })).toBeDisabled();
    expect(box.queryByText('What sending would do')).toBeNull();
  });

  it('says before sending that more than 500 addresses are too many', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const { user, dialog } = await openDialog();
    const box = within(dialog);

    await user.click(box.getByRole('textbox', { name: /^Email addresses/ }));
    await user.paste(Array.from({ length: 501 }, (_, i) => `p${i}@example.com`).join('\n'));
    expect(
      box.getByText(
        'That is 501 addresses: at most 500 can be invited at once. Split the list and invite the rest afterwards.',
      ),
    ).toBeVisible();
    expect(box.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(backend.server.requestsTo(api.contacts.invite)).toHaveLength(0);
  });

  it('says when no campaign is running', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [] } }));
    const { dialog } = await openDialog();

    expect(
      await within(dialog).findByText(
        'No campaign is running. Start a campaign first: only running campaigns send invitations.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeDisabled();
  });
});

describe('invitation report', () => {
  it('words every problem code in German too', async () => {
    await i18n.changeLanguage('de');
    renderInProviders(
      <InviteReportView
        report={makeReport({
          problems: Object.values(contactCodes).map((code, i) => ({
            email: `p${i}@example.com`,
            code,
            message: 'English from the server',
          })),
        })}
      />,
    );
    for (const text of [
      'Das ist keine gültige E-Mail-Adresse.',
      'Diese Adresse steht mehrmals in der Liste.',
      'Diese Adresse ist bereits einer Ihrer Kontakte.',
      'Diese Adresse ist zu den gewählten Kampagnen bereits eingeladen.',
      'Die Kampagne läuft nicht: Nur laufende Kampagnen verschicken Einladungen.',
      'Höchstens 500 Adressen lassen sich auf einmal einladen.',
      'Diese Adresse hat Ihre Einladungen abbestellt.',
    ]) {
      expect(await screen.findByText(text)).toBeVisible();
    }
    expect(screen.queryByText('English from the server')).toBeNull();
    expect(screen.getByText('7 Adressen werden ausgelassen')).toBeVisible();
  });
});
