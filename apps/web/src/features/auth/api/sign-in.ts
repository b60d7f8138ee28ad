import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dismissAuthError, notifyAuthError, signIn } from '@/lib/auth';

export type SignInInput = { email: string; password: string };

export const useSignIn = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ email, password }: SignInInput) => signIn(email, password),
    onError: (error) => notifyAuthError(error, t('auth.login.failedTitle')),
    onSuccess: () => dismissAuthError(),
  });
};
