import { Button, Group, Stack, Text } from '@mantine/core';
import type { MassFollowUp } from '@parley/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { useMassFollowUpStatus, useRefreshTicketsAfterFollowUp } from '../api/mass-follow-up';

/** The follow-up's delivery, asked for every 2 s until it is done. */
export const FollowUpProgress = ({
  campaignId,
  initial,
  onClose,
}: {
  campaignId: string;
  initial: MassFollowUp;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const status = useMassFollowUpStatus(campaignId, initial._id);
  const followUp = status.data ?? initial;
  const done = followUp.state === 'done';
  const refreshTickets = useRefreshTicketsAfterFollowUp();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it is done.
  useEffect(() => {
    if (done) refreshTickets();
  }, [done]);
  const percent = followUp.total > 0 ? Math.round((followUp.done / followUp.total) * 100) : 100;
  const progress = t('tickets.followUp.progressValue', { done: followUp.done, count: followUp.total });
  return (
    <Stack gap="md">
      <LabelledProgress
        value={done ? 100 : percent}
        label={t('tickets.followUp.progress')}
        valueText={progress}
        color={done ? 'teal' : undefined}
        animated={!done}
        size="lg"
      />
      <Text fz="sm" role="status">
        {done
          ? t('tickets.followUp.done', { count: followUp.total })
          : followUp.state === 'queued'
            ? t('tickets.followUp.queued')
            : progress}
      </Text>
      {status.isError ? (
        <Text fz="sm" c="dimmed">
          {t('tickets.followUp.statusFailed')}
        </Text>
      ) : null}
      <Text fz="sm" c="dimmed">
        {followUp.notify ? t('tickets.followUp.reminderNote') : t('tickets.followUp.silentNote')}
      </Text>
      <Group justify="flex-end">
        <Button variant={done ? 'filled' : 'default'} onClick={onClose} data-autofocus>
          {done ? t('common.close') : t('tickets.followUp.closeWhileRunning')}
        </Button>
      </Group>
    </Stack>
  );
};
