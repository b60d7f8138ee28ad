import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/password-input';

type Values = { newPassword: string; confirmPassword: string };

/** The new password twice: shared by the reset form and the profile's password change. */
export const NewPasswordFields = <T extends Values>({ form }: { form: UseFormReturnType<T> }) => {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('auth.resetConfirm.newPassword')}
        autoComplete="new-password"
        required
        withAsterisk={false}
        key={form.key('newPassword')}
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label={t('auth.resetConfirm.confirmPassword')}
        autoComplete="new-password"
        required
        withAsterisk={false}
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
};
