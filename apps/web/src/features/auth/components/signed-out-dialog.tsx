import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PasswordInput } from '@/components/password-input';
import { getSessionState, loginPathFor } from '@/lib/auth';
import { useMeSmall } from '@/lib/current-owner';
import { useSignIn } from '../api/sign-in';
import { validateRequired } from './validators';

/**
 * Shown over the console when another tab of this browser signed out. The page underneath stays
 * as it was (unsaved edits included): signing in again here, as the same owner, carries on where
 * the person was; "Go to sign-in" leaves through the page's own unsaved-changes warning and comes
 * back to this page after signing in.
 */
export const SignedOutDialog = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const { data: owner } = useMeSmall();
  const email = owner?.email ?? '';
  const signIn = useSignIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: validateRequired },
  });

  // Leaving the console still signed out: nothing of this owner may stay in memory for the next.
  useEffect(
    () => () => {
      if (getSessionState().status === 'signed-out') queryClient.clear();
    },
    [queryClient],
  );

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      // Below the page's own dialogs (default 200): "Go to sign-in" may raise the unsaved-changes
      // warning, which must be on top; "Stay on the page" then comes back to this dialog.
      zIndex={190}
      title={t('auth.signedOutElsewhere.title')}
    >
      <form noValidate onSubmit={form.onSubmit(({ password }) => signIn.mutate({ email, password }))}>
        <Stack gap="md">
          <Text>{t('auth.signedOutElsewhere.text')}</Text>
          {email ? <Text fw={600}>{email}</Text> : null}
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(loginPathFor(pathname, search))}>
              {t('auth.signedOutElsewhere.toLogin')}
            </Button>
            <Button type="submit" loading={signIn.isPending} disabled={!email}>
              {t('auth.login.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
