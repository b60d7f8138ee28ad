import { useTranslation } from 'react-i18next';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthLayout } from './auth-layout';

/** /login?destination=… — the redirect after sign-in is RedirectIfSignedIn's job (guards.tsx). */
export const LoginRoute = () => {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.login.title')} description={t('auth.login.description')}>
      <LoginForm />
    </AuthLayout>
  );
};
