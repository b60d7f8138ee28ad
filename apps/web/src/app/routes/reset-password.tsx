import { Anchor } from '@mantine/core';
import { limits } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ResetPasswordConfirmForm } from '@/features/auth/components/reset-password-confirm-form';
import { ResetPasswordRequestForm } from '@/features/auth/components/reset-password-request-form';
import { AuthLayout } from './auth-layout';

/** /reset-password asks for the link; /reset-password?token=… (the mailed link) sets the password. */
export const ResetPasswordRoute = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const back = (
    <Anchor component={Link} to={paths.login} size="sm" ta="center">
      {t('auth.resetRequest.backToLogin')}
    </Anchor>
  );
  if (token) {
    return (
      <AuthLayout
        title={t('auth.resetConfirm.title')}
        description={t('auth.resetConfirm.description', {
          min: limits.passwordMin,
          max: limits.passwordMax,
        })}
      >
        <ResetPasswordConfirmForm token={token} />
        {back}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.resetRequest.title')} description={t('auth.resetRequest.description')}>
      <ResetPasswordRequestForm />
      {back}
    </AuthLayout>
  );
};
