import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/password-input';
import { authErrorMessage, isIdentityError } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from './new-password-fields';
import { validateConfirmation, validateNewPassword, validateRequired } from './validators';

/** The signed-in owner's password change (current password, new password twice). */
export const ChangePasswordForm = () => {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: validateRequired,
      newPassword: validateNewPassword,
      confirmPassword: validateConfirmation,
    },
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => form.reset(),
        // The field at fault says so too (the notification may cover the form on a small screen).
        onError: (error) => {
          if (isIdentityError(error) && error.code === 'auth/wrong-password')
            form.setFieldError('currentPassword', authErrorMessage(error));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={420}>
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields form={form} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('profile.savePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
