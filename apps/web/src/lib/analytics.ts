import type { PublicConfig } from '@parley/contract';
import { defaultPlausibleScriptUrl, redactSecretLink } from '@parley/contract/plain';
import { useEffect } from 'react';

type AnalyticsConfig = PublicConfig['analytics'];
type Tracker = { pageView: (path: string) => void };

type PlausibleFn = ((event: string, options?: { u?: string }) => void) & { q?: unknown[][] };
declare global {
  // Extending Window needs an interface (declaration merging).
  interface Window {
    plausible?: PlausibleFn;
  }
}

const noop: Tracker = { pageView: () => undefined };
let tracker: Tracker = noop;
let initialized = false;

// Plausible's manual script (the default): the console reports page views itself on every route change.

const plausible = (domain: string, scriptUrl: string | null): Tracker => {
  // The queue stub records calls made before the script has loaded (Plausible's documented snippet).
  window.plausible ??= Object.assign(
    (...args: [string, { u?: string }?]) => {
      const fn = window.plausible as PlausibleFn;
      fn.q = fn.q ?? [];
      fn.q.push(args);
    },
    { q: [] as unknown[][] },
  );
  const script = document.createElement('script');
  script.defer = true;
  script.dataset.domain = domain;
  script.src = scriptUrl ?? defaultPlausibleScriptUrl;
  document.head.appendChild(script);
  return {
    pageView: (path) => window.plausible?.('pageview', { u: `${window.location.origin}${path}` }),
  };
};

/** Sets up the provider named by the public configuration; without one, tracking is a no-op. */
export const initAnalytics = (config: AnalyticsConfig): void => {
  if (initialized) return;
  initialized = true;
  if (config.provider === 'plausible' && config.domain) {
    tracker = plausible(config.domain, config.scriptUrl);
  }
};

/**
 * Only the path: query strings may hold secrets (the password-reset token) or personal data, and a
 * secret link's token is replaced by `:token` (`redactSecretLink`, in the contract).
 */
export const trackPageView = (path: string): void => tracker.pageView(redactSecretLink(path));

/**
 * Page views are tracked whenever `pathname` changes. The console mounts it once inside its router
 * (app/routes/root.tsx), the public pages once in their entry (src/public).
 */
export const usePageViewTracking = (config: AnalyticsConfig | undefined, pathname: string): void => {
  useEffect(() => {
    if (config) initAnalytics(config);
  }, [config]);
  // Re-run when the configuration arrives too, so the first page view is not lost.
  useEffect(() => {
    if (config) trackPageView(pathname);
  }, [pathname, config]);
};
