import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Campaign, type TagGroup, tagLimits } from '@parley/contract';
import { IconLink, IconLinkOff, IconLock, IconTags } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable, pageCount } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { TagChips } from '@/components/tag-chips';
import { useTagCheckAndSend } from '@/components/tag-report';
import { TagCheckFooter } from '@/components/tags-dialog';
import { paths } from '@/config/paths';
import { refocus } from '@/lib/refocus';
import { taggedContactKeys } from '@/lib/tags';
import {
  type LinkGroupsInput,
  linkedGroupsPageSize,
  linkTagGroups,
  type UnlinkGroupInput,
  unlinkTagGroup,
  useLinkedTagGroups,
  useTagGroupChoices,
} from '../api/campaign-tag-groups';

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

/**
 * The tag groups linked to this campaign (D17): their members are invited while it runs, and so is
 * everyone who joins later. Linking (only while it runs) and unlinking go through D16's check,
 * whose report says how many would be invited.
 */
export const CampaignTagGroupsSection = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const linked = useLinkedTagGroups(campaign._id, page);
  const [linking, setLinking] = useState(false);
  const linkButton = useRef<HTMLButtonElement>(null);
  const running = campaign.state === 'running';
  const total = linked.data?.total ?? 0;
  // Unlinking the last group of the last page: the page before it.
  const pages = pageCount(total, linkedGroupsPageSize);
  useEffect(() => {
    if (linked.data && page > pages) setPage(pages);
  }, [linked.data, page, pages]);

  const link = useTagCheckAndSend<LinkGroupsInput & { titles: string[] }>({
    call: async ({ titles: _titles, ...input }) => {
      const report = await linkTagGroups(input);
      if (input.callForCheck) setLinking(false);
      return report;
    },
    title: (input) => t('campaigns.tagGroups.confirmLinkTitle', { count: input.tagGroupIds.length }),
    confirmLabel: t('campaigns.tagGroups.confirmLink'),
    intro: (input) => (
      <Text fz="sm">
        {t('campaigns.tagGroups.linkText', {
          count: input.titles.length,
          groups: input.titles.map((title) => `“${title}”`).join(', '),
        })}
      </Text>
    ),
    doneTitle: () => t('campaigns.tagGroups.linkedTitle'),
    failedTitle: t('campaigns.tagGroups.linkFailed'),
    // The members are invited: their contact pages and the campaign's participants change.
    invalidate: taggedContactKeys,
    onExited: () => refocus(linkButton),
  });

  const unlink = useTagCheckAndSend<UnlinkGroupInput>({
    call: unlinkTagGroup,
    title: (input) => t('campaigns.tagGroups.confirmUnlinkTitle', { title: input.groupTitle }),
    confirmLabel: t('campaigns.tagGroups.confirmUnlink'),
    intro: () => <Text fz="sm">{t('campaigns.tagGroups.unlinkText')}</Text>,
    danger: true,
    doneTitle: () => t('campaigns.tagGroups.unlinkedTitle'),
    failedTitle: t('campaigns.tagGroups.unlinkFailed'),
    invalidate: taggedContactKeys,
    onExited: () => refocus(linkButton),
  });

  const columns: ResponsiveColumn<TagGroup>[] = [
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
          onClick={() => unlink.start({ campaignId: campaign._id, groupId: g._id, groupTitle: g.title })}
          loading={unlink.checking?.groupId === g._id}
          disabled={unlink.isPending && unlink.checking?.groupId !== g._id}
          aria-label={t('campaigns.tagGroups.unlinkNamed', { title: g.title })}
        >
          {t('campaigns.tagGroups.unlink')}
        </Button>
      ),
    },
  ];

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

type Choice = Pick<TagGroup, '_id' | 'title' | 'memberCount'>;

type LinkGroupsDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Groups linked to it already are not offered. */
  campaignId: string;
  loading: boolean;
  onCheck: (chosen: Choice[]) => void;
};

/** The groups to link, searched on the server by title, description or tag; then "Check". */
const LinkGroupsDialog = ({ opened, onClose, ...form }: LinkGroupsDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('campaigns.tagGroups.linkTitle')}>
      {/* Mounted while open only, so every opening starts afresh. */}
      <LinkGroupsForm onClose={onClose} {...form} />
    </Modal>
  );
};

const LinkGroupsForm = ({ onClose, campaignId, loading, onCheck }: Omit<LinkGroupsDialogProps, 'opened'>) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Choice[]>([]);
  const [tried, setTried] = useState(false);
  const choices = useTagGroupChoices(debounced, true);
  const found = (choices.data?.documents ?? []).filter((g) => !g.campaigns.some((c) => c._id === campaignId));
  // The chosen stay offered (with their names) whatever the search finds now.
  const offered = [...chosen, ...found.filter((g) => !chosen.some((c) => c._id === g._id))];
  const byId = new Map(offered.map((g) => [g._id, g]));

  const check = () => {
    setTried(true);
    if (chosen.length > 0) onCheck(chosen);
  };

  return (
    <Stack gap="md">
      <MultiSelect
        label={t('campaigns.tagGroups.chooseLabel')}
        description={t('campaigns.tagGroups.chooseHint')}
        placeholder={chosen.length === 0 ? t('campaigns.tagGroups.choosePlaceholder') : undefined}
        data={offered.map((g) => ({ value: g._id, label: g.title }))}
        value={chosen.map((g) => g._id)}
        onChange={(ids) =>
          setChosen(ids.flatMap((id) => byId.get(id) ?? []).slice(0, tagLimits.linksPerCall))
        }
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already (title, description and tags).
        filter={({ options }) => options}
        renderOption={({ option }) => (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {'label' in option ? option.label : ''}
            </Text>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('campaigns.tagGroups.members', { count: byId.get(option.value)?.memberCount ?? 0 })}
            </Text>
          </Group>
        )}
        nothingFoundMessage={choices.isPending ? t('common.loading') : t('campaigns.tagGroups.nothingFound')}
        maxValues={tagLimits.linksPerCall}
        error={
          tried && chosen.length === 0
            ? t('campaigns.tagGroups.noneChosen')
            : choices.isError
              ? t('campaigns.tagGroups.choicesFailed')
              : null
        }
        clearable
        data-autofocus
      />
      <TagCheckFooter onCancel={onClose} onCheck={check} loading={loading} />
    </Stack>
  );
};
