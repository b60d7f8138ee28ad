import { List, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TagReport } from '@parley/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { contactCodeMessage } from '@/lib/contact-messages';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { tagErrorMessage, tagQueryKeys } from '@/lib/tags';
import { CheckThenSendDialog, useCheckThenSend } from './check-and-send';
import { ReportCampaigns, ReportFigure, ReportFigures, ReportPanel, ReportProblems } from './report-panel';

/** The problems' total: how many contacts a problem kept from an invitation. */
const problemCount = (report: TagReport) => report.problems.reduce((sum, p) => sum + p.count, 0);

/**
 * The contacts a part of the report speaks of, among those the call reached: "this contact", "these
 * 12 contacts" (all of them) or "3 of these 12 contacts".
 */
const contactsOf = (t: TFunction, part: number, reached: number): string =>
  part >= reached
    ? t('components.tagReport.contactsAll', { count: part })
    : t('components.tagReport.contactsSome', { part, total: reached });

/**
 * One sentence on what a tag call would do (`check`) or did, each part with its own number: "3 of
 * these 12 contacts would get tags, 1 tag group would gain 3 members, and 3 invitations to 1
 * campaign would be sent." Also the message of the notification once it is done.
 */
export const tagReportSummary = (t: TFunction, language: string, report: TagReport): string => {
  const mode = report.check ? 'check' : 'done';
  const joined = report.groups.filter((g) => g.gained > 0);
  const left = report.groups.filter((g) => g.lost > 0);
  const sum = (groups: TagReport['groups'], of: (g: TagReport['groups'][number]) => number) =>
    groups.reduce((total, g) => total + of(g), 0);
  const parts: string[] = [];
  if (report.tagged > 0)
    parts.push(
      t(`components.tagReport.${mode}.tagged`, {
        count: report.tagged,
        who: contactsOf(t, report.tagged, report.contacts),
      }),
    );
  if (report.untagged > 0)
    parts.push(
      t(`components.tagReport.${mode}.untagged`, {
        count: report.untagged,
        who: contactsOf(t, report.untagged, report.contacts),
      }),
    );
  if (joined.length > 0)
    parts.push(
      t(`components.tagReport.${mode}.joined`, {
        count: joined.length,
        groups: t('components.tagReport.groupCount', { count: joined.length }),
        members: t('components.tagReport.memberCount', { count: sum(joined, (g) => g.gained) }),
      }),
    );
  if (left.length > 0)
    parts.push(
      t(`components.tagReport.${mode}.left`, {
        count: left.length,
        groups: t('components.tagReport.groupCount', { count: left.length }),
        members: t('components.tagReport.memberCount', { count: sum(left, (g) => g.lost) }),
      }),
    );
  if (report.invitations > 0)
    parts.push(
      t(`components.tagReport.${mode}.invited`, {
        count: report.invitations,
        campaigns: t('components.tagReport.campaignCount', {
          count: report.campaigns.filter((c) => c.invitations > 0).length,
        }),
      }),
    );
  if (parts.length === 0) return t(`components.tagReport.${mode}.nothing`, { count: report.contacts });
  const sentence = t('components.tagReport.sentence', {
    parts: new Intl.ListFormat(language, { type: 'conjunction' }).format(parts),
  });
  return sentence.charAt(0).toLocaleUpperCase(language) + sentence.slice(1);
};

/**
 * What a tag call would do (D16's check, `report.check`) or did: the contacts it reached, tagged and
 * untagged, each group whose members change (+joined / −left → members afterwards), the invitations
 * in all and per campaign, and what kept contacts from an invitation. Shared by every tag action.
 */
