import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  path: string;
  /** Path plus the raw query string, exactly as sent. */
  url: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

const toResponse = ({ status = 200, body }: FakeResponse) =>
  new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A tiny HTTP server double behind `fetch`: tests speak to the app only over HTTP, as the real
 * server would answer, instead of mocking our own modules. Later `on()` calls win.
 */
export const createFakeServer = () => {
  const handlers: { method: string; path: string; handler: FakeHandler }[] = [];
  const requests: FakeRequest[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const match = handlers.findLast((h) => h.method === method && h.path === url.pathname);
    if (!match) {
      return toResponse({ status: 404, body: { code: 'not-found', message: `${method} ${url.pathname}` } });
    }
    return toResponse(await match.handler(request));
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    on: (method: string, path: string, handler: FakeHandler) => {
      handlers.push({ method, path, handler });
    },
    requests,
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
  };
};

export type FakeServer = ReturnType<typeof createFakeServer>;
