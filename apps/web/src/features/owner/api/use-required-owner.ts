import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/lib/auth';
import { useMeSmall } from '@/lib/current-owner';
import { notifyError } from '@/lib/notifications';

/**
 * The signed-in owner's small profile, which the console cannot work without. When it
 * cannot be loaded, an error notification appears and the owner is signed out.
 */
export const useRequiredOwner = () => {
  const { t } = useTranslation();
  const query = useMeSmall();
  const failed = query.isError;

  useEffect(() => {
    if (!failed) return;
    notifyError({
      id: 'profile-error',
      title: t('common.error'),
      message: t('common.somethingWentWrong'),
    });
    // signOut already shows its own notification when the revocation fails.
    signOut().catch(() => undefined);
  }, [failed, t]);

  return query;
};
