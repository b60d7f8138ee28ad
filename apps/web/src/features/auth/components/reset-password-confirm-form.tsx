import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { handToLogin } from '@/lib/leave-page';
import { useConfirmPasswordReset } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';
import { validateConfirmation, validateNewPassword } from './validators';

/** Sets a new password with the token of the mailed link (`/reset-password?token=…`). */
export const ResetPasswordConfirmForm = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: validateNewPassword,
      confirmPassword: validateConfirmation,
    },
  });

  const submit = form.onSubmit(({ newPassword }) =>
    confirm.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          // Said by the sign-in page the console leaves for (a page load of its own).
          handToLogin({ reason: 'password-changed' });
          navigate(paths.login, { replace: true });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NewPasswordFields form={form} />
        <Button type="submit" loading={confirm.isPending} fullWidth>
          {t('auth.resetConfirm.submit')}
        </Button>
      </Stack>
    </form>
  );
};
