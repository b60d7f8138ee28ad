import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordInput } from '@/components/password-input';
import { paths } from '@/config/paths';
import { useSignIn } from '../api/sign-in';
import { validateEmail, validateRequired } from './validators';

/** Sign-in by email and password. On success the session changes and the login route redirects. */
export const LoginForm = () => {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: { email: validateEmail, password: validateRequired },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => signIn.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <Anchor component={Link} to={paths.resetPassword} size="sm" ta="center">
          {t('auth.login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
};
