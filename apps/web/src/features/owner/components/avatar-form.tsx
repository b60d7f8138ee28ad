import { Avatar, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { avatarUrlMax, avatarUrlProblem, type OwnerSmall } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notifications';
import { useUpdateMe } from '../api/update-me';

/**
 * Plain-http image addresses only where the console itself runs without TLS (development), as the
 * server takes them only outside production (docs/product-decisions.md, "API-wide").
 */
const allowHttp = () => window.location.protocol === 'http:';

/** PATCH /api/owner/me {avatar}: the picture of the user menu, an https address; empty removes it. */
export const AvatarForm = ({ owner }: { owner: OwnerSmall }) => {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { avatar: owner.avatar ?? '' },
    validate: {
      avatar: (value) => {
        const problem = value.trim() ? avatarUrlProblem(value.trim(), { allowHttp: allowHttp() }) : undefined;
        if (problem === 'tooLong') return t('common.maxLength', { max: avatarUrlMax });
        if (problem === 'insecure') return t('profile.avatarInsecure');
        return problem ? t('profile.avatarInvalid') : null;
      },
    },
  });

  const submit = form.onSubmit(({ avatar }) =>
    update.mutate(
      { avatar: avatar.trim() || null },
      {
        onSuccess: (saved) => {
          form.resetDirty({ avatar: saved.avatar ?? '' });
          notifySuccess({ title: t('profile.saved'), message: t('profile.avatarSaved') });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={420}>
        <Group align="flex-end" wrap="nowrap">
          <Avatar src={owner.avatar} alt="" radius="xl" size="lg" color="blue" />
          <TextInput
            label={t('profile.avatar')}
            description={t('profile.avatarHint')}
            type="url"
            inputMode="url"
            maxLength={avatarUrlMax}
            style={{ flex: 1 }}
            key={form.key('avatar')}
            {...form.getInputProps('avatar')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('profile.saveAvatar')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
