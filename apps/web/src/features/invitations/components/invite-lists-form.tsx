import { Alert, Stack, Text } from '@mantine/core';
import type { ListInviteReport } from '@parley/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckAndSend, callProgress, useCheckedFor } from '@/components/check-and-send';
import { ContactListMultiPicker } from '@/components/contact-list-picker';
import { ListInviteReportView, worthSendingLists } from '@/components/list-invite-report';
import { contactListErrorMessage, contactListQueryKeys, inviteListsToCampaign } from '@/lib/contact-lists';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { participantQueryKeys } from '../api/participant-query-keys';

/** The contract's limit of lists per call. */
const listsMax = 50;

type Props = {
  campaign: { _id: string; title: string; isGroupCampaign?: boolean };
  onClose: () => void;
};

/**
 * Invite whole contact lists to the campaign (POST /campaign/:id/contactlist): "Check" says what
 * it would do (the lists' distinct members, the invitations, who is left out and why), "Send
 * invitations" does it. A group campaign keeps the lists linked: later members are invited too.
 */
export const InviteListsForm = ({ campaign, onClose }: Props) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [listIds, setListIds] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  const invite = useMutation({
    mutationFn: inviteListsToCampaign,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('participants.add.failed'), message: contactListErrorMessage(error) }),
  });
  const checked = useCheckedFor<ListInviteReport>([...listIds].sort().join(','));
  const report = checked.result;
  const tooMany = listIds.length > listsMax;
  const listsError = tooMany
    ? t('contactLists.campaign.tooMany', { max: listsMax })
    : attempted && listIds.length === 0
      ? t('contactLists.campaign.noList')
      : null;
  const worthSending = report !== null && worthSendingLists(report);

  const check = () => {
    setAttempted(true);
    if (listIds.length === 0 || tooMany) return;
    invite.mutate(
      { campaignId: campaign._id, listIds, callForCheck: true },
      { onSuccess: (r) => checked.keep(r) },
    );
  };
  const send = () => {
    if (!report) return;
    invite.mutate(
      { campaignId: campaign._id, listIds, callForCheck: false },
      {
        onSuccess: async (done) => {
          notifySuccess({
            title: t('participants.add.doneTitle'),
            message: t('participants.add.doneText', { count: done.invitations, title: campaign.title }),
          });
          onClose();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: participantQueryKeys.campaign(campaign._id) }),
            queryClient.invalidateQueries({ queryKey: contactListQueryKeys.all }),
          ]);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('contactLists.campaign.text')}
      </Text>
      <ContactListMultiPicker
        label={t('contactLists.campaign.lists')}
        description={t('contactLists.campaign.listsHint')}
        value={listIds}
        onChange={setListIds}
        error={listsError}
        autoFocus
      />
      {campaign.isGroupCampaign ? (
        <Alert role="note" color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('contactLists.campaign.groupNote')}
        </Alert>
      ) : null}
      <CheckAndSend
        checked={checked}
        status={
          report
            ? t('contactLists.invite.checkedStatus', {
                count: report.invitations,
                problems: report.problems.length,
              })
            : ''
        }
        worthSending={worthSending}
        progress={callProgress(invite)}
        onCancel={onClose}
        onCheck={check}
        checkDisabled={tooMany}
        onSend={send}
      >
        {report ? <ListInviteReportView report={report} /> : null}
      </CheckAndSend>
    </Stack>
  );
};
