import { Center, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FullPageLoader } from '@/components/loaders';
import { paths } from '@/config/paths';
import { revocationSettled } from '@/lib/auth';
import { leaveTo } from '@/lib/leave-page';

/** Whether the server answered this very page at /login with the console (a build without login.html). */
const consoleServedAtLogin = () => {
  try {
    const [entry] = performance.getEntriesByType?.('navigation') ?? [];
    return entry ? new URL(entry.name).pathname === paths.login : false;
  } catch {
    return false;
  }
};

/**
 * /login?destination=… is the sign-in page's own light application (login.html; docs/architecture.md,
 * "The sign-in page"), served by the server. The console reaches it by a full page load: a signed-out
 * visitor (guards.tsx), a sign-out, the signed-out dialog's "Go to sign-in".
 */
export const LoginRoute = () => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const missing = consoleServedAtLogin();
  useEffect(() => {
    // Leaving again would load this same page in a loop.
    if (missing) return;
    let here = true;
    // A sign-out's revocation must reach the server before the page load would cancel it.
    void revocationSettled().then(() => {
      if (here) leaveTo(`${pathname}${search}`);
    });
    return () => {
      here = false;
    };
  }, [missing, pathname, search]);
  if (!missing) return <FullPageLoader />;
  return (
    <Center mih="100vh" p="md">
      <Text role="alert">{t('auth.login.missingPage')}</Text>
    </Center>
  );
};
