/**
 * A minimal Sentry client: sends uncaught errors and reported exceptions to the envelope endpoint
 * of the DSN. Trace sampling is 1.0 (spec §9): every error is sent.
 */
type ParsedDsn = { endpoint: string };

const parseDsn = (dsn: string): ParsedDsn | null => {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split('/').filter(Boolean).pop();
    if (!url.username || !projectId) return null;
    const path = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
    const endpoint = `${url.protocol}//${url.host}${path}/api/${projectId}/envelope/?sentry_key=${url.username}&sentry_version=7`;
    return { endpoint };
  } catch {
    return null;
  }
};

const eventId = () => crypto.randomUUID().replaceAll('-', '');

export const createSentryReporter = (dsn: string, environment: string) => {
  const parsed = parseDsn(dsn);
  const captureException = (error: unknown) => {
    if (!parsed) return;
    const err = error instanceof Error ? error : new Error(String(error));
    const id = eventId();
    const event = {
      event_id: id,
      timestamp: Date.now() / 1000,
      platform: 'javascript',
      level: 'error',
      environment,
      // Without the query: it may carry the password-reset token.
      request: { url: `${window.location.origin}${window.location.pathname}` },
      exception: { values: [{ type: err.name, value: err.message }] },
      extra: { stack: err.stack },
    };
    const body = [
      JSON.stringify({ event_id: id, sent_at: new Date().toISOString(), dsn }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
    ].join('\n');
    fetch(parsed.endpoint, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  };
  window.addEventListener('error', (e) => captureException(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => captureException(e.reason));
  return { captureException };
};
