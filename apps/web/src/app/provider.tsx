import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initSession, onSessionEnd, resumeSession, stopSession, syncSessionFromStorage } from '@/lib/auth';
import { currentLanguage, i18n, isLanguage } from '@/lib/i18n';
import { handToLogin } from '@/lib/leave-page';
import { notificationDuration } from '@/lib/notifications';
import { usePublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/react-query';
import { storageKeys } from '@/lib/storage';
import { createAppTheme, cssVariablesResolver } from '@/lib/theme';
import { initTracing } from '@/lib/tracing';

/** Starts optional error tracing once the public configuration has arrived. */
const ConfigEffects = () => {
  const { data: config } = usePublicConfig();
  useEffect(() => {
    if (config) void initTracing(config);
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
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
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
      {/* Notifications bottom-left, 10 s (errors override this and stay). */}
      <Notifications position="bottom-left" autoClose={notificationDuration} />
      <QueryClientProvider client={client}>
        <ConfigEffects />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
};
