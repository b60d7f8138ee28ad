import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmPasswordReset, notifyAuthError, requestPasswordReset } from '@/lib/auth';

export const useRequestPasswordReset = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => requestPasswordReset(email),
    onError: (error) => notifyAuthError(error, t('auth.resetRequest.failedTitle')),
  });
};

export const useConfirmPasswordReset = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      confirmPasswordReset(token, newPassword),
    onError: (error) => notifyAuthError(error, t('auth.resetConfirm.failedTitle')),
  });
};
