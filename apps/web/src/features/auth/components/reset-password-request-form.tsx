import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../api/reset-password';
import { validateEmail } from './validators';

/** Asks for a reset link. D5 answers 204 whether or not the address exists, so the UI does too. */
export const ResetPasswordRequestForm = () => {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  if (request.isSuccess) {
    return (
      <Alert
        role="status"
        color="teal"
        title={t('auth.resetRequest.sentTitle')}
        icon={<IconMailCheck aria-hidden />}
      >
        {t('auth.resetRequest.sentMessage', { email: request.variables.email.trim() })}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
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
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('auth.resetRequest.submit')}
        </Button>
      </Stack>
    </form>
  );
};
