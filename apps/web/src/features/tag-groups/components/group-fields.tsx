import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type TagCondition, tagLimits } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { ConditionField } from './condition-field';

type GroupValues = { title: string; description: string; condition: TagCondition };

/**
 * A group's title, description and condition, as the create form and the group's settings both ask them.
 * `disabled` holds the condition while a save runs (the texts stay editable, so a refused title can take the
 * focus at once).
 */
export const GroupFields = <V extends GroupValues>({
  form,
  disabled = false,
  autoFocus = false,
}: {
  form: UseFormReturnType<V>;
  disabled?: boolean;
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation();
  const fields = form as unknown as UseFormReturnType<GroupValues>;
  return (
    <>
      <TextInput
        label={t('tagGroups.form.title')}
        description={t('tagGroups.form.titleHint', { max: tagLimits.titleMax })}
        required
        autoComplete="off"
        {...(autoFocus ? { 'data-autofocus': true } : {})}
        key={fields.key('title')}
        {...fields.getInputProps('title')}
      />
      <Textarea
        label={t('tagGroups.form.description')}
        description={t('tagGroups.form.descriptionHint', { max: tagLimits.descriptionMax })}
        autosize
        minRows={2}
        maxRows={6}
        key={fields.key('description')}
        {...fields.getInputProps('description')}
      />
      <ConditionField
        value={fields.getValues().condition}
        onChange={(condition) => fields.setFieldValue('condition', condition)}
        disabled={disabled}
      />
    </>
  );
};
