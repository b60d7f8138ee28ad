import { Button, Stack, Text, Title } from '@mantine/core';
import { type TagGroup, tagLimits } from '@parley/contract';
import { IconPlus } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '@/components/tag-chips';
import { TagPicker } from '@/components/tag-picker';
import { useAddTagsFlow, useRemoveTagsFlow } from './use-tag-group-flows';

/**
 * The group's tags: each can be taken out, and more added, each change checked first (who would
 * join or leave, and who would be invited by the linked campaigns).
 */
export const TagGroupTags = ({ group }: { group: TagGroup }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A removed tag's button has gone with it: the focus goes to the section's heading.
  const removed = useRef(false);
  const picker = useRef<HTMLInputElement>(null);
  // Once added, "Add tags" is off (nothing left to add): the focus goes back to the field.
  const added = useRef(false);
  const add = useAddTagsFlow({
    onDone: () => {
      added.current = true;
      setAdding([]);
      setRefusal(null);
    },
    onExited: () => {
      if (added.current) picker.current?.focus();
      added.current = false;
    },
  });
  const remove = useRemoveTagsFlow({
    onDone: () => {
      removed.current = true;
    },
    onExited: () => {
      if (removed.current) heading.current?.focus();
      removed.current = false;
    },
  });
  const room = Math.max(0, tagLimits.tagsPerCall - group.tags.length);
  const busy = add.isPending || remove.isPending;

  const choose = (tags: string[]) => {
    const present = tags.filter((tag) => group.tags.includes(tag));
    setRefusal(present.length > 0 ? t('tagGroups.tags.already', { tag: present[0] }) : null);
    setAdding(tags.filter((tag) => !group.tags.includes(tag)));
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} ref={heading} tabIndex={-1}>
          {t('tagGroups.tags.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {group.tags.length === 0
            ? t('tagGroups.tags.empty')
            : t(group.condition === 'and' ? 'tagGroups.tags.textAnd' : 'tagGroups.tags.textOr')}
        </Text>
        <TagChips
          tags={group.tags}
          label={t('tagGroups.tags.labelOf', { title: group.title })}
          size="lg"
          onRemove={(tag) => remove.start({ id: group._id, tags: [tag] })}
          removeDisabled={busy}
        />
        <Stack gap="xs" align="flex-start" maw="36rem">
          <div style={{ width: '100%' }}>
            <TagPicker
              ref={picker}
              label={t('tagGroups.tags.add')}
              description={room === 0 ? t('tagGroups.tags.full', { max: tagLimits.tagsPerCall }) : undefined}
              value={adding}
              onChange={choose}
              maxTags={Math.max(1, room)}
              error={refusal ?? undefined}
              disabled={room === 0 || busy}
            />
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={adding.length === 0 || busy}
            loading={add.checking !== null}
            onClick={() => add.start({ id: group._id, tags: adding })}
          >
            {t('tagGroups.tags.addButton', { count: adding.length })}
          </Button>
        </Stack>
      </Stack>
      {add.dialog}
      {remove.dialog}
    </section>
  );
};
