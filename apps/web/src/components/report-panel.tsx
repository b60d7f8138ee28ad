import { Alert, Box, List, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';

/**
 * The pieces of a report on contacts invited (or that would be): a framed panel with its title,
 * its figures, and the addresses it could not take with the reason in the console's language.
 * Shared by the invitation reports and the contact requests' accept report.
 */
export const ReportPanel = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

/** The report's figures as a description list, as many to a row as fit. */
export const ReportFigures = ({ children }: { children: ReactNode }) => (
  <Box
    component="dl"
    m={0}
    style={{
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
      gap: 'var(--mantine-spacing-sm)',
    }}
  >
    {children}
  </Box>
);

export const ReportFigure = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Text component="dt" fz="sm" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fz="xl" fw={600}>
      {value}
    </Text>
  </Box>
);

/**
 * The invitations per campaign ("“Bike survey”: 10 invitations"), under their heading; nothing
 * when the call invites to no campaign. Shared by the invitation and tag reports.
 */
export const ReportCampaigns = ({
  campaigns,
}: {
  campaigns: readonly { _id: string; title: string; invitations: number }[];
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  if (campaigns.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600} id={headingId}>
        {t('components.reportPanel.perCampaign')}
      </Text>
      <List size="sm" spacing={2} aria-labelledby={headingId}>
        {campaigns.map((c) => (
          <List.Item key={c._id}>
            {t('components.reportPanel.campaignInvitations', { title: c.title, count: c.invitations })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
};

/**
 * The report's problems: a note titled `title` that holds them (`children`) when there are any
 * (`count`), else a line saying there are none.
 */
export const ReportProblems = ({
  count,
  title,
  noProblems,
  children,
}: {
  count: number;
  title: string;
  noProblems: string;
  children: ReactNode;
}) =>
  count > 0 ? (
    <Alert
      role="note"
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
    >
      {children}
    </Alert>
  ) : (
    <Text fz="sm" c="teal.9">
      <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {noProblems}
    </Text>
  );

type Problem = { email: string; code: string; message: string };

/** Each address a call could not take, with the reason (and what `note` adds to it, e.g. the campaign). */
export const ProblemsTable = <P extends Problem>({
  problems,
  label,
  addressHeader,
  reasonHeader,
  rowKey,
  note,
}: {
  problems: readonly P[];
  /** Names the table. */
  label: string;
  addressHeader: string;
  reasonHeader: string;
  /** Tells a row apart (the position is added: the same address may have a problem per campaign). */
  rowKey: (problem: P) => string;
  note?: (problem: P) => string | null;
}) => {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table verticalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{addressHeader}</Table.Th>
            <Table.Th>{reasonHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <Table.Tr key={`${rowKey(p)}-${i}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email || '—'}</Table.Td>
              <Table.Td>
                {contactCodeMessage(t, p.code, p.message)}
                {note?.(p) ?? null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
};
