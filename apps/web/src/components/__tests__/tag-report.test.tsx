import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { makeTagReport } from '@/testing/tag-fixtures';
import { renderInProviders } from '@/testing/test-utils';
import { TagReportView } from '../tag-report';

const report = makeTagReport({
  contacts: 12,
  tagged: 12,
  groups: [
    { _id: 'eeeeeeee-eeee-4eee-8eee-000000000901', title: 'Dealers', gained: 12, lost: 0, memberCount: 40 },
    { _id: 'eeeeeeee-eeee-4eee-8eee-000000000902', title: 'North', gained: 3, lost: 1, memberCount: 9 },
  ],
  invitations: 10,
  campaigns: [{ _id: '66666666-6666-4666-8666-666666666666', title: 'Bike survey', invitations: 10 }],
  problems: [{ code: 'contact/7', message: 'The address unsubscribed', count: 2 }],
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('TagReportView', () => {
  it('says what a tag call would do: contacts, groups, invitations per campaign and problems', () => {
    renderInProviders(<TagReportView report={report} />);

    expect(screen.getByRole('heading', { name: 'What would happen' })).toBeVisible();
    expect(
      screen.getByText(
        'These 12 contacts would get tags, 2 tag groups would gain 15 members, 1 tag group would lose 1 member, and 10 invitations to 1 campaign would be sent.',
      ),
    ).toBeVisible();
    const groups = screen.getByRole('list', { name: 'Tag groups whose members would change' });
    expect(within(groups).getAllByRole('listitem')[1]).toHaveTextContent(
      'North: +3 / −1 → 93 would join, 1 would leave, 9 members afterwards',
    );
    const perCampaign = screen.getByRole('list', { name: 'Invitations per campaign' });
    expect(within(perCampaign).getByRole('listitem')).toHaveTextContent('“Bike survey”: 10 invitations');
    const problems = screen.getByRole('table', { name: 'Why contacts are not invited' });
    expect(within(problems).getByText('contact/7')).toBeVisible();
    expect(within(problems).getByText('2')).toBeVisible();
    expect(screen.getByText('2 contacts would not be invited')).toBeVisible();
  });

  it('says what happened once it was sent, in German too', async () => {
    await i18n.changeLanguage('de');
    renderInProviders(<TagReportView report={{ ...report, check: false, problems: [] }} />);

    expect(screen.getByRole('heading', { name: 'Was passiert ist' })).toBeVisible();
    expect(
      screen.getByText(
        'Diese 12 Kontakte haben Tags bekommen, 2 Tag-Gruppen haben 15 Mitglieder gewonnen, 1 Tag-Gruppe hat 1 Mitglied verloren und 10 Einladungen zu 1 Kampagne wurden verschickt.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Keine Probleme gefunden.')).toBeVisible();
  });

  it('gives each part of the sentence its own number', async () => {
    const part = makeTagReport({
      contacts: 12,
      tagged: 3,
      untagged: 1,
      groups: [
        { _id: 'eeeeeeee-eeee-4eee-8eee-000000000903', title: 'VIP', gained: 3, lost: 0, memberCount: 7 },
      ],
      invitations: 1,
      campaigns: [{ _id: '66666666-6666-4666-8666-666666666666', title: 'Bike survey', invitations: 1 }],
    });
    const { unmount } = renderInProviders(<TagReportView report={part} />);
    expect(
      screen.getByText(
        '3 of these 12 contacts would get tags, 1 of these 12 contacts would lose tags, 1 tag group would gain 3 members, and 1 invitation to 1 campaign would be sent.',
      ),
    ).toBeVisible();
    unmount();

    await i18n.changeLanguage('de');
    renderInProviders(
      <TagReportView report={{ ...part, check: false, contacts: 1, tagged: 1, untagged: 0 }} />,
    );
    expect(
      screen.getByText(
        'Dieser Kontakt hat Tags bekommen, 1 Tag-Gruppe hat 3 Mitglieder gewonnen und 1 Einladung zu 1 Kampagne wurde verschickt.',
      ),
    ).toBeVisible();
  });
});
