import { List, Text } from '@mantine/core';
import type { ListInviteReport } from '@parley/contract';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';
import { ReportFigure, ReportFigures, ReportPanel, ReportProblems } from './report-panel';

/** Addresses named per reason; the rest are counted. */
const addressesShown = 5;

type Group = { code: string; message: string; count: number; emails: string[] };

/** The problems by reason, in the order they first appear. */
const groupProblems = (problems: ListInviteReport['problems']): Group[] => {
  const groups = new Map<string, Group>();
  for (const p of problems) {
    const group = groups.get(p.code) ?? { code: p.code, message: p.message, count: 0, emails: [] };
    group.count += 1;
    if (p.email && !group.emails.includes(p.email)) group.emails.push(p.email);
    groups.set(p.code, group);
  }
  return [...groups.values()];
};

/** Sending is worth it when it invites anyone, or links the lists to a group campaign (even empty ones). */
export const worthSendingLists = (report: ListInviteReport) => report.invitations > 0 || report.linked;

/**
 * What inviting contact lists to a campaign would do (D16's check) or did: the lists' distinct
 * members, the invitations, whether the lists stay linked (a group campaign), and the members it
 * cannot invite grouped by reason (a list of a thousand would otherwise be a thousand rows).
 * Shared by the list's page and the campaign's participants tab.
 */
export const ListInviteReportView = ({
  report,
  title,
}: {
  report: ListInviteReport;
  /** Names the report (e.g. the campaign's title when several are invited at once). */
  title?: string;
}) => {
  const { t } = useTranslation();
  const groups = groupProblems(report.problems);
  return (
    <ReportPanel
      title={
        title ?? (report.check ? t('contactLists.report.checkTitle') : t('contactLists.report.doneTitle'))
      }
    >
      <ReportFigures>
        <ReportFigure label={t('contactLists.report.members')} value={report.members} />
        <ReportFigure label={t('contactLists.report.invitations')} value={report.invitations} />
        <ReportFigure label={t('contactLists.report.leftOut')} value={report.problems.length} />
      </ReportFigures>
      {report.linked ? (
        <Text fz="sm">
          <IconLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {report.check ? t('contactLists.report.willLink') : t('contactLists.report.linked')}
        </Text>
      ) : null}
      <ReportProblems
        count={groups.length}
        title={t('contactLists.report.problemsTitle', { count: report.problems.length })}
        noProblems={t('contactLists.report.noProblems')}
      >
        <List size="sm" spacing={6} aria-label={t('contactLists.report.problemsLabel')}>
          {groups.map((g) => (
            <List.Item key={g.code}>
              <Text fz="sm" fw={500} component="span">
                {t('contactLists.report.problemGroup', {
                  reason: contactCodeMessage(t, g.code, g.message),
                  count: g.count,
                })}
              </Text>
              {g.emails.length > 0 ? (
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {g.emails.slice(0, addressesShown).join(', ')}
                  {g.emails.length > addressesShown
                    ? ` ${t('contactLists.report.andMore', { count: g.emails.length - addressesShown })}`
                    : ''}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </ReportProblems>
    </ReportPanel>
  );
};
