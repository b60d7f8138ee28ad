import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ContactRequestAcceptReport } from '@parley/contract';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ProblemsTable,
  ReportFigure,
  ReportFigures,
  ReportPanel,
  ReportProblems,
} from '@/components/report-panel';
import { RunningCampaignsField } from '@/components/running-campaigns-field';
import { useRunningCampaigns } from '@/lib/campaign-names';
import { useAcceptContactRequests } from '../api/decide-contact-requests';
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
 * D18: each person becomes a contact, invited to the running campaigns chosen, if any: accepting
 * needs none (docs/product-decisions.md, "Contact requests"). The dialog then shows what happened:
 * requests accepted, contacts made, invitations sent, and each person who got none with the reason.
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
  const [report, setReport] = useState<ContactRequestAcceptReport | null>(null);

  if (report) return <ReportStep report={report} invited={campaignIds.length > 0} onClose={onClose} />;

  const noneRunning = running.isSuccess && running.data.documents.length === 0;

  const submit = () => {
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
      <RunningCampaignsField
        campaigns={running.data?.documents}
        loading={running.isPending}
        noneRunning={noneRunning}
        noneRunningText={t('contactRequests.accept.noneRunning')}
        label={t('contactRequests.accept.campaigns')}
        description={t('contactRequests.accept.campaignsHint')}
        placeholder={t('contactRequests.accept.campaignsPlaceholder')}
        nothingFound={t('contactRequests.accept.noCampaignFound')}
        value={campaignIds}
        onChange={setCampaignIds}
        error={null}
        autoFocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={accept.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={submit}
          loading={accept.isPending}
          disabled={running.isPending}
        >
          {t('contactRequests.accept.confirm', { count: ids.length })}
        </Button>
      </Group>
    </Stack>
  );
};

/** The report in place of the form; the Accept button it replaces is gone, so Close takes the focus. */
const ReportStep = ({
  report,
  invited,
  onClose,
}: {
  report: ContactRequestAcceptReport;
  /** Whether campaigns were chosen (with none, nobody was meant to be invited). */
  invited: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <Stack gap="md">
      <AcceptReportView report={report} invited={invited} />
      <Group justify="flex-end">
        <Button ref={close} onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
};

/** What accepting did, and each person who got no invitation with the reason in the console's words. */
const AcceptReportView = ({ report, invited }: { report: ContactRequestAcceptReport; invited: boolean }) => {
  const { t } = useTranslation();
  return (
    <ReportPanel title={t('contactRequests.report.title')}>
      <Text role="status">{t('contactRequests.report.summary', { count: report.accepted })}</Text>
      <ReportFigures>
        <ReportFigure label={t('contactRequests.report.accepted')} value={report.accepted} />
        <ReportFigure label={t('contactRequests.report.newContacts')} value={report.newContacts} />
        <ReportFigure label={t('contactRequests.report.invitations')} value={report.invitations} />
      </ReportFigures>
      <ReportProblems
        count={report.problems.length}
        title={t('contactRequests.report.problemsTitle', { count: report.problems.length })}
        noProblems={t(invited ? 'contactRequests.report.noProblems' : 'contactRequests.report.noCampaign')}
      >
        <ProblemsTable
          problems={report.problems}
          label={t('contactRequests.report.problemsLabel')}
          addressHeader={t('contactRequests.report.address')}
          reasonHeader={t('contactRequests.report.reason')}
          // A person may have a problem per campaign.
          rowKey={(p) => `${p._id}-${p.code}`}
        />
      </ReportProblems>
    </ReportPanel>
  );
};
