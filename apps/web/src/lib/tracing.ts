/**
 * Error tracing hook point (issue 2: optional Sentry DSN, sampling 1.0). The Sentry SDK is not a
 * dependency: with a DSN the small reporter in ./sentry-reporter is loaded on demand (its own
 * chunk, so the login page does not pay for it); without one every call here is a no-op.
 */
type Reporter = { captureException: (error: unknown) => void };

let reporter: Reporter | null = null;
let started = false;

export type TracingConfig = { sentryDsn: string | null; environment: string };

export const initTracing = async (config: TracingConfig): Promise<void> => {
  if (started || !config.sentryDsn) return;
  started = true;
  const { createSentryReporter } = await import('./sentry-reporter');
  reporter = createSentryReporter(config.sentryDsn, config.environment);
};

export const captureException = (error: unknown): void => {
  reporter?.captureException(error);
};