export function TagReportView({ report }: { report: TagReport }) {
  const { t, i18n } = useTranslation();
  const mode = report.check ? 'check' : 'done';
  const problems = problemCount(report);
  const groupsId = useId();
  return (
    <ReportPanel title={t(`components.tagReport.${mode}.title`)}>
      <Text fz="sm">{tagReportSummary(t, i18n.language, report)}</Text>
      <ReportFigures>
        <ReportFigure label={t('components.tagReport.contacts')} value={report.contacts} />
        <ReportFigure label={t('components.tagReport.tagged')} value={report.tagged} />
        <ReportFigure label={t('components.tagReport.untagged')} value={report.untagged} />
        <ReportFigure label={t('components.tagReport.invitations')} value={report.invitations} />
      </ReportFigures>
      {report.groups.length > 0 ? (
        <Stack gap={4}>
          <Text fz="sm" fw={600} id={groupsId}>
            {t(`components.tagReport.${mode}.groupsTitle`)}
          </Text>
          <List size="sm" spacing={2} aria-labelledby={groupsId}>
            {report.groups.map((g) => (
              <List.Item key={g._id}>
                <Text component="span" fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {g.title}
                </Text>
                {': '}
                <span aria-hidden>
                  +{g.gained} / −{g.lost} → {g.memberCount}
                </span>
                <VisuallyHidden>
                  {t(`components.tagReport.${mode}.groupChange`, {
                    gained: g.gained,
                    lost: g.lost,
                    count: g.memberCount,
                  })}
                </VisuallyHidden>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <ReportCampaigns campaigns={report.campaigns} />
      <ReportProblems
        count={report.problems.length}
        title={t(`components.tagReport.${mode}.problemsTitle`, { count: problems })}
        noProblems={t('components.tagReport.noProblems')}
      >
        <ScrollArea.Autosize mah={220} type="auto">
          <Table verticalSpacing={4} aria-label={t('components.tagReport.problemsLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('components.tagReport.reason')}</Table.Th>
                <Table.Th>{t('components.tagReport.code')}</Table.Th>
                <Table.Th ta="end">{t('components.tagReport.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.problems.map((p) => (
                <Table.Tr key={p.code}>
                  <Table.Td>{contactCodeMessage(t, p.code, p.message)}</Table.Td>
                  <Table.Td>
                    <Text component="code" fz="xs">
                      {p.code}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end">{p.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </ReportProblems>
    </ReportPanel>
  );
}

export type TagCheckAndSendOptions<Input extends object> = {
  /** The tag call; `callForCheck` tells the check from the real one. */
  call: (input: Input & { callForCheck: boolean }) => Promise<TagReport>;
  /** The confirmation dialog's title, e.g. "Delete the tag group “VIP”?". */
  title: (input: Input) => string;
  /** The confirmation button, e.g. "Delete tag group". */
  confirmLabel: string;
  /** What the dialog says above the report (what the action is). */
  intro?: (input: Input, report: TagReport) => ReactNode;
  /** A destructive action: a red button, and Cancel takes the focus. */
  danger?: boolean;
  /** The notification once done (its message says what happened). */
  doneTitle: (input: Input, report: TagReport) => string;
  /** The notification when the check or the call is refused. */
  failedTitle: string;
  /** More queries to read again once done (every tag query is). */
  invalidate?: readonly QueryKey[];
  onDone?: (report: TagReport, input: Input) => void;
  /** Once the dialog has gone: where the focus goes next (when what opened it has gone too). */
  onExited?: () => void;
};

/**
 * The flow of every tag action (D16): the call with `callForCheck: true`, its report in a
 * confirmation dialog (Confirm / Cancel), then the same call with `callForCheck: false`, a
 * notification saying what happened, and the tag queries (and `invalidate`) read again. Refusals
 * are error notifications. Render `dialog` once; call `start(input)` from the action.
 */
export function useTagCheckAndSend<Input extends object>({
  call,
  title,
  confirmLabel,
  intro,
  danger = false,
  doneTitle,
  failedTitle,
  invalidate = [],
  onDone,
  onExited,
}: TagCheckAndSendOptions<Input>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const flow = useCheckThenSend<Input, TagReport>({
    call,
    onSent: (report, input) => {
      notifySuccess({ title: doneTitle(input, report), message: tagReportSummary(t, i18n.language, report) });
      for (const queryKey of [tagQueryKeys.all, ...invalidate])
        void queryClient.invalidateQueries({ queryKey });
      onDone?.(report, input);
    },
    onError: (error) => notifyError({ title: failedTitle, message: tagErrorMessage(error) }),
  });
  const dialog = (
    <CheckThenSendDialog
      flow={flow}
      title={(input) => title(input)}
      confirmLabel={confirmLabel}
      color={danger ? 'red' : undefined}
      focus={danger ? 'cancel' : 'confirm'}
      onExited={onExited}
    >
      {(report, input) => (
        <>
          {intro ? intro(input, report) : null}
          <TagReportView report={report} />
        </>
      )}
    </CheckThenSendDialog>
  );
  return {
    start: flow.check,
    dialog,
    /** The input being checked (its button shows it is loading). */
    checking: flow.checking,
    isPending: flow.progress.checking || flow.progress.sending,
  };
}
