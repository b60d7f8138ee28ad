import { Alert, Box, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ListInviteReport } from '@parley/contract';
import { IconAlertTriangle, IconCircleCheck, IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';

/** Addresses named per reason; the rest are counted. */
const addressesShown = 5;

const Figure = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Text component="dt" fz="sm" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fz="xl" fw={600}>
      {value}
    </Text>
  </Box>
);

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
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title ?? (report.check ? t('contactLists.report.checkTitle') : t('contactLists.report.doneTitle'))}
        </Title>
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          <Figure label={t('contactLists.report.members')} value={report.members} />
          <Figure label={t('contactLists.report.invitations')} value={report.invitations} />
          <Figure label={t('contactLists.report.leftOut')} value={report.problems.length} />
        </Box>
        {report.linked ? (
          <Text fz="sm">
            <IconLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {report.check ? t('contactLists.report.willLink') : t('contactLists.report.linked')}
          </Text>
        ) : null}
        {groups.length > 0 ? (
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('contactLists.report.problemsTitle', { count: report.problems.length })}
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
          </Alert>
        ) : (
          <Text fz="sm" c="teal.9">
            <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t('contactLists.report.noProblems')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
