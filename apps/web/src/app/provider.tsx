import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initSession, onSessionEnd, resumeSession, stopSession, syncSessionFromStorage } from '@/lib/auth';
import { changeLanguage, currentLanguage, isLanguage } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';
import { handToLogin } from '@/lib/leave-page';
import { usePublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/react-query';
import { storageKeys } from '@/lib/storage';
import { createAppTheme, cssVariablesResolver } from '@/lib/theme';
import { initTracing } from '@/lib/tracing';

const NotificationsHost = lazy(async () => ({
  default: (await import('./notifications-host')).NotificationsHost,
}));

/** The notifications' host, mounted once the first screen is up (the browser idle): not part of it. */
const LateNotifications = () => {
  // Tests look for a notification at once.
  const [mounted, setMounted] = useState(import.meta.env.MODE === 'test');
  useEffect(() => whenIdle(() => setMounted(true), 1000), []);
  return mounted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
};

/**
 * Starts optional error tracing once the public configuration has arrived and the first screen is up
 * (Sentry's SDK is its own chunk, loaded only with a DSN configured).
 */
const ConfigEffects = () => {
  const { data: config } = usePublicConfig();
  useEffect(() => {
    return config ? whenIdle(() => void initTracing(config)) : undefined;
  }, [config]);
  return null;
};

/**
 * A language chosen in another tab is followed here at once, in place (open dialogs and unsaved
 * edits stay): docs/product-decisions.md, Console.
 */
const followLanguage = (stored: string | null) => {
  let language: unknown;
  try {
    language = stored === null ? null : JSON.parse(stored);
  } catch {
    return;
  }
  if (!isLanguage(language) || language === currentLanguage()) return;
  void changeLanguage(language);
};

/** Ties the session to the rest of the app: cached data, other tabs, the refresh timer. */
const useSessionLifecycle = (queryClient: QueryClient) => {
  // Synchronous, so the very first render already knows whether a session was restored.
  useState(() => initSession());
  useEffect(() => {
    resumeSession();
    const offEnd = onSessionEnd((reason) => {
      // Nothing of the previous owner may stay in memory for the next one. After a sign-out in
      // another tab the page stays (with its unsaved edits) until the owner signs in again as
      // themselves or leaves for the login page, which clears it then (signed-out-dialog.tsx).
      if (reason !== 'elsewhere') queryClient.clear();
      // The sign-in page, a light application of its own, explains it once the console has left for it.
      if (reason === 'expired') handToLogin({ reason: 'expired' });
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.session || event.key === null) syncSessionFromStorage();
      if (event.key === storageKeys.locale) followLanguage(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offEnd();
      window.removeEventListener('storage', onStorage);
      stopSession();
    };
  }, [queryClient]);
};

type AppProviderProps = { children: ReactNode; queryClient?: QueryClient };

export const AppProvider = ({ children, queryClient }: AppProviderProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useSessionLifecycle(client);
  const { t } = useTranslation();
  const close = t('common.close');
  const theme = useMemo(() => createAppTheme({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={import.meta.env.MODE === 'test' ? 'test' : 'default'}
    >
      <LateNotifications />
      <QueryClientProvider client={client}>
        <ConfigEffects />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
};
