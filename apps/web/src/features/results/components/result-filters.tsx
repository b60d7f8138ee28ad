import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactListPicker } from '@/components/contact-list-picker';
import { DayField } from '@/components/day-field';
import { TagPicker } from '@/components/tag-picker';
import { archivedChoices, type ResultFilterParams, ratingChoices } from './use-result-filter-params';

/**
 * Which tickets the results count: answered from/to (days), members of a contact list, contacts with a
 * tag, a rating, archived or not; with the number of tickets in the filter.
 */
export const ResultFilters = ({
  params,
  tickets,
}: {
  params: ResultFilterParams;
  /** Tickets in the filter; undefined while they load. */
  tickets: number | undefined;
}) => {
  const { t } = useTranslation();
  const { filters, update } = params;
  const outOfOrder = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label={t('results.filters.label')}>
      <DayField
        label={t('results.filters.from')}
        clearLabel={t('results.filters.clearFrom')}
        value={filters.from}
        onChange={(from) => update({ from })}
        w={170}
      />
      <DayField
        label={t('results.filters.to')}
        clearLabel={t('results.filters.clearTo')}
        value={filters.to}
        onChange={(to) => update({ to })}
        minDate={filters.from}
        error={outOfOrder ? t('results.filters.toBeforeFrom') : undefined}
        w={170}
      />
      <div style={{ width: 240 }}>
        <ContactListPicker
          label={t('results.filters.contactList')}
          value={filters.contactListId || null}
          onChange={(id) => update({ contactListId: id ?? '' })}
        />
      </div>
      <div style={{ width: 220 }}>
        <TagPicker
          label={t('results.filters.tag')}
          placeholder={filters.tag ? undefined : t('results.filters.tagPlaceholder')}
          value={filters.tag ? [filters.tag] : []}
          onChange={(tags) => update({ tag: tags.at(-1) ?? '' })}
          maxTags={1}
        />
      </div>
      <NativeSelect
        label={t('results.filters.rating')}
        data={[
          { value: '', label: t('results.filters.ratings.any') },
          ...ratingChoices.map((value) => ({ value, label: t(`results.filters.ratings.${value}`) })),
        ]}
        value={filters.rating}
        onChange={(e) => update({ rating: ratingChoices.find((c) => c === e.currentTarget.value) ?? '' })}
        w={180}
      />
      <NativeSelect
        label={t('results.filters.archived')}
        data={archivedChoices.map((value) => ({
          value,
          label: t(`results.filters.archivedChoices.${value}`),
        }))}
        value={filters.archived}
        onChange={(e) =>
          update({ archived: archivedChoices.find((c) => c === e.currentTarget.value) ?? 'all' })
        }
        w={200}
      />
      <Group gap="sm" align="center" mt={26} wrap="nowrap">
        {params.filtered ? (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={params.clear}
          >
            {t('results.filters.clear')}
          </Button>
        ) : null}
        <Text fz="sm" role="status" aria-live="polite">
          {tickets === undefined ? '' : t('results.filters.tickets', { count: tickets })}
        </Text>
      </Group>
    </Group>
  );
};
