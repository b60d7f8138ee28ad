import { Modal, Stack, Text } from '@mantine/core';
import type { ContactList, ListInviteReport } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckAndSend, useCheckedFor } from '@/components/check-and-send';
import { ListInviteReportView, worthSendingLists } from '@/components/list-invite-report';
import { RunningCampaignsField } from '@/components/running-campaigns-field';
import { useRunningCampaigns } from '@/lib/campaign-names';
import {
  contactListErrorMessage,
  inviteListsToCampaign,
  useInvalidateContactLists,
} from '@/lib/contact-lists';
import { notifyError, notifySuccess } from '@/lib/notifications';

type Props = { opened: boolean; onClose: () => void; list: ContactList };

type Campaign = { _id: string; title: string };
type Outcome = { campaign: Campaign; report: ListInviteReport };
type Sent = ({ ok: true } & Outcome) | { ok: false; campaign: Campaign; error: unknown };

/**
 * "Invite to campaigns": D16's two steps per chosen running campaign. "Check" asks the server
 * what inviting the list would do there (POST /campaign/:id/contactlist with callForCheck) and
 * shows it; "Send invitations" makes the same calls for real. A group campaign keeps the list
 * linked, so contacts who join it later are invited too.
 */
export const InviteToCampaignsDialog = ({ opened, onClose, list }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contactLists.invite.title', { name: list.name })}
      size="lg"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <InviteForm list={list} onClose={onClose} />
    </Modal>
  );
};

const InviteForm = ({ list, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const running = useRunningCampaigns();
  const invalidate = useInvalidateContactLists();
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const campaigns = running.data?.documents ?? [];
  const chosen = campaignIds
    .map((id) => campaigns.find((c) => c._id === id))
    .filter((c): c is NonNullable<typeof c> => c !== undefined);
  const checked = useCheckedFor<Outcome[]>([...campaignIds].sort().join(','));
  const outcomes = checked.result;

  // One call per campaign: every check must succeed before anything is shown; a send goes on for
  // the others when one campaign refuses (it ended meanwhile), and says which.
  const check = useMutation({
    mutationFn: (targets: Campaign[]) =>
      Promise.all(
        targets.map(async (campaign) => ({
          campaign,
          report: await inviteListsToCampaign({
            campaignId: campaign._id,
            listIds: [list._id],
            callForCheck: true,
          }),
        })),
      ),
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contactLists.invite.checkFailed'), message: contactListErrorMessage(error) }),
  });
  const send = useMutation({
    mutationFn: (targets: Campaign[]) =>
      Promise.all(
        targets.map((campaign) =>
          inviteListsToCampaign({ campaignId: campaign._id, listIds: [list._id], callForCheck: false }).then(
            (report): Sent => ({ ok: true, campaign, report }),
            (error: unknown): Sent => ({ ok: false, campaign, error }),
          ),
        ),
      ),
    meta: { errorNotification: false },
  });

  const noneRunning = running.isSuccess && campaigns.length === 0;
  const campaignsError = attempted && campaignIds.length === 0 ? t('contactLists.invite.noCampaign') : null;

  const runCheck = () => {
    setAttempted(true);
    if (chosen.length === 0) return;
    check.mutate(chosen, { onSuccess: (result) => checked.keep(result) });
  };

  const runSend = () => {
    if (!outcomes) return;
    send.mutate(
      outcomes.map((o) => o.campaign),
      {
        onSuccess: async (results) => {
          const done: Outcome[] = [];
          for (const r of results) {
            if (r.ok) {
              done.push(r);
            } else {
              notifyError({
                title: t('contactLists.invite.failed', { title: r.campaign.title }),
                message: contactListErrorMessage(r.error),
              });
            }
          }
          if (done.length > 0) {
            notifySuccess({
              title: t('contactLists.invite.sentTitle'),
              message: done
                .map((o) =>
                  t('contactLists.invite.sentText', { count: o.report.invitations, title: o.campaign.title }),
                )
                .join(' '),
            });
          }
          await invalidate();
          if (done.length === results.length) onClose();
        },
      },
    );
  };

  const invitations = outcomes?.reduce((sum, o) => sum + o.report.invitations, 0) ?? 0;
  const problems = outcomes?.reduce((sum, o) => sum + o.report.problems.length, 0) ?? 0;
  // Linking a group campaign is worth sending even when nobody is invited now (an empty list).
  const worthSending = outcomes?.some((o) => worthSendingLists(o.report)) ?? false;

  return (
    <Stack gap="md">
      <Text>{t('contactLists.invite.text', { count: list.memberCount })}</Text>
      <RunningCampaignsField
        campaigns={campaigns}
        loading={running.isPending}
        noneRunning={noneRunning}
        noneRunningText={t('contacts.invite.noneRunning')}
        label={t('contacts.invite.campaigns')}
        description={t('contactLists.invite.campaignsHint')}
        placeholder={t('contacts.invite.campaignsPlaceholder')}
        nothingFound={t('contacts.invite.noCampaignFound')}
        value={campaignIds}
        onChange={setCampaignIds}
        error={campaignsError}
        autoFocus
      />
      <CheckAndSend
        checked={checked}
        status={outcomes ? t('contactLists.invite.checkedStatus', { count: invitations, problems }) : ''}
        worthSending={worthSending}
        progress={{ checking: check.isPending, sending: send.isPending }}
        onCancel={onClose}
        onCheck={runCheck}
        checkDisabled={noneRunning || send.isPending}
        onSend={runSend}
        sendDisabled={check.isPending}
      >
        {outcomes?.map((o) => (
          <ListInviteReportView
            key={o.campaign._id}
            report={o.report}
            title={t('contactLists.invite.reportTitle', { title: o.campaign.title })}
          />
        ))}
      </CheckAndSend>
    </Stack>
  );
};
