import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { Question } from '@parley/contract';
import { IconArrowForward, IconEdit, IconLink, IconPhoto, IconReplace, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '@/components/tag-chips';
import { describeRules } from '../lib/question-rules';
import { OptionTagsDialog } from './option-tags-dialog';

type QuestionCardProps = {
  question: Question;
  number: number;
  all: readonly Question[];
  locked: boolean;
  canReplace: boolean;
  /** The campaign's answers so far (option tags can also go to past pickers). */
  answerCount: number;
  onEdit: () => void;
  onReplace: () => void;
  onDelete: () => void;
  /** An option's tags were saved. */
  onTagsSaved: () => void;
};

export const QuestionCard = ({
  question: q,
  number,
  all,
  locked,
  canReplace,
  answerCount,
  onEdit,
  onReplace,
  onDelete,
  onTagsSaved,
}: QuestionCardProps) => {
  const { t } = useTranslation();
  const rules = describeRules(q, all);
  const options = [...q.options].sort((a, b) => a.order - b.order);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        {/* On a phone the type badges move under the text rather than squeezing it or themselves. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
            {number}. {q.text}
          </Text>
          <Group gap={4}>
            <Badge variant="outline" color="gray">
              {t(`questions.types.${q.type}`)}
            </Badge>
            {q.optional ? (
              <Badge variant="light" color="gray">
                {t('questions.optional')}
              </Badge>
            ) : null}
            {q.image ? <IconPhoto size={16} aria-label={t('questions.hasImage')} /> : null}
            {q.link ? <IconLink size={16} aria-label={t('questions.hasLink')} /> : null}
          </Group>
        </Group>
        {options.length > 0 ? (
          <List size="sm" spacing={2}>
            {options.map((o) => (
              <List.Item key={o._id}>
                <Group gap={6} wrap="wrap">
                  <span>{o.text}</span>
                  <TagChips
                    tags={o.tags}
                    size="xs"
                    label={t('questions.optionTags.listLabel', { option: o.text })}
                  />
                  {locked ? null : (
                    <OptionTagsDialog
                      question={q}
                      option={o}
                      answerCount={answerCount}
                      disabled={locked}
                      onSaved={onTagsSaved}
                    />
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {rules.length > 0 ? (
          <Stack gap={2}>
            {rules.map((r) => (
              <Group key={r.option} gap={4} fz="sm" c="dimmed">
                <IconArrowForward size={14} aria-hidden />
                <Text fz="sm" c="dimmed">
                  {r.target === null
                    ? t('questions.pathRules.summaryEnd', { option: r.option })
                    : t('questions.pathRules.summary', { option: r.option, target: r.target })}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
        {locked ? null : (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={t('questions.actions.editNamed', { n: number })}
            >
              {t('questions.actions.edit')}
            </Button>
            {canReplace ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconReplace size={14} aria-hidden />}
                onClick={onReplace}
                aria-label={t('questions.actions.replaceNamed', { n: number })}
              >
                {t('questions.actions.replace')}
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onDelete}
              aria-label={t('questions.actions.deleteNamed', { n: number })}
            >
              {t('questions.actions.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
