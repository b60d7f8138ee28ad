import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ContactRequestAcceptReport } from '@parley/contract';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';
import { useAcceptContactRequests } from '../api/decide-contact-requests';
import { useRunningCampaigns } from '../api/get-running-campaigns';
import { isDecidedError } from '../lib/decision-error';

type AcceptDialogProps = {
  opened: boolean;
  /** The pending requests to accept. */
  ids: string[];
  onClose: () => void;
  /** Accepted (or decided meanwhile): the caller drops its selection. */
  onDone: () => void;
};

/**
 * D18: accepting needs at least one running campaign; each person becomes a contact invited to the
 * chosen ones. The dialog then shows what happened: requests accepted, contacts made, invitations
 * sent, and each person who got none with the reason.
 */
export const AcceptDialog = ({ opened, ids, onClose, onDone }: AcceptDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contactRequests.accept.title', { count: ids.length })}
      size="lg"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <AcceptForm ids={ids} onClose={onClose} onDone={onDone} />
    </Modal>
  );
};

const AcceptForm = ({ ids, onClose, onDone }: Omit<AcceptDialogProps, 'opened'>) => {
  const { t } = useTranslation();
  const running = useRunningCampaigns();
  const accept = useAcceptContactRequests();
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [report, setReport] = useState<ContactRequestAcceptReport | null>(null);

  if (report) return <ReportStep report={report} onClose={onClose} />;

  const options = (running.data?.documents ?? []).map((c) => ({ value: c._id, label: c.title }));
  const noneRunning = running.isSuccess && options.length === 0;
  const missing = attempted && campaignIds.length === 0;

  const submit = () => {
    setAttempted(true);
    if (campaignIds.length === 0) return;
    accept.mutate(
      { ids, campaignIds },
      {
        onSuccess: (done) => {
          setReport(done);
          onDone();
        },
        onError: (error) => {
          // Decided meanwhile: the list has been refreshed, this choice no longer holds.
          if (isDecidedError(error)) {
            onDone();
            onClose();
          }
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text>{t('contactRequests.accept.text', { count: ids.length })}</Text>
      {noneRunning ? (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('contactRequests.accept.noneRunning')}
        </Alert>
      ) : (
        <MultiSelect
          label={t('contactRequests.accept.campaigns')}
          description={t('contactRequests.accept.campaignsHint')}
          placeholder={
            running.isPending ? t('common.loading') : t('contactRequests.accept.campaignsPlaceholder')
          }
          data={options}
          value={campaignIds}
          onChange={setCampaignIds}
          searchable
          clearable
          required
          nothingFoundMessage={t('contactRequests.accept.noCampaignFound')}
          error={missing ? t('contactRequests.accept.campaignsRequired') : null}
          disabled={running.isPending}
          data-autofocus
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={accept.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={submit}
          loading={accept.isPending}
          disabled={noneRunning || running.isPending}
        >
          {t('contactRequests.accept.confirm', { count: ids.length })}
        </Button>
      </Group>
    </Stack>
  );
};

/** The report in place of the form; the Accept button it replaces is gone, so Close takes the focus. */
const ReportStep = ({ report, onClose }: { report: ContactRequestAcceptReport; onClose: () => void }) => {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <Stack gap="md">
      <AcceptReportView report={report} />
      <Group justify="flex-end">
        <Button ref={close} onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
};

const Figure = ({ label, value }: { label: string; value: number }) => (
  <Box>
    <Text component="dt" fz="sm" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fz="xl" fw={600}>
      {value}
    </Text>
  </Box>
);

/** What accepting did, and each person who got no invitation with the reason in the console's words. */
const AcceptReportView = ({ report }: { report: ContactRequestAcceptReport }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('contactRequests.report.title')}
        </Title>
        <Text role="status">{t('contactRequests.report.summary', { count: report.accepted })}</Text>
        <Box
          component="dl"
          m={0}
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          <Figure label={t('contactRequests.report.accepted')} value={report.accepted} />
          <Figure label={t('contactRequests.report.newContacts')} value={report.newContacts} />
          <Figure label={t('contactRequests.report.invitations')} value={report.invitations} />
        </Box>
        {report.problems.length > 0 ? (
          <Alert
            role="note"
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('contactRequests.report.problemsTitle', { count: report.problems.length })}
          >
            <ScrollArea.Autosize mah={260} type="auto">
              <Table verticalSpacing={4} aria-label={t('contactRequests.report.problemsLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contactRequests.report.address')}</Table.Th>
                    <Table.Th>{t('contactRequests.report.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.problems.map((p, i) => (
                    // A person may have a problem per campaign: the position keeps the keys apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                    <Table.Tr key={`${p._id}-${p.code}-${i}`}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email || '—'}</Table.Td>
                      <Table.Td>{contactCodeMessage(t, p.code, p.message)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Alert>
        ) : (
          <Text fz="sm" c="teal.9">
            <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t('contactRequests.report.noProblems')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
