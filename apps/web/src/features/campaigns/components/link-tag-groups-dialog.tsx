import { Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type TagGroup, tagLimits } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagCheckFooter } from '@/components/tags-dialog';
import { useTagGroupChoices } from '../api/campaign-tag-groups';

export type Choice = Pick<TagGroup, '_id' | 'title' | 'memberCount'>;

type LinkGroupsDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Groups linked to it already are not offered. */
  campaignId: string;
  loading: boolean;
  onCheck: (chosen: Choice[]) => void;
};

/** The groups to link, searched on the server by title, description or tag; then "Check". */
export const LinkGroupsDialog = ({ opened, onClose, ...form }: LinkGroupsDialogProps) => {
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
