import { Alert, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { Question } from '@parley/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OptionDraft, PathRuleBlock } from '../lib/question-rules';

type PathRulesEditorProps = {
  options: readonly OptionDraft[];
  rules: Record<string, string>;
  block: PathRuleBlock | null;
  /** The questions after this one: a rule may only jump forward (D13). */
  later: readonly Question[];
  /** Every question, to number the targets as the list does. */
  all: readonly Question[];
  onChange: (optionKey: string, target: string | null) => void;
};

/** Per option: go on as usual, jump to a later question, or end the survey. */
export const PathRulesEditor = ({ options, rules, block, later, all, onChange }: PathRulesEditorProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('questions.pathRules.title')}
      </Title>
      {block ? (
        <Alert role="note" color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t(`questions.pathRules.blocked.${block}`)}
        </Alert>
      ) : (
        <>
          <Text fz="sm" c="dimmed">
            {t('questions.pathRules.hint')}
          </Text>
          {options.map((o, index) => (
            <NativeSelect
              key={o.key}
              label={t('questions.pathRules.forOption', {
                option: o.text.trim() || t('questions.fields.option', { n: index + 1 }),
              })}
              value={rules[o.key] ?? ''}
              onChange={(e) => onChange(o.key, e.currentTarget.value || null)}
              data={[
                { value: '', label: t('questions.pathRules.next') },
                ...later.map((q) => ({
                  value: q._id,
                  label: t('questions.pathRules.target', {
                    n: all.findIndex((x) => x._id === q._id) + 1,
                    text: q.text,
                  }),
                })),
                { value: 'end', label: t('questions.pathRules.end') },
              ]}
            />
          ))}
        </>
      )}
    </Stack>
  );
};
