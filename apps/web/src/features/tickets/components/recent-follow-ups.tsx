import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '@/components/labelled-progress';
import { useDateFormat } from '@/lib/use-date-format';
import { useMassFollowUps } from '../api/mass-follow-up';

/** How many of the campaign's latest follow-ups the dialog shows. */
export const recentFollowUpsShown = 5;

/**
 * The campaign's latest mass follow-ups (D14): when, the text's start, how far each got, and how
 * many silent participants were reminded. Those still running move on by themselves.
 */
export const RecentFollowUps = ({ campaignId }: { campaignId: string }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const headingId = useId();
  const { data, isPending, isError, refetch } = useMassFollowUps(campaignId, recentFollowUpsShown);

  let body: ReactNode;
  if (isPending) {
    body = <Text fz="sm">{t('common.loading')}</Text>;
  } else if (isError) {
    body = (
      <Group gap="sm">
        <Text fz="sm">{t('common.loadFailed')}</Text>
        <Button size="xs" variant="light" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else if (data.documents.length === 0) {
    body = (
      <Text fz="sm" c="dimmed">
        {t('tickets.followUp.recent.none')}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {data.documents.map((followUp) => {
          const when = formatDateTime(followUp.createdAt);
          const done = followUp.state === 'done';
          const percent = followUp.total > 0 ? Math.round((followUp.done / followUp.total) * 100) : 100;
          const progress = t('tickets.followUp.progressValue', {
            done: followUp.done,
            count: followUp.total,
          });
          return (
            <Paper component="li" key={followUp._id} withBorder radius="sm" p="xs">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fz="sm" fw={500}>
                    {when}
                  </Text>
                  <Badge color={done ? 'teal' : 'blue'} variant="light">
                    {t(`tickets.followUp.recent.states.${followUp.state}`)}
                  </Badge>
                </Group>
                <Text fz="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                  {followUp.description}
                </Text>
                <LabelledProgress
                  value={done ? 100 : percent}
                  label={t('tickets.followUp.recent.progress', { date: when })}
                  valueText={progress}
                  color={done ? 'teal' : undefined}
                  size="sm"
                />
                <Text fz="xs" c="dimmed">
                  {progress}
                  {' · '}
                  {followUp.notify
                    ? t('tickets.followUp.recent.reminded', { count: followUp.reminded })
                    : t('tickets.followUp.recent.silent')}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h6" id={headingId}>
        {t('tickets.followUp.recent.title')}
      </Title>
      {body}
    </Stack>
  );
};
