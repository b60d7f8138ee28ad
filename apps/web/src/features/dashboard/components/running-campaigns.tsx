import { Alert, Anchor, Button, EmptyState, Skeleton, Stack, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useMeSmall } from '@/lib/current-owner';
import { useDashboardCampaigns } from '../api/get-dashboard';
import { RunningCampaignCard } from './running-campaign-card';

const RunningCampaignsList = () => {
  const { t } = useTranslation();
  // Rendered only for an owner with connect: the call is a connect call.
  const dashboard = useDashboardCampaigns();

  if (dashboard.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={88} radius="md" />
        <Skeleton height={88} radius="md" />
      </Stack>
    );
  }
  if (dashboard.isError) {
    return (
      <Alert color="red" title={t('dashboard.running.loadFailed')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void dashboard.refetch()}>
          {t('dashboard.running.retry')}
        </Button>
      </Alert>
    );
  }
  const { campaigns, total } = dashboard.data;
  if (campaigns.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<IconSpeakerphone aria-hidden />}
        title={t('dashboard.running.emptyTitle')}
        description={t('dashboard.running.emptyDescription')}
      >
        <EmptyState.Actions>
          <Button component={Link} to={paths.campaigns} variant="light" size="xs">
            {t('dashboard.running.toCampaigns')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {campaigns.map((campaign) => (
          <RunningCampaignCard key={campaign._id} campaign={campaign} />
        ))}
      </Stack>
      {total > campaigns.length ? (
        <Anchor component={Link} to={paths.campaigns} size="sm">
          {t('dashboard.running.all', { count: total })}
        </Anchor>
      ) : null}
    </Stack>
  );
};

/**
 * The dashboard's "Running campaigns" (D23): for an owner with connect, the running campaigns with
 * their answers, the last 7 days, invitations, response rate and last answer. Without connect it
 * shows nothing and asks nothing (the call is a connect call).
 */
export const RunningCampaigns = () => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  const headingId = useId();
  if (!owner?.isParleyConnectEnabled) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} mb="md">
      <Title order={2} size="h4" id={headingId}>
        {t('dashboard.running.title')}
      </Title>
      <RunningCampaignsList />
    </Stack>
  );
};
