import { ActionIcon, Button, Group, Popover, Stack, TagsInput } from '@mantine/core';
import type { QuestionOption } from '@parley/contract';
import { IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Quick tag editing of one option without opening the whole question (POST …/option/:oid). */
export const OptionTagsPopover = ({
  option,
  disabled,
  saving,
  onSave,
}: {
  option: QuestionOption;
  disabled: boolean;
  saving: boolean;
  onSave: (tags: string[], done: () => void) => void;
}) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [tags, setTags] = useState(option.tags);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      width={300}
      onOpen={() => setTags(option.tags)}
      position="bottom-start"
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
          aria-label={t('questions.actions.editTags', { option: option.text })}
        >
          <IconTags size={14} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TagsInput
            label={t('questions.fields.optionTagsFor', { option: option.text })}
            description={t('questions.fields.optionTagsHint')}
            placeholder={t('questions.fields.optionTagsPlaceholder')}
            value={tags}
            onChange={setTags}
            maxTags={20}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t('questions.actions.cancel')}
            </Button>
            <Button size="xs" loading={saving} onClick={() => onSave(tags, () => setOpened(false))}>
              {t('questions.actions.saveTags')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
