import { Alert, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconLink, IconLock, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { linkedGroupsPageSize } from '../api/campaign-tag-groups';
import { LinkGroupsDialog } from './link-tag-groups-dialog';
import { useTagGroupColumns } from './tag-group-columns';
import { useCampaignTagGroups } from './use-campaign-tag-groups';

/**
 * The tag groups linked to this campaign (D17): their members are invited while it runs, and so is
 * everyone who joins later. Linking (only while it runs) and unlinking go through D16's check,
 * whose report says how many would be invited.
 */
export const CampaignTagGroupsSection = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation();
  const { page, setPage, linked, total, linking, setLinking, linkButton, running, link, unlink } =
    useCampaignTagGroups(campaign);
  const columns = useTagGroupColumns({
    onUnlink: (g) => unlink.start({ campaignId: campaign._id, groupId: g._id, groupTitle: g.title }),
    unlinking: unlink.checking?.groupId,
    busy: unlink.isPending,
  });

  const lockReason = campaign.state === 'running' ? null : t(`campaigns.tagGroups.locked.${campaign.state}`);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('campaigns.tagGroups.title')}
          </Title>
          <Button
            ref={linkButton}
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setLinking(true)}
            disabled={!running}
            aria-describedby={lockReason ? 'campaign-tag-groups-lock' : undefined}
          >
            {t('campaigns.tagGroups.link')}
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('campaigns.tagGroups.intro')}
        </Text>
        {lockReason ? (
          <Alert
            role="note"
            color="gray"
            variant="light"
            icon={<IconLock size={18} aria-hidden />}
            id="campaign-tag-groups-lock"
          >
            {lockReason}
          </Alert>
        ) : null}
        {linked.isError && !linked.data ? (
          <Alert role="alert" color="red" variant="light">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">{t('campaigns.tagGroups.loadFailed')}</Text>
              <Button size="xs" variant="default" onClick={() => void linked.refetch()}>
                {t('campaigns.tagGroups.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <PagedTable
            columns={columns}
            rows={linked.data?.documents}
            rowKey={(g) => g._id}
            label={t('campaigns.tagGroups.title')}
            page={page}
            pageSize={linkedGroupsPageSize}
            total={total}
            onPageChange={setPage}
            loading={linked.isPending}
            loadingRows={2}
            busy={linked.isFetching}
            totalLabel={t('campaigns.tagGroups.total', { count: total })}
            empty={
              <EmptyState
                size="sm"
                icon={<IconTags size={24} aria-hidden />}
                title={t('campaigns.tagGroups.emptyTitle')}
                description={t('campaigns.tagGroups.emptyText')}
              />
            }
          />
        )}
      </Stack>
      <LinkGroupsDialog
        opened={linking}
        onClose={() => setLinking(false)}
        campaignId={campaign._id}
        loading={link.isPending}
        onCheck={(chosen) =>
          link.start({
            campaignId: campaign._id,
            tagGroupIds: chosen.map((g) => g._id),
            titles: chosen.map((g) => g.title),
          })
        }
      />
      {link.dialog}
      {unlink.dialog}
    </Paper>
  );
};
