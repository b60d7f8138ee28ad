import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { limits, type OwnerSmall } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateMe } from '../api/update-me';

/** PATCH /api/owner/me {name}; the saved profile is replaced with the answer. */
export const ChangeNameForm = ({ owner }: { owner: OwnerSmall }) => {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: owner.name },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (!name) return t('common.required');
        if (name.length < limits.nameMin) return t('common.minLength', { min: limits.nameMin });
        return name.length > limits.nameMax ? t('common.maxLength', { max: limits.nameMax }) : null;
      },
    },
  });

  const submit = form.onSubmit(({ name }) =>
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: (saved) => {
          form.resetDirty({ name: saved.name });
          notifySuccess({ title: t('profile.saved'), message: t('profile.nameSaved') });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={420}>
        <TextInput
          label={t('profile.name')}
          autoComplete="name"
          required
          withAsterisk={false}
          maxLength={limits.nameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('profile.saveName')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
