import { Alert, Box, List, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { InviteReport } from '@parley/contract';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';

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

/**
 * What an invitation call would do (D16's check) or did: new and known contacts, the invitations
 * per campaign, and every address it cannot take with the reason in the console's language.
 * Shared by the contact book's and the campaign's invitation dialogs.
 */
export const InviteReportView = ({
  report,
  withTags = false,
}: {
  report: InviteReport;
  /** The call gave tags: say how many contacts get them. */
  withTags?: boolean;
}) => {
  const { t } = useTranslation();
  const titles = new Map(report.campaigns.map((c) => [c._id, c.title]));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {report.check ? t('contacts.report.checkTitle') : t('contacts.report.doneTitle')}
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
          <Figure label={t('contacts.report.newContacts')} value={report.newContacts} />
          <Figure label={t('contacts.report.existingContacts')} value={report.existingContacts} />
          <Figure label={t('contacts.report.invitations')} value={report.invitations} />
          {withTags ? <Figure label={t('contacts.report.tagged')} value={report.tagged} /> : null}
        </Box>
        {report.campaigns.length > 0 ? (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t('contacts.report.perCampaign')}
            </Text>
            <List size="sm" spacing={2}>
              {report.campaigns.map((c) => (
                <List.Item key={c._id}>
                  {t('contacts.report.campaignInvitations', { title: c.title, count: c.invitations })}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {report.problems.length > 0 ? (
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('contacts.report.problemsTitle', { count: report.problems.length })}
          >
            <ScrollArea.Autosize mah={260} type="auto">
              <Table verticalSpacing={4} aria-label={t('contacts.report.problemsLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contacts.report.address')}</Table.Th>
                    <Table.Th>{t('contacts.report.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.problems.map((p, i) => (
                    // An address may have a problem per campaign: the position keeps the keys apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                    <Table.Tr key={`${p.email}-${p.code}-${i}`}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email || '—'}</Table.Td>
                      <Table.Td>
                        {contactCodeMessage(t, p.code, p.message)}
                        {p.campaignId && titles.has(p.campaignId)
                          ? ` (${t('contacts.report.inCampaign', { title: titles.get(p.campaignId) })})`
                          : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Alert>
        ) : (
          <Text fz="sm" c="teal.9">
            <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t('contacts.report.noProblems')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
