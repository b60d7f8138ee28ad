import { Anchor, Button, EmptyState, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Campaign } from '@parley/contract';
import { IconPlus, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { paths } from '@/config/paths';
import { useDateFormat } from '@/lib/use-date-format';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignProgress } from './campaign-progress';
import { CampaignStateBadge } from './campaign-state-badge';
import {
  campaignListPageSize,
  sortChoices,
  stateFilters,
  useCampaignListParams,
} from './use-campaign-list-params';

const searchDelayMs = 300;

/** GET /v2/campaign/all as a table: filter, search and sort in the address, pages from the server. */
export const CampaignList = ({ onCreate }: { onCreate: () => void }) => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const params = useCampaignListParams();
  const { data, isPending, isFetching } = useCampaigns(params.query);

  // The input answers each key at once; the list follows when typing pauses.
  const [searchInput, setSearchInput] = useState(params.search);
  const [debounced] = useDebouncedValue(searchInput, searchDelayMs);
  useEffect(() => {
    if (debounced.trim() !== params.search.trim()) params.update({ search: debounced });
  }, [debounced, params]);

  const total = data?.total ?? 0;
  const filtered = params.state !== 'active' || params.search !== '';

  const columns: ResponsiveColumn<Campaign>[] = [
    {
      key: 'title',
      header: t('campaigns.list.columns.title'),
      primary: true,
      cell: (c) => (
        <Anchor component={Link} to={paths.campaign(c._id)} fw={500}>
          {c.title}
        </Anchor>
      ),
    },
    {
      key: 'state',
      header: t('campaigns.list.columns.state'),
      cell: (c) => <CampaignStateBadge state={c.state} />,
    },
    {
      key: 'answers',
      header: t('campaigns.list.columns.answers'),
      cell: (c) => <CampaignProgress ticketCount={c.ticketCount} endCondition={c.endCondition} />,
    },
    {
      key: 'updated',
      header: t('campaigns.list.columns.updated'),
      cell: (c) => <Text fz="sm">{formatDate(c.updatedAt)}</Text>,
    },
  ];

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('campaigns.list.search')}
          placeholder={t('campaigns.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          miw={240}
        />
        <NativeSelect
          label={t('campaigns.list.stateFilter')}
          data={stateFilters.map((s) => ({ value: s, label: t(`campaigns.list.states.${s}`) }))}
          value={params.state}
          onChange={(e) => {
            const state = stateFilters.find((s) => s === e.currentTarget.value);
            if (state) params.update({ state });
          }}
          // Wide enough for the longest choice in German ("Alle außer archivierten").
          w={240}
        />
        <NativeSelect
          label={t('campaigns.list.sort')}
          data={sortChoices.map((s) => ({ value: s, label: t(`campaigns.list.sorts.${s}`) }))}
          value={params.sort}
          onChange={(e) => {
            const sort = sortChoices.find((s) => s === e.currentTarget.value);
            if (sort) params.update({ sort });
          }}
          w={200}
        />
      </Group>

      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(c) => c._id}
        label={t('pages.campaigns.title')}
        page={params.page}
        pageSize={campaignListPageSize}
        total={total}
        onPageChange={(page) => params.update({ page })}
        loading={isPending}
        loadingRows={5}
        busy={isFetching}
        totalLabel={t('campaigns.list.total', { count: total })}
        empty={
          <EmptyState
            icon={<IconSpeakerphone size={28} aria-hidden />}
            title={filtered ? t('campaigns.list.noMatchTitle') : t('campaigns.list.emptyTitle')}
            description={filtered ? t('campaigns.list.noMatchText') : t('campaigns.list.emptyText')}
          >
            {filtered ? null : (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
                {t('campaigns.list.createCta')}
              </Button>
            )}
          </EmptyState>
        }
      />
    </Stack>
  );
};
