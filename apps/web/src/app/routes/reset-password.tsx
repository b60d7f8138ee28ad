import { Alert, Anchor } from '@mantine/core';
import { limits } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/loaders';
import { paths } from '@/config/paths';
import { useResetLinkCheck } from '@/features/auth/api/reset-password';
import { ResetPasswordConfirmForm } from '@/features/auth/components/reset-password-confirm-form';
import { ResetPasswordRequestForm } from '@/features/auth/components/reset-password-request-form';
import { AuthLayout } from './auth-layout';

/**
 * /reset-password asks for the link; /reset-password?token=… (the mailed link) sets the password,
 * once the link was checked: a dead one says so at once and offers to ask for a new link.
 */
export const ResetPasswordRoute = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useResetLinkCheck(token);
  const back = (
    <Anchor component={Link} to={paths.login} size="sm" ta="center">
      {t('auth.resetRequest.backToLogin')}
    </Anchor>
  );
  if (token && link.checking) return <FullPageLoader />;
  if (token && link.dead) {
    return (
      <AuthLayout title={t('auth.resetConfirm.deadTitle')}>
        <Alert role="alert" color="red" variant="light" title={t('auth.errors.invalidActionCode')}>
          {t('auth.resetConfirm.deadMessage')}
        </Alert>
        <ResetPasswordRequestForm />
        {back}
      </AuthLayout>
    );
  }
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
