import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkPasswordReset, confirmPasswordReset, notifyAuthError, requestPasswordReset } from '@/lib/auth';
import { isIdentityError } from '@/lib/auth/identity-client';
import { currentLanguage } from '@/lib/i18n';

/** The codes that mean the link itself is dead (used, expired or never issued). */
const deadLinkCodes = new Set(['auth/invalid-action-code', 'auth/expired-action-code']);

/**
 * Checks the mailed link as the page opens, so a used or bogus one is said at once and not after
 * the new password was typed twice. `dead` only for the identity service's verdict on the link:
 * any other failure (offline) shows the form, whose submit reports it.
 */
export const useResetLinkCheck = (token: string | null) => {
  const query = useQuery({
    queryKey: ['identity', 'reset-link', token],
    queryFn: async () => {
      await checkPasswordReset(token ?? '');
      return true;
    },
    enabled: Boolean(token),
    retry: false,
    // The page itself shows the verdict; an unreachable service shows up on submit.
    meta: { errorNotification: false },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const dead = query.isError && isIdentityError(query.error) && deadLinkCodes.has(query.error.code);
  return { checking: query.isPending && Boolean(token), dead };
};

export const useRequestPasswordReset = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ email }: { email: string }) => requestPasswordReset(email, currentLanguage()),
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
