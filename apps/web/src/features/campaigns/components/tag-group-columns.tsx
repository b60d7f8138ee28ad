import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { TagGroup } from '@parley/contract';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { TagChips } from '@/components/tag-chips';
import { paths } from '@/config/paths';

/** A group's condition in words: "all of: vip, berlin" or "any of: …". */
const GroupCondition = ({ group }: { group: TagGroup }) => {
  const { t } = useTranslation();
  if (group.tags.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('campaigns.tagGroups.noTags')}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text fz="xs" c="dimmed">
        {t(`campaigns.tagGroups.condition.${group.condition}`)}
      </Text>
      <TagChips tags={group.tags} size="sm" />
    </Stack>
  );
};

/** The linked groups' columns: the group, its condition, its members, and its Unlink button. */
export const useTagGroupColumns = ({
  onUnlink,
  unlinking,
  busy,
}: {
  onUnlink: (group: TagGroup) => void;
  /** The group whose unlinking is being checked. */
  unlinking: string | undefined;
  /** Another group's unlinking is under way. */
  busy: boolean;
}): ResponsiveColumn<TagGroup>[] => {
  const { t } = useTranslation();
  return [
    {
      key: 'group',
      header: t('campaigns.tagGroups.columns.group'),
      primary: true,
      cell: (g) => (
        <Anchor component={Link} to={paths.tagGroup(g._id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {g.title}
        </Anchor>
      ),
    },
    {
      key: 'tags',
      header: t('campaigns.tagGroups.columns.tags'),
      cell: (g) => <GroupCondition group={g} />,
    },
    {
      key: 'members',
      header: t('campaigns.tagGroups.columns.members'),
      cell: (g) => <Text fz="sm">{t('campaigns.tagGroups.members', { count: g.memberCount })}</Text>,
    },
    {
      key: 'actions',
      header: t('campaigns.tagGroups.columns.actions'),
      cell: (g) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconLinkOff size={14} aria-hidden />}
          onClick={() => onUnlink(g)}
          loading={unlinking === g._id}
          disabled={busy && unlinking !== g._id}
          aria-label={t('campaigns.tagGroups.unlinkNamed', { title: g.title })}
        >
          {t('campaigns.tagGroups.unlink')}
        </Button>
      ),
    },
  ];
};
