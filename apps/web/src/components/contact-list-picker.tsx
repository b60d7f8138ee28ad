import { Group, MultiSelect, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { limits } from '@parley/contract';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactLists } from '@/lib/contact-lists';

const searchDelayMs = 300;

type Choice = { _id: string; name: string; memberCount: number };

/**
 * The lists a picker offers: the first page by name, or those matching what is typed (searched on
 * the server once typing pauses), plus every list chosen before, so a chosen list keeps its name
 * when a later search no longer finds it.
 */
const useListChoices = (search: string) => {
  const [debounced] = useDebouncedValue(search.trim(), searchDelayMs);
  const lists = useContactLists({
    page: 1,
    limit: limits.pageMax,
    sort: 'name',
    ...(debounced ? { search: debounced } : {}),
  });
  const known = useRef(new Map<string, Choice>());
  for (const list of lists.data?.documents ?? []) known.current.set(list._id, list);
  return { lists, known: known.current, searched: debounced !== '' };
};

type CommonProps = {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** The field takes the focus when its dialog opens. */
  autoFocus?: boolean;
};

const useOptions = (search: string, value: readonly string[]) => {
  const { t } = useTranslation();
  const { lists, known, searched } = useListChoices(search);
  const shown = lists.data?.documents ?? [];
  const data = [
    ...shown.map((l) => ({ value: l._id, label: l.name })),
    // A list chosen earlier that the current search does not find.
    ...value
      .filter((id) => !shown.some((l) => l._id === id))
      .map((id) => ({ value: id, label: known.get(id)?.name ?? id })),
  ];
  const renderOption = ({ option }: { option: { value: string; label: string } }) => {
    const count = known.get(option.value)?.memberCount;
    return (
      <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {option.label}
        </Text>
        {count === undefined ? null : (
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('contactLists.picker.members', { count })}
          </Text>
        )}
      </Group>
    );
  };
  const nothingFound = lists.isPending
    ? t('common.loading')
    : searched
      ? t('contactLists.picker.noMatch')
      : t('contactLists.picker.none');
  const loadError = lists.isError ? t('contactLists.picker.loadFailed') : null;
  return { data, renderOption, nothingFound, loadError, known };
};

/** What both pickers give their select: the lists searched as typed, and the field's words and state. */
const useSelectProps = (
  { label, description, error, disabled, autoFocus }: CommonProps,
  value: readonly string[],
) => {
  const [search, setSearch] = useState('');
  const { data, renderOption, nothingFound, loadError, known } = useOptions(search, value);
  const props = {
    label,
    description,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    clearable: true,
    renderOption,
    nothingFoundMessage: nothingFound,
    error: error ?? loadError,
    disabled,
    'data-autofocus': autoFocus || undefined,
  };
  return { props, known };
};

/** Choose several contact lists (inviting lists to a campaign), each with its member count. */
export const ContactListMultiPicker = ({
  value,
  onChange,
  ...common
}: CommonProps & { value: string[]; onChange: (ids: string[]) => void }) => {
  const { t } = useTranslation();
  const { props } = useSelectProps(common, value);
  return (
    <MultiSelect
      {...props}
      placeholder={value.length === 0 ? t('contactLists.picker.placeholder') : undefined}
      value={value}
      onChange={onChange}
      hidePickedOptions={false}
    />
  );
};

/** Choose one contact list (adding contacts to it), each with its member count. */
export const ContactListPicker = ({
  value,
  onChange,
  ...common
}: CommonProps & {
  value: string | null;
  onChange: (id: string | null, list: Choice | null) => void;
}) => {
  const { t } = useTranslation();
  const { props, known } = useSelectProps(common, value ? [value] : []);
  return (
    <Select
      {...props}
      placeholder={t('contactLists.picker.placeholderOne')}
      value={value}
      onChange={(id) => onChange(id, id ? (known.get(id) ?? null) : null)}
    />
  );
};
