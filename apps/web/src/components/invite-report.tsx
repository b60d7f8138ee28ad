import type { InviteReport } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { CheckAndSend, type CheckedFor, callProgress } from './check-and-send';
import {
  ProblemsTable,
  ReportCampaigns,
  ReportFigure,
  ReportFigures,
  ReportPanel,
  ReportProblems,
} from './report-panel';

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
    <ReportPanel title={report.check ? t('contacts.report.checkTitle') : t('contacts.report.doneTitle')}>
      <ReportFigures>
        <ReportFigure label={t('contacts.report.newContacts')} value={report.newContacts} />
        <ReportFigure label={t('contacts.report.existingContacts')} value={report.existingContacts} />
        <ReportFigure label={t('contacts.report.invitations')} value={report.invitations} />
        {withTags ? <ReportFigure label={t('contacts.report.tagged')} value={report.tagged} /> : null}
      </ReportFigures>
      <ReportCampaigns campaigns={report.campaigns} />
      <ReportProblems
        count={report.problems.length}
        title={t('contacts.report.problemsTitle', { count: report.problems.length })}
        noProblems={t('contacts.report.noProblems')}
      >
        <ProblemsTable
          problems={report.problems}
          label={t('contacts.report.problemsLabel')}
          addressHeader={t('contacts.report.address')}
          reasonHeader={t('contacts.report.reason')}
          rowKey={(p) => `${p.email}-${p.code}`}
          note={(p) =>
            p.campaignId && titles.has(p.campaignId)
              ? ` (${t('contacts.report.inCampaign', { title: titles.get(p.campaignId) })})`
              : null
          }
        />
      </ReportProblems>
    </ReportPanel>
  );
};

/**
 * The end of a dialog that invites with one call (POST …/contacts, D16): the check's report, then
 * Cancel, "Check" and "Send invitations", the same call for real once it invites anyone.
 */
export const InviteCheckAndSend = ({
  checked,
  call,
  withTags = false,
  onCancel,
  onCheck,
  checkDisabled,
  onSend,
}: {
  checked: CheckedFor<InviteReport>;
  /** The call (a mutation): whether it is running, and as a check or for real. */
  call: Parameters<typeof callProgress>[0];
  /** The call gives tags: the report says how many contacts get them. */
  withTags?: boolean;
  onCancel: () => void;
  onCheck: () => void;
  checkDisabled: boolean;
  onSend: () => void;
}) => {
  const { t } = useTranslation();
  const report = checked.result;
  return (
    <CheckAndSend
      checked={checked}
      status={
        report
          ? t('contacts.invite.checkedStatus', {
              count: report.invitations,
              problems: report.problems.length,
            })
          : ''
      }
      worthSending={report !== null && report.invitations > 0}
      progress={callProgress(call)}
      onCancel={onCancel}
      onCheck={onCheck}
      checkDisabled={checkDisabled}
      onSend={onSend}
    >
      {report ? <InviteReportView report={report} withTags={withTags} /> : null}
    </CheckAndSend>
  );
};
