import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContentLoader } from '@/components/loaders';
import { PageHeader } from '@/components/page-header';
import { BackLink, RecordMissing } from '@/components/record-page';
import { paths } from '@/config/paths';
import { useLeaveAfterDelete } from '@/lib/use-leave-after-delete';
import { useTagGroup } from '../api/get-tag-group';
import { TagGroupCampaigns } from './tag-group-campaigns';
import { TagGroupMembers } from './tag-group-members';
import { TagGroupSettings } from './tag-group-settings';
import { TagGroupTags } from './tag-group-tags';
import { useDeleteTagGroupFlow } from './use-tag-group-flows';

/**
 * /connect/tag-groups/:id: a tag group's title, description and condition (edit), its tags (add,
 * remove), the campaigns it is linked to (link running ones, unlink) and its members now. Every
 * change that can move members or invite anyone is checked first (D16).
 */
export const TagGroupDetails = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const { data: group, error, isPending } = useTagGroup(id);
  const { leave } = useLeaveAfterDelete(paths.tagGroups);
  const remove = useDeleteTagGroupFlow({ onDone: () => leave() });

  const back = <BackLink to={paths.tagGroups}>{t('tagGroups.detail.back')}</BackLink>;

  if (isPending) return <ContentLoader />;
  if (!group) {
    return (
      <RecordMissing
        back={back}
        error={error}
        title={t('pages.tagGroup.title')}
        notFoundTitle={t('tagGroups.detail.notFoundTitle')}
        notFoundText={t('tagGroups.detail.notFoundText')}
      />
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap="md">
        {back}
        <PageHeader
          title={group.title}
          documentTitle={t('tagGroups.detail.documentTitle', { title: group.title })}
          description={
            <Stack gap={4} component="span">
              {group.description ? (
                <Text component="span" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {group.description}
                </Text>
              ) : null}
              <Group gap="xs" component="span">
                <Badge variant="outline" color={group.condition === 'and' ? 'blue' : 'grape'}>
                  {t(
                    group.condition === 'and'
                      ? 'tagGroups.condition.andShort'
                      : 'tagGroups.condition.orShort',
                  )}
                </Badge>
                <Text component="span" fz="sm">
                  {t('tagGroups.memberCount', { count: group.memberCount })}
                </Text>
              </Group>
            </Stack>
          }
          actions={
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.checking !== null}
              disabled={remove.isPending}
              onClick={() => remove.start({ id: group._id, title: group.title })}
            >
              {t('tagGroups.detail.delete')}
            </Button>
          }
        />
      </Stack>
      <TagGroupTags group={group} />
      <TagGroupCampaigns group={group} />
      <TagGroupSettings group={group} />
      <TagGroupMembers group={group} />
      {remove.dialog}
    </Stack>
  );
};
