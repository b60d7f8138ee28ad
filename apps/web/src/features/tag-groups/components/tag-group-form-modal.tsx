import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TagCondition, type TagGroup, tagLimits } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { TagPicker } from '@/components/tag-picker';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { tagErrorMessage } from '@/lib/tags';
import { useCreateTagGroup } from '../api/create-tag-group';
import { GroupFields } from './group-fields';
import { useTagGroupFieldRules } from './use-tag-group-field-rules';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Once created: the group as the server answered it. */
  onCreated?: (group: TagGroup) => void;
};

/**
 * "New tag group": its title, description, condition (all or any of its tags) and tags. A new
 * group is linked to no campaign, so creating it invites nobody and needs no check.
 */
export const TagGroupFormModal = ({ opened, onClose, onCreated }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('tagGroups.form.createTitle')} size="lg">
      {/* Mounted while open only, so every opening starts empty. */}
      <TagGroupForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
};

type Values = { title: string; description: string; condition: TagCondition; tags: string[] };

const TagGroupForm = ({ onClose, onCreated }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const rules = useTagGroupFieldRules();
  const create = useCreateTagGroup();
  const form = useForm<Values>({
    initialValues: { title: '', description: '', condition: 'and', tags: [] },
    validate: { title: rules.title, description: rules.description },
    // Checked on submit and then as the owner types, never on blur (docs/product-decisions.md).
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((v) => {
    create.mutate(
      { title: v.title.trim(), description: v.description.trim(), condition: v.condition, tags: v.tags },
      {
        onSuccess: (group) => {
          notifySuccess({
            title: t('tagGroups.form.createdTitle'),
            message: t('tagGroups.form.createdText', { title: group.title }),
          });
          onClose();
          onCreated?.(group);
        },
        onError: (error) => {
          const message = tagErrorMessage(error);
          // A title taken by another group is said at the field too, which takes the focus.
          if (isApiError(error) && error.code === 'tag/group-title-taken') {
            form.setFieldError('title', message);
            form.getInputNode('title')?.focus();
          }
          notifyError({ title: t('tagGroups.form.createFailed'), message });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <GroupFields form={form} disabled={create.isPending} autoFocus />
        <TagPicker
          label={t('tagGroups.form.tags')}
          description={t('tagGroups.form.tagsHint')}
          value={form.getValues().tags}
          onChange={(tags) => form.setFieldValue('tags', tags)}
          maxTags={tagLimits.tagsPerCall}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('components.confirm.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('tagGroups.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
