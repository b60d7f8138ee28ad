import { Group, TagsInput, Text } from '@mantine/core';
import { tagLimits } from '@parley/contract';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagMaxLength, toTag, useTagSuggestions } from '@/lib/tags';

export type TagPickerProps = {
  value: string[];
  onChange: (tags: string[]) => void;
  label?: string;
  description?: string;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  /** At most this many tags (default 50, the contract's `tagLimits.tagsPerCall`). */
  maxTags?: number;
  /** The field takes the focus when its dialog opens. */
  autoFocus?: boolean;
  /** The text input, e.g. to take the focus back once a dialog it opened has closed. */
  ref?: Ref<HTMLInputElement>;
};

/** Shortens a rejected input for the message that names it. */
const shorten = (text: string) => (text.length > 24 ? `${text.slice(0, 24)}…` : text);

/**
 * Tags (D17) typed or picked among those in use: each suggestion shows how many contacts have it
 * (searched on the server once typing pauses). A tag is kept as the server keeps it (trimmed and
 * lowercased); an empty one, one longer than 50 characters and a repeated one are not added, and
 * the field says why.
 */
export function TagPicker({
  value,
  onChange,
  label,
  description,
  placeholder,
  error,
  disabled = false,
  maxTags = tagLimits.tagsPerCall,
  autoFocus,
  ref,
}: TagPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // The suggestions close once a tag is added, so they never lie over the fields and buttons below
  // (a click meant for a dialog's switch or Check would pick a suggestion); typing, a click on the
  // field or Arrow Down opens them again.
  const [opened, setOpened] = useState(false);
  const { suggestions, isError, isFetching } = useTagSuggestions(search, { enabled: focused && !disabled });
  const counts = new Map(suggestions.map((s) => [s.tag, s.contactCount]));

  const change = (next: string[]) => {
    const tags: string[] = [];
    let refused: string | null = null;
    for (const input of next) {
      const tag = toTag(input);
      if (tag === null) {
        if (input.trim() !== '')
          refused = t('components.tagPicker.tooLong', { tag: shorten(input.trim()), max: tagMaxLength });
        continue;
      }
      if (tags.includes(tag)) continue;
      if (tags.length >= maxTags) {
        refused = t('components.tagPicker.tooMany', { max: maxTags });
        break;
      }
      tags.push(tag);
    }
    setRefusal(refused);
    if (tags.length > value.length) setOpened(false);
    if (tags.length !== value.length || tags.some((tag, i) => tag !== value[i])) onChange(tags);
  };

  const loadFailed = isError ? t('components.tagPicker.loadFailed') : null;
  return (
    <TagsInput
      ref={ref}
      label={label ?? t('components.tagPicker.label')}
      description={
        description || loadFailed ? (
          <>
            {description}
            {description && loadFailed ? ' ' : null}
            {loadFailed}
          </>
        ) : undefined
      }
      placeholder={value.length === 0 ? (placeholder ?? t('components.tagPicker.placeholder')) : undefined}
      value={value}
      onChange={change}
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        if (next !== '') {
          setRefusal(null);
          setOpened(true);
        }
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onClick={() => setOpened(true)}
      data={suggestions.map((s) => s.tag)}
      renderOption={({ option }) => {
        const count = counts.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {option.value}
            </Text>
            {count === undefined ? null : (
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('components.tagPicker.contacts', { count })}
              </Text>
            )}
          </Group>
        );
      }}
      isDuplicate={(input, current) => {
        const tag = toTag(input);
        return tag !== null && current.includes(tag);
      }}
      onDuplicate={(input) => setRefusal(t('components.tagPicker.duplicate', { tag: shorten(input.trim()) }))}
      maxTags={maxTags}
      onMaxTags={() => setRefusal(t('components.tagPicker.tooMany', { max: maxTags }))}
      maxDropdownHeight={240}
      loading={focused && isFetching && search !== ''}
      error={error ?? refusal ?? undefined}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': t('components.tagPicker.clear') }}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-autofocus={autoFocus || undefined}
    />
  );
}
