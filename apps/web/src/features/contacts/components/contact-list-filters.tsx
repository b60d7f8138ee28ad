import { Box, Button, Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TagPicker } from '@/components/tag-picker';
import { useContactFilterData } from '../api/get-contact-filter-data';
import { type ContactListParams, contactSortChoices, participationFilters } from './use-contact-list-params';

/** The contact list's search, filters and sort (all in the address, see `useContactListParams`). */
export const ContactListFilters = ({
  params,
  searchInput,
  setSearchInput,
  clearFilters,
}: {
  params: ContactListParams;
  searchInput: string;
  setSearchInput: (value: string) => void;
  clearFilters: () => void;
}) => {
  const { t } = useTranslation();
  const filterData = useContactFilterData();
  const campaigns = filterData.data?.campaigns ?? [];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('contacts.list.search')}
        placeholder={t('contacts.list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
        miw={240}
      />
      <NativeSelect
        label={t('contacts.list.campaignFilter')}
        data={[
          { value: '', label: t('contacts.list.anyCampaign') },
          ...campaigns.map((c) => ({ value: c._id, label: c.title })),
        ]}
        value={params.campaign}
        onChange={(e) => params.update({ campaign: e.currentTarget.value })}
        w={220}
      />
      <NativeSelect
        label={t('contacts.list.participationFilter')}
        data={[
          { value: '', label: t('contacts.list.participation.any') },
          ...participationFilters.map((p) => ({ value: p, label: t(`contacts.list.participation.${p}`) })),
        ]}
        value={params.participation}
        onChange={(e) => {
          const value = participationFilters.find((p) => p === e.currentTarget.value) ?? '';
          params.update({ participation: value });
        }}
        w={220}
      />
      <MultiSelect
        label={t('contacts.list.countryFilter')}
        placeholder={params.countries.length === 0 ? t('contacts.list.anyCountry') : undefined}
        data={[...new Set([...(filterData.data?.countries ?? []), ...params.countries])]}
        value={params.countries}
        onChange={(countries) => params.update({ countries })}
        searchable
        clearable
        nothingFoundMessage={t('contacts.list.nothingFound')}
        w={220}
      />
      <MultiSelect
        label={t('contacts.list.cityFilter')}
        placeholder={params.cities.length === 0 ? t('contacts.list.anyCity') : undefined}
        data={[...new Set([...(filterData.data?.cities ?? []), ...params.cities])]}
        value={params.cities}
        onChange={(cities) => params.update({ cities })}
        searchable
        clearable
        nothingFoundMessage={t('contacts.list.nothingFound')}
        w={220}
      />
      <Box w={240}>
        <TagPicker
          label={t('contacts.list.tagFilter')}
          placeholder={t('contacts.list.anyTag')}
          value={params.tags}
          onChange={(tags) => params.update({ tags })}
        />
      </Box>
      <NativeSelect
        label={t('contacts.list.sort')}
        data={contactSortChoices.map((s) => ({ value: s, label: t(`contacts.list.sorts.${s}`) }))}
        value={params.sort}
        onChange={(e) => {
          const sort = contactSortChoices.find((s) => s === e.currentTarget.value);
          if (sort) params.update({ sort });
        }}
        w={200}
      />
      {params.filtered ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clearFilters}>
          {t('contacts.list.clearFilters')}
        </Button>
      ) : null}
    </Group>
  );
};
