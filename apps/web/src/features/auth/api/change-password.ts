import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword, notifyAuthError } from '@/lib/auth';
import { notifySuccess } from '@/lib/notifications';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

export const useChangePassword = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordInput) =>
      changePassword(currentPassword, newPassword),
    onSuccess: () => notifySuccess({ title: t('profile.saved'), message: t('profile.passwordChanged') }),
    onError: (error) => notifyAuthError(error, t('profile.passwordFailedTitle')),
  });
};
