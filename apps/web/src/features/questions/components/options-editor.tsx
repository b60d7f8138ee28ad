import { ActionIcon, Box, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { questionLimits, tagLimits } from '@parley/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TagPicker } from '@/components/tag-picker';
import type { OptionDraft, QuestionProblems } from '../lib/question-rules';
import { ReorderableList } from './reorderable-list';

type OptionsEditorProps = {
  options: readonly OptionDraft[];
  problems: QuestionProblems;
  onChange: (key: string, changes: { text?: string; tags?: string[] }) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
};

/** The answer options of a choice or ranking question: text, tags, order (D13). */
export const OptionsEditor = ({
  options,
  problems,
  onChange,
  onAdd,
  onRemove,
  onMove,
}: OptionsEditorProps) => {
  const { t } = useTranslation();
  const label = (index: number) => t('questions.fields.option', { n: index + 1 });
  return (
    <Input.Wrapper
      label={t('questions.fields.options')}
      description={t('questions.fields.optionsHint', { max: questionLimits.optionMax })}
      error={
        problems.options
          ? t(`questions.validation.${problems.options}`, { max: questionLimits.optionsMax })
          : null
      }
    >
      <Stack gap={0} mt="xs">
        <ReorderableList
          items={options}
          getKey={(o) => o.key}
          getLabel={(o) => o.text.trim() || label(options.indexOf(o))}
          onMove={onMove}
          label={t('questions.reorder.optionsLabel')}
          renderItem={(o, index) => {
            const problem = problems.option[o.key];
            return (
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput
                  label={label(index)}
                  value={o.text}
                  onChange={(e) => onChange(o.key, { text: e.currentTarget.value })}
                  error={
                    problem ? t(`questions.validation.${problem}`, { max: questionLimits.optionMax }) : null
                  }
                  style={{ flex: 2, minWidth: 180 }}
                />
                <Box style={{ flex: 1, minWidth: 160 }}>
                  <TagPicker
                    label={t('questions.fields.optionTags', { n: index + 1 })}
                    placeholder={t('questions.fields.optionTagsPlaceholder')}
                    value={o.tags}
                    onChange={(tags) => onChange(o.key, { tags })}
                    maxTags={tagLimits.tagsPerOption}
                  />
                </Box>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  onClick={() => onRemove(o.key)}
                  aria-label={t('questions.fields.removeOption', { n: index + 1 })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          }}
        />
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
            disabled={options.length >= questionLimits.optionsMax}
          >
            {t('questions.fields.addOption')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
};
