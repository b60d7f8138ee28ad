import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TagGroup } from '@parley/contract';
import { IconPlus, IconSearch, IconTags, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LinkedCampaignLinks } from '@/components/linked-campaign-links';
import { PageHeader } from '@/components/page-header';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { TagChips } from '@/components/tag-chips';
import { paths } from '@/config/paths';
import { useSearchInput } from '@/lib/use-search-input';
import { useTagGroups } from '../api/get-tag-groups';
import { TagGroupFormModal } from './tag-group-form-modal';
import { useDeleteTagGroupFlow } from './use-tag-group-flows';
import { tagGroupSortChoices, tagGroupsPageSize, useTagGroupsParams } from './use-tag-groups-params';

/**
 * /connect/tag-groups: the tag groups (D17's segments) with their condition, tags, live member
 * counts and linked campaigns, searched, sorted and paged by the server; create, and delete after
 * a check of what it would do.
 */
export const TagGroupsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useTagGroupsParams();
  const groups = useTagGroups(params.query);
  const [creating, setCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);
  // A deleted group's row has gone with its button: the focus goes to "New tag group".
  const deleted = useRef(false);
  const remove = useDeleteTagGroupFlow({
    onDone: () => {
      deleted.current = true;
    },
    onExited: () => {
      if (deleted.current) createButton.current?.focus();
      deleted.current = false;
    },
  });

  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearSearch = () => {
    setSearchInput('');
    params.update({ search: '' });
  };

  const total = groups.data?.total ?? 0;
  const columns: ResponsiveColumn<TagGroup>[] = [
    {
      key: 'title',
      header: t('tagGroups.list.columns.title'),
      primary: true,
      cell: (g) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={paths.tagGroup(g._id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {g.title}
          </Anchor>
          {g.description ? (
            <Text fz="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {g.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'condition',
      header: t('tagGroups.list.columns.condition'),
      cell: (g) => (
        <Badge variant="outline" color={g.condition === 'and' ? 'blue' : 'grape'}>
          {t(g.condition === 'and' ? 'tagGroups.condition.andShort' : 'tagGroups.condition.orShort')}
        </Badge>
      ),
    },
    {
      key: 'tags',
      header: t('tagGroups.list.columns.tags'),
      cell: (g) => (
        <TagChips
          tags={g.tags}
          none={t('tagGroups.tags.none')}
          label={t('tagGroups.tags.labelOf', { title: g.title })}
        />
      ),
    },
    {
      key: 'members',
      header: t('tagGroups.list.columns.members'),
      cell: (g) => <Text fz="sm">{t('tagGroups.memberCount', { count: g.memberCount })}</Text>,
    },
    {
      key: 'campaigns',
      header: t('tagGroups.list.columns.campaigns'),
      cell: (g) => <LinkedCampaignLinks campaigns={g.campaigns} />,
    },
    {
      key: 'actions',
      header: t('tagGroups.list.columns.actions'),
      cell: (g) => (
        <Tooltip label={t('tagGroups.list.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('tagGroups.list.deleteLabel', { title: g.title })}
            loading={remove.checking?.id === g._id}
            disabled={remove.isPending}
            onClick={() => remove.start({ id: g._id, title: g.title })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.tagGroups.title')}
        description={t('pages.tagGroups.description')}
        actions={
          <Button
            ref={createButton}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('tagGroups.list.create')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('tagGroups.list.search')}
            placeholder={t('tagGroups.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
            miw={240}
          />
          <NativeSelect
            label={t('tagGroups.list.sort')}
            data={tagGroupSortChoices.map((s) => ({ value: s, label: t(`tagGroups.list.sorts.${s}`) }))}
            value={params.sort}
            onChange={(e) => {
              const sort = tagGroupSortChoices.find((s) => s === e.currentTarget.value);
              if (sort) params.update({ sort });
            }}
            w={220}
          />
        </Group>
        <PagedTable
          {...pagedQueryProps(groups)}
          columns={columns}
          rowKey={(g) => g._id}
          label={t('tagGroups.list.label')}
          page={params.page}
          pageSize={tagGroupsPageSize}
          onPageChange={(page) => params.update({ page })}
          loadingRows={5}
          totalLabel={t('tagGroups.list.total', { count: total })}
          empty={
            <EmptyState
              icon={<IconTags size={28} aria-hidden />}
              title={params.searched ? t('tagGroups.list.noMatchTitle') : t('tagGroups.list.emptyTitle')}
              description={params.searched ? t('tagGroups.list.noMatchText') : t('tagGroups.list.emptyText')}
            >
              {params.searched ? (
                <Button variant="light" onClick={clearSearch}>
                  {t('tagGroups.list.clearSearch')}
                </Button>
              ) : (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                  {t('tagGroups.list.create')}
                </Button>
              )}
            </EmptyState>
          }
        />
      </Stack>
      <TagGroupFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(group) => navigate(paths.tagGroup(group._id))}
      />
      {remove.dialog}
    </>
  );
};
