import { Radio, Stack } from '@mantine/core';
import type { TagCondition } from '@parley/contract';
import { useTranslation } from 'react-i18next';

/**
 * Whether a group's members have all of its tags (`and`) or any of them (`or`), as two choices,
 * each saying who would be a member.
 */
export const ConditionField = ({
  value,
  onChange,
  disabled,
}: {
  value: TagCondition;
  onChange: (condition: TagCondition) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('tagGroups.form.condition')}
      description={t('tagGroups.form.conditionHint')}
      value={value}
      onChange={(next) => onChange(next === 'or' ? 'or' : 'and')}
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value="and"
          label={t('tagGroups.condition.and')}
          description={t('tagGroups.condition.andHint')}
          disabled={disabled}
        />
        <Radio
          value="or"
          label={t('tagGroups.condition.or')}
          description={t('tagGroups.condition.orHint')}
          disabled={disabled}
        />
      </Stack>
    </Radio.Group>
  );
};
