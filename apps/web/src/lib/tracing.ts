import type { PublicConfig } from '@parley/contract';

/**
 * Optional error tracing (sampling 1.0 by default, environment label from the server).
 * With a Sentry DSN in the public configuration the Sentry SDK is loaded on demand (its own chunk,
 * so the login page does not pay for it) and traces page loads and navigations at
 * `tracesSampleRate`; without one every call here is a no-op.
 */
type Reporter = { captureException: (error: unknown) => void };

let reporter: Reporter | null = null;
let started = false;

export type TracingConfig = Pick<PublicConfig, 'sentryDsn' | 'environment' | 'tracesSampleRate'>;

/** The page's address without its query and fragment: a password-reset link carries its token there. */
const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? url;

export const initTracing = async (config: TracingConfig): Promise<void> => {
  if (started || !config.sentryDsn) return;
  started = true;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: config.tracesSampleRate,
    beforeSend: (event) => {
      if (event.request?.url) event.request.url = withoutQuery(event.request.url);
      return event;
    },
    beforeSendTransaction: (event) => {
      if (event.request?.url) event.request.url = withoutQuery(event.request.url);
      return event;
    },
  });
  reporter = Sentry;
};

export const captureException = (error: unknown): void => {
  reporter?.captureException(error);
};
