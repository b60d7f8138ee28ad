import type { PublicConfig } from '@parley/contract';
import { useEffect } from 'react';
import { usePageViewTracking } from '@/lib/analytics';
import { publicCall, publicPaths } from '@/lib/public-api';
import { initTracing } from '@/lib/tracing';
import { useLoad } from '@/lib/use-load';

/**
 * The public configuration on a light page (the public pages, the sign-in page), with what the console
 * does once it arrives: tracing and page views. Loaded beside the page's own data, never before it.
 */
export const useLightConfig = (pathname: string): PublicConfig | undefined => {
  const { data: config } = useLoad('config', (signal) =>
    publicCall<PublicConfig>('GET', publicPaths.config, { signal }),
  );
  useEffect(() => {
    if (config) void initTracing(config);
  }, [config]);
  usePageViewTracking(config?.analytics, pathname);
  return config;
};
