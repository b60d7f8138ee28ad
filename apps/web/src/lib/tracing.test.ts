import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureException, initTracing } from './tracing';

/** The real Sentry SDK, with only the network replaced: what it would send to the DSN's project. */
describe('error tracing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing without a DSN', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await initTracing({ sentryDsn: null, environment: 'PROD', tracesSampleRate: 1 });
    captureException(new Error('ignored'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a reported error to the DSN with the environment label and no query tail', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/reset-password?token=secret-token');
    await initTracing({
      sentryDsn: 'https://abc123@sentry.example.com/42',
      environment: 'PROD',
      tracesSampleRate: 1,
    });
    captureException(new Error('the page broke'));
    const { flush } = await import('@sentry/react');
    await flush(2000);

    const sent = fetch.mock.calls.map((call) => call as unknown as [string, RequestInit]);
    const event = sent.find(([, init]) => String(init.body).includes('the page broke'));
    expect(event?.[0]).toMatch(/^https:\/\/sentry\.example\.com\/api\/42\/envelope\//);
    const body = String(event?.[1].body);
    expect(body).toContain('"environment":"PROD"');
    expect(body).toContain('/reset-password"');
    expect(body).not.toContain('secret-token');
  });
});
