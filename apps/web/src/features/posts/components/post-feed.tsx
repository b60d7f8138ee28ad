import { Badge, Button, EmptyState, Group, List, Stack, Tabs, Text } from '@mantine/core';
import type { api, PostListItem, RouteResponse } from '@parley/contract';
import { IconEye, IconEyeOff, IconFilterOff, IconMessage2 } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedButton } from '@/components/guarded-button';
import { PageHeader } from '@/components/page-header';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { useMeSmall } from '@/lib/current-owner';
import { notifyInfo, notifySuccess } from '@/lib/notifications';
import { useSearchInput } from '@/lib/use-search-input';
import { usePosts } from '../api/get-posts';
import { useBulkPostAction } from '../api/post-mutations';
import { FeedbackPageCard } from './feedback-page-card';
import { usePostColumns } from './post-columns';
import { PostFilters } from './post-filters';
import {
  postListQuery,
  postPageSize,
  type StateTab,
  stateTabs,
  usePostFilterParams,
} from './use-post-filter-params';

type Counts = RouteResponse<typeof api.posts.list>['counts'];
type BulkAction = 'publish' | 'unpublish';

const countOf = (counts: Counts, tab: StateTab) =>
  tab === 'all' ? counts.pending + counts.published + counts.unpublished + counts.reported : counts[tab];

/**
 * `/platform/tickets`: the posts of the manufacturer's public feedback page (D19), by state with
 * their counts, filtered, sorted and paged in the address; chosen posts are published or
 * unpublished at once (unpublishing needs canUnpublish, D8).
 */
