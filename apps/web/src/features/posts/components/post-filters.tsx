import { Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { manuTypeChoices, type PostFilterParams, sortChoices } from './use-post-filter-params';

/** The feed's filters: classification, unanswered, new of the author's, reported by visitors, a search, the order. */
export const PostFilters = ({
  params,
  searchInput,
  onSearchInput,
  onClear,
}: {
  params: PostFilterParams;
  searchInput: string;
  onSearchInput: (value: string) => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  const { filters, update } = params;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('posts.filters.search')}
          placeholder={t('posts.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => onSearchInput(e.currentTarget.value)}
          // The search takes the row's spare width, so its placeholder is read whole (390 px to wide screens).
          miw={240}
          style={{ flex: '1 1 280px' }}
          maw={420}
          type="search"
        />
        <NativeSelect
          label={t('posts.filters.manuType')}
          data={[
            { value: '', label: t('posts.filters.anyManuType') },
            ...manuTypeChoices.map((value) => ({ value, label: t(`posts.manuType.${value}`) })),
          ]}
          value={filters.manuType}
          onChange={(e) =>
            update({ manuType: manuTypeChoices.find((c) => c === e.currentTarget.value) ?? '' })
          }
          w={200}
        />
        <NativeSelect
          label={t('posts.filters.sort')}
          data={sortChoices.map((value) => ({ value, label: t(`posts.filters.sorts.${value}`) }))}
          value={filters.sort}
          onChange={(e) => {
            const sort = sortChoices.find((c) => c === e.currentTarget.value);
            if (sort) update({ sort });
          }}
          w={200}
        />
        {params.filtered ? (
          <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
            {t('posts.filters.clear')}
          </Button>
        ) : null}
      </Group>
      <Group gap="md" wrap="wrap">
        <Checkbox
          label={t('posts.filters.unanswered')}
          checked={filters.unanswered}
          onChange={(e) => update({ unanswered: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('posts.filters.newComments')}
          checked={filters.newComments}
          onChange={(e) => update({ newComments: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('posts.filters.reported')}
          checked={filters.reported}
          onChange={(e) => update({ reported: e.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
};
