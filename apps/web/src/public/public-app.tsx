import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SurveyPage } from '@/features/participation/components/survey-page';
import { TicketPage } from '@/features/participation/components/ticket-page';
import { usePageViewTracking } from '@/lib/analytics';
import { notificationDuration } from '@/lib/notifications';
import { usePublicConfig } from '@/lib/public-config';
import { createQueryClient } from '@/lib/react-query';
import { createAppTheme, cssVariablesResolver } from '@/lib/theme';
import { initTracing } from '@/lib/tracing';
import { PublicFallback } from './public-fallback';

/**
 * The public pages (D10, `/p/…`) as their own application, built from `public.html`: what a participant
 * opens from a mail on a phone loads none of the console (no router tree, app shell, session lifecycle or
 * owner screens). Each address is one page, so the page is chosen from the path once; links between
 * public pages are plain links. The pages later issues add (invitation, feedback, request form, shared
 * results) are added to `pageFor` (docs/architecture.md, "The console").
 */
const pageFor = (pathname: string) => {
  const [, p, kind, id = '', ...rest] = pathname.split('/');
  const single = p === 'p' && rest.filter(Boolean).length === 0 && id !== '';
  if (single && kind === 'c') return <SurveyPage key={id} campaignId={decodeURIComponent(id)} />;
  if (single && kind === 't') return <TicketPage key={id} token={decodeURIComponent(id)} />;
  return <PublicFallback />;
};

/** Tracing and page views, as the console does them, once the public configuration has arrived. */
const ConfigEffects = ({ pathname }: { pathname: string }) => {
  const { data: config } = usePublicConfig();
  useEffect(() => {
    if (config) void initTracing(config);
  }, [config]);
  usePageViewTracking(config?.analytics, pathname);
  return null;
};

type PublicAppProps = { pathname: string; queryClient?: QueryClient };

export const PublicApp = ({ pathname, queryClient }: PublicAppProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { t } = useTranslation();
  const close = t('common.close');
  const theme = useMemo(() => createAppTheme({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={import.meta.env.MODE === 'test' ? 'test' : 'default'}
    >
      {/* Notifications bottom-left, 10 s (errors override this and stay), as in the console. */}
      <Notifications position="bottom-left" autoClose={notificationDuration} />
      <QueryClientProvider client={client}>
        <ConfigEffects pathname={pathname} />
        {pageFor(pathname)}
      </QueryClientProvider>
    </MantineProvider>
  );
};
