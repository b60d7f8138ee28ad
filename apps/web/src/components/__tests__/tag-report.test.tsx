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
        'These 12 contacts would get tags, join 2 tag groups, leave 1 tag group, and be invited to 1 campaign.',
      ),
    ).toBeVisible();
    const groups = screen.getByRole('list', { name: 'Tag groups whose members would change' });
    expect(within(groups).getAllByRole('listitem')[1]).toHaveTextContent(
      'North: +3 / −1 → 93 would join, 1 would leave, 9 members afterwards',
    );
    expect(screen.getByText('Bike survey: 10 invitations')).toBeVisible();
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
        'Diese 12 Kontakte haben Tags bekommen, sind 2 Tag-Gruppen beigetreten, haben 1 Tag-Gruppe verlassen und wurden zu 1 Kampagne eingeladen.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Keine Probleme gefunden.')).toBeVisible();
  });
});
