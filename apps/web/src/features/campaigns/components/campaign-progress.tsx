import { Group, Stack, Text } from '@mantine/core';
import type { EndCondition } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';

/** The answer count, and with a participation target how far the campaign is toward it. */
export const CampaignProgress = ({
  ticketCount,
  endCondition,
}: {
  ticketCount: number;
  endCondition: EndCondition;
}) => {
  const { t } = useTranslation();
  if (endCondition.type !== 'participationTarget') {
    return <Text fz="sm">{t('campaigns.list.answers', { count: ticketCount })}</Text>;
  }
  const { target } = endCondition;
  const percent = Math.min(100, Math.round((ticketCount / target) * 100));
  const label = t('campaigns.list.answersOfTarget', { count: ticketCount, target });
  return (
    <Stack gap={4} miw={120}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{label}</Text>
        <Text fz="xs" c="dimmed">
          {percent} %
        </Text>
      </Group>
      <LabelledProgress
        value={percent}
        size="sm"
        label={t('campaigns.list.progressLabel')}
        valueText={label}
      />
    </Stack>
  );
};