export const PostFeed = () => {
  const { t } = useTranslation();
  const params = usePostFilterParams();
  const { filters } = params;
  const posts = usePosts(postListQuery(filters, params.page));
  const [searchInput, setSearchInput] = useSearchInput(params);
  const manufacturer = useMeSmall().data?.manufacturer;
  const columns = usePostColumns();
  const selection = useRowSelection<PostListItem>((post) => post._id);
  const bulk = useBulkPostAction();
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  // The dialog keeps its words while it closes.
  const shownAction = useRef<BulkAction>('publish');
  if (confirming) shownAction.current = confirming;
  const dialogAction = shownAction.current;
  const { data } = posts;
  // The tabs keep their counts while another page loads.
  const lastCounts = useRef(data?.counts);
  if (data) lastCounts.current = data.counts;
  const counts = lastCounts.current;
  const unpublishReason = manufacturer?.canUnpublish === false ? t('posts.unpublishNotEnabled') : null;

  const clearFilters = () => {
    setSearchInput('');
    params.clear();
  };

  const tabLabel = (tab: StateTab) => (
    <Group gap={6} wrap="nowrap" component="span">
      {t(`posts.tabs.${tab}`)}
      {counts ? (
        <Badge
          size="sm"
          variant={tab === 'pending' && counts.pending > 0 ? 'filled' : 'light'}
          color={tab === 'reported' && counts.reported > 0 ? 'red' : tab === 'pending' ? 'blue' : 'gray'}
          aria-label={t('posts.tabs.count', { count: countOf(counts, tab) })}
        >
          {countOf(counts, tab)}
        </Badge>
      ) : null}
    </Group>
  );

  const runBulk = () => {
    if (!confirming) return;
    const action = confirming;
    const chosen = selection.rows;
    bulk.mutate(
      { action, ids: chosen.map((p) => p._id) },
      {
        onSuccess: ({ changed, skipped }) => {
          const skippedNames = skipped.map(
            (s) => chosen.find((p) => p._id === s._id)?.authorName ?? t('posts.bulk.unknownPost'),
          );
          const notify = changed > 0 ? notifySuccess : notifyInfo;
          notify({
            title: t(`posts.bulk.${action}Done`, { count: changed }),
            message:
              skipped.length > 0
                ? t('posts.bulk.skipped', { count: skipped.length, names: skippedNames.join(', ') })
                : '',
          });
          selection.clear();
        },
        onSettled: () => setConfirming(null),
      },
    );
  };

  const table = (
    <PagedTable
      {...pagedQueryProps(posts)}
      columns={[
        selectionColumn({
          selection,
          rows: data?.documents,
          rowLabel: (post) => t('posts.feed.select', { name: post.authorName }),
          pageLabel: t('posts.feed.selectPage'),
          cardLabel: t('posts.feed.selected'),
        }),
        ...columns,
      ]}
      rowKey={(post) => post._id}
      label={t('posts.feed.label')}
      page={params.page}
      pageSize={postPageSize}
      onPageChange={(page) => params.update({ page })}
      loadingRows={5}
      totalLabel={t(data?.totalAtLeast ? 'posts.feed.totalAtLeast' : 'posts.feed.total', {
        count: data?.total ?? 0,
      })}
      empty={
        params.filtered ? (
          <EmptyState
            icon={<IconMessage2 size={28} aria-hidden />}
            title={t('posts.feed.noMatchTitle')}
            description={t('posts.feed.noMatchText')}
          >
            <Button
              variant="light"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={clearFilters}
            >
              {t('posts.filters.clear')}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconMessage2 size={28} aria-hidden />}
            title={
              filters.state === 'all'
                ? t('posts.feed.emptyTitle')
                : t(`posts.feed.emptyState.${filters.state}`)
            }
            description={filters.state === 'all' ? t('posts.feed.emptyText') : undefined}
          />
        )
      }
    />
  );

  return (
    <>
      <PageHeader title={t('pages.tickets.title')} description={t('pages.tickets.description')} />
      <Stack gap="md">
        <FeedbackPageCard />
        <PostFilters
          params={params}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onClear={clearFilters}
        />
        <Tabs
          value={filters.state}
          onChange={(next) => {
            const state = stateTabs.find((s) => s === next);
            if (!state) return;
            selection.clear();
            params.update({ state });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('posts.tabs.label')} mb="md">
            {stateTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {tabLabel(tab)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {stateTabs.map((tab) => (
            <Tabs.Panel key={tab} value={tab}>
              <Stack gap="sm">
                {selection.count > 0 ? (
                  <BulkActionsBar
                    status={t('posts.bulk.selectedCount', { count: selection.count })}
                    label={t('posts.bulk.label')}
                    clearLabel={t('posts.bulk.clear')}
                    onClear={selection.clear}
                  >
                    <Button
                      size="xs"
                      leftSection={<IconEye size={14} aria-hidden />}
                      onClick={() => setConfirming('publish')}
                    >
                      {t('posts.bulk.publish')}
                    </Button>
                    <GuardedButton
                      size="xs"
                      variant="default"
                      leftSection={<IconEyeOff size={14} aria-hidden />}
                      reason={unpublishReason}
                      onClick={() => setConfirming('unpublish')}
                    >
                      {t('posts.bulk.unpublish')}
                    </GuardedButton>
                  </BulkActionsBar>
                ) : null}
                {table}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t(`posts.bulk.${dialogAction}Title`, { count: selection.count })}
        confirmLabel={t(`posts.bulk.${dialogAction}`)}
        color={dialogAction === 'unpublish' ? 'orange' : undefined}
        loading={bulk.isPending}
        onConfirm={runBulk}
        onClose={() => setConfirming(null)}
      >
        <Text>{t(`posts.bulk.${dialogAction}Text`)}</Text>
        <List size="sm" aria-label={t('posts.bulk.chosen')}>
          {selection.rows.slice(0, 10).map((p) => (
            <List.Item key={p._id}>{p.authorName}</List.Item>
          ))}
          {selection.count > 10 ? (
            <List.Item>{t('posts.bulk.andMore', { count: selection.count - 10 })}</List.Item>
          ) : null}
        </List>
      </ConfirmDialog>
    </>
  );
};
