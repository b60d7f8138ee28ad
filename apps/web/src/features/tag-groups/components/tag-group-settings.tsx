import { Button, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TagCondition, TagGroup } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { tagErrorMessage, tagQueryKeys } from '@/lib/tags';
import { type UpdateTagGroupInput, updateTagGroup } from '../api/update-tag-group';
import { GroupFields } from './group-fields';
import { useTagGroupFieldRules } from './use-tag-group-field-rules';
import { useUpdateConditionFlow } from './use-tag-group-flows';

type Values = { title: string; description: string; condition: TagCondition };

const valuesOf = (group: TagGroup): Values => ({
  title: group.title,
  description: group.description,
  condition: group.condition,
});

/**
 * The group's title, description and condition. A new condition changes who is a member (and a
 * linked group invites those who join), so it is checked first; a new title or description alone
 * is saved at once.
 */
export const TagGroupSettings = ({ group }: { group: TagGroup }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const rules = useTagGroupFieldRules();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: valuesOf(group),
    validate: { title: rules.title, description: rules.description },
    validateInputOnChange: true,
  });
  // The group read again (another change on the page, another tab): an untouched form follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the group resets it.
  useEffect(() => {
    if (form.isDirty()) return;
    form.setInitialValues(valuesOf(group));
    form.setValues(valuesOf(group));
  }, [group.updatedAt]);

  const saved = () => form.resetDirty();
  const conditionFlow = useUpdateConditionFlow({ onDone: saved });
  const save = useMutation({
    mutationFn: (input: UpdateTagGroupInput) => updateTagGroup({ ...input, callForCheck: false }),
    meta: { errorNotification: false },
    onSuccess: () => {
      saved();
      notifySuccess({
        title: t('tagGroups.settings.savedTitle'),
        message: t('tagGroups.settings.savedText'),
      });
      void queryClient.invalidateQueries({ queryKey: tagQueryKeys.all });
    },
    onError: (error) => {
      const message = tagErrorMessage(error);
      // A title taken by another group is said at the field too.
      if (isApiError(error) && error.code === 'tag/group-title-taken') form.setFieldError('title', message);
      notifyError({ title: t('tagGroups.settings.saveFailed'), message });
    },
  });
  const busy = save.isPending || conditionFlow.isPending;

  const submit = form.onSubmit((v) => {
    const input: UpdateTagGroupInput = { id: group._id, updatedAt: group.updatedAt };
    if (v.title.trim() !== group.title) input.title = v.title.trim();
    if (v.description.trim() !== group.description) input.description = v.description.trim();
    if (v.condition !== group.condition) {
      conditionFlow.start({ ...input, condition: v.condition });
    } else if (input.title !== undefined || input.description !== undefined) {
      save.mutate(input);
    } else {
      saved();
    }
  });

  return (
    <section aria-labelledby={headingId}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm" maw="36rem">
          <Title order={2} size="h4" id={headingId}>
            {t('tagGroups.settings.title')}
          </Title>
          <GroupFields form={form} disabled={busy} />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {form.getValues().condition !== group.condition
              ? t('tagGroups.settings.checkAndSave')
              : t('tagGroups.settings.save')}
          </Button>
        </Stack>
      </form>
      <UnsavedChangesGuard when={form.isDirty() && !busy} />
      {conditionFlow.dialog}
    </section>
  );
};
