import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  archivedChoices,
  ratingChoices,
  sortChoices,
  type TicketFilterParams,
} from './use-ticket-filter-params';

type Choice = { value: string; label: string };

/**
 * The inbox's filters over a ticket list: Inbox / Archived / All, unanswered, new messages, the
 * rating, a search in the answers, the order, and (where given) a contact list and a campaign.
 */
export const TicketFilters = ({
  params,
  searchInput,
  onSearchInput,
  onClear,
  contactLists,
  campaigns,
}: {
  params: TicketFilterParams;
  searchInput: string;
  onSearchInput: (value: string) => void;
  onClear: () => void;
  /** A group campaign's linked lists (D11); none: no list filter. */
  contactLists?: readonly { _id: string; name: string }[];
  /** The cross-campaign inbox: the campaigns to filter by. */
  campaigns?: readonly Choice[];
}) => {
  const { t } = useTranslation();
  const { filters, update } = params;
  const viewLabelId = useId();
  const lists = contactLists ?? [];
  return (
    <Stack gap="sm">
      <Group gap="md" align="center" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text id={viewLabelId} fz="sm" fw={500}>
            {t('tickets.list.filters.view')}
          </Text>
          <SegmentedControl
            aria-labelledby={viewLabelId}
            data={archivedChoices.map((value) => ({
              value,
              label: t(`tickets.list.filters.archived.${value}`),
            }))}
            value={filters.archived}
            onChange={(value) => {
              const archived = archivedChoices.find((c) => c === value);
              if (archived) update({ archived });
            }}
          />
        </Group>
        <Checkbox
          label={t('tickets.list.filters.unanswered')}
          checked={filters.unanswered}
          onChange={(e) => update({ unanswered: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('tickets.list.filters.newComments')}
          checked={filters.newComments}
          onChange={(e) => update({ newComments: e.currentTarget.checked })}
        />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('tickets.list.filters.search')}
          placeholder={t('tickets.list.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => onSearchInput(e.currentTarget.value)}
          miw={240}
          type="search"
        />
        {campaigns ? (
          <NativeSelect
            label={t('tickets.list.filters.campaign')}
            data={[
              { value: '', label: t('tickets.list.filters.anyCampaign') },
              // A campaign named in the address that is not among the names (yet) still shows as chosen.
              ...(filters.campaign && !campaigns.some((c) => c.value === filters.campaign)
                ? [{ value: filters.campaign, label: t('tickets.list.filters.oneCampaign') }]
                : []),
              ...campaigns,
            ]}
            value={filters.campaign}
            onChange={(e) => update({ campaign: e.currentTarget.value })}
            w={240}
          />
        ) : null}
        {lists.length > 0 ? (
          <NativeSelect
            label={t('contactLists.filter.label')}
            data={[
              { value: '', label: t('contactLists.filter.all') },
              ...lists.map((l) => ({ value: l._id, label: l.name })),
            ]}
            value={lists.some((l) => l._id === filters.contactListId) ? filters.contactListId : ''}
            onChange={(e) => update({ contactListId: e.currentTarget.value })}
            w={220}
          />
        ) : null}
        <NativeSelect
          label={t('tickets.list.filters.rating')}
          data={[
            { value: '', label: t('tickets.list.filters.ratings.any') },
            ...ratingChoices.map((value) => ({ value, label: t(`tickets.list.filters.ratings.${value}`) })),
          ]}
          value={filters.rating}
          onChange={(e) => update({ rating: ratingChoices.find((c) => c === e.currentTarget.value) ?? '' })}
          w={180}
        />
        <NativeSelect
          label={t('tickets.list.filters.sort')}
          data={sortChoices.map((value) => ({ value, label: t(`tickets.list.filters.sorts.${value}`) }))}
          value={filters.sort}
          onChange={(e) => {
            const sort = sortChoices.find((c) => c === e.currentTarget.value);
            if (sort) update({ sort });
          }}
          w={200}
        />
        {params.filtered ? (
          <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
            {t('tickets.list.filters.clear')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};
