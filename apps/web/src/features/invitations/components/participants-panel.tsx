import { Alert, EmptyState, Group, Stack, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconInfoCircle, IconMail, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { useCampaignContactLists } from '@/lib/contact-lists';
import { useParticipantStatistics } from '../api/get-participant-statistics';
import { participantQueryKeys } from '../api/participant-query-keys';
import { AddParticipantsDialog } from './add-participants-dialog';
import { LinkedLists } from './linked-lists';
import { ParticipantList } from './participant-list';
import { ParticipantStatisticsView } from './participant-statistics';

export type InviteByEmailSlot = (props: {
  opened: boolean;
  onClose: () => void;
  /** Call once invitations were sent: the participants and their counts are read again. */
  onInvited: () => void;
}) => ReactNode;

/**
 * The campaign's invitations (the participants tab): counts by state, the participants with their
 * invitation's state, and inviting more (contacts, or addresses through `inviteByEmail`, the
 * contact book's dialog the page hands in). Only a running campaign's invitations change.
 */
export const ParticipantsPanel = ({
  campaign,
  inviteByEmail,
}: {
  campaign: Campaign;
  inviteByEmail: InviteByEmailSlot;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const statistics = useParticipantStatistics(campaign._id);
  // A group campaign's participants come through its linked lists (D11): they are shown and filter the list.
  const linkedLists = useCampaignContactLists(campaign._id, campaign.isGroupCampaign);
  const lists = campaign.isGroupCampaign ? linkedLists.data?.documents : undefined;
  const reasonId = useId();
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);

  const lockReason =
    campaign.state === 'draft'
      ? t('participants.locked.draft')
      : campaign.state === 'ended'
        ? t('participants.locked.ended')
        : campaign.state === 'archived'
          ? t('participants.locked.archived')
          : null;
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: participantQueryKeys.campaign(campaign._id) });
  // Until someone is invited the list would only repeat the open link's answers listed below it.
  const nobodyInvited = statistics.data?.invited === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4">
          {t('participants.title')}
        </Title>
        <Group gap="xs">
          <GuardedButton
            reason={lockReason}
            reasonId={reasonId}
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('participants.add.open')}
          </GuardedButton>
          <GuardedButton
            reason={lockReason}
            reasonId={reasonId}
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            {t('participants.inviteByEmail')}
          </GuardedButton>
        </Group>
      </Group>
      {lockReason ? (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <span id={reasonId}>{lockReason}</span>
        </Alert>
      ) : null}
      <ParticipantStatisticsView statistics={statistics.data} />
      {campaign.isGroupCampaign ? <LinkedLists campaign={campaign} lists={lists} /> : null}
      {nobodyInvited ? (
        <EmptyState
          icon={<IconUsers size={28} aria-hidden />}
          title={t('participants.noneInvitedTitle')}
          description={lockReason ? t('participants.noneInvitedLocked') : t('participants.noneInvitedText')}
        />
      ) : statistics.data || statistics.isError ? (
        <ParticipantList campaign={campaign} lockReason={lockReason} lockReasonId={reasonId} lists={lists} />
      ) : null}
      <AddParticipantsDialog opened={adding} onClose={() => setAdding(false)} campaign={campaign} />
      {inviteByEmail({ opened: inviting, onClose: () => setInviting(false), onInvited: refresh })}
    </Stack>
  );
};
