import { api, identityApi, type RouteDef, routeUrl } from '@parley/contract';
import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  path: string;
  /** Path plus the raw query string, exactly as sent. */
  url: string;
  query: URLSearchParams;
  /** The contract route it was for, as `METHOD /pattern` (`PUT /api/campaign/:id`). */
  route: string;
  /** The route's `:name` segments, decoded. */
  params: Record<string, string>;
  headers: Headers;
  /** Parsed JSON, the FormData of a multipart upload, or undefined. */
  body: unknown;
};

export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

type Matcher = { method: string; pattern: string; regex: RegExp; names: string[] };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const matcherOf = (route: RouteDef): Matcher => {
  const { method } = route;
  const pattern = routeUrl(route);
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegex(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { method, pattern, regex: new RegExp(`^${source}$`), names };
};

const routesOf = (tree: object): RouteDef[] =>
  Object.values(tree).flatMap((value) =>
    value && typeof value === 'object' && 'method' in value && 'path' in value
      ? [value as RouteDef]
      : routesOf(value as object),
  );

const contractMatchers = [...routesOf(api), ...routesOf(identityApi)].map(matcherOf);

/** The route a request is for: a literal segment beats a `:param` (`/campaign/all` before `/campaign/:id`). */
const resolve = (matchers: Matcher[], method: string, path: string) => {
  let best: { matcher: Matcher; params: Record<string, string> } | undefined;
  for (const matcher of matchers) {
    if (matcher.method !== method) continue;
    const found = matcher.regex.exec(path);
    if (!found) continue;
    if (best && best.matcher.names.length <= matcher.names.length) continue;
    const params = Object.fromEntries(
      matcher.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
    );
    best = { matcher, params };
  }
  return best;
};

const sameParams = (wanted: Record<string, string> | undefined, actual: Record<string, string>) =>
  !wanted || Object.entries(wanted).every(([name, value]) => actual[name] === value);

const toResponse = ({ status = 200, body }: FakeResponse) =>
  new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const readBody = (body: unknown): unknown => {
  if (typeof body === 'string') return JSON.parse(body);
  return body instanceof FormData ? body : undefined;
};

/** Requests that matched no route of the contract: the test fails after it ends (see setup-tests). */
const unknownRequests: string[] = [];

/** The requests since the last call that no contract route knows (setup-tests fails the test on them). */
export const takeUnknownRequests = (): string[] => unknownRequests.splice(0);

type Handler = { matcher: Matcher; params?: Record<string, string>; handler: FakeHandler };

/**
 * A tiny HTTP server double behind `fetch` (and XMLHttpRequest, for uploads): tests speak to the
 * app only over HTTP, as the real server would answer, instead of mocking our own modules.
 * Handlers are registered by contract route, so a mistyped path cannot exist; a request for a
 * path no route of the contract has is a failure of the test, not a quiet 404. Later `on()`
 * calls win. A route without a handler answers 404, as the server does for an unknown record.
 */
export const createFakeServer = () => {
  const handlers: Handler[] = [];
  const requests: FakeRequest[] = [];

  const serve = async (raw: string, init: { method?: string; headers?: HeadersInit; body?: unknown }) => {
    const url = new URL(raw, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const known = resolve([...contractMatchers, ...handlers.map((h) => h.matcher)], method, url.pathname);
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      query: url.searchParams,
      route: known ? `${method} ${known.matcher.pattern}` : `${method} (unknown)`,
      params: known?.params ?? {},
      headers: new Headers(init.headers),
      body: readBody(init.body),
    };
    requests.push(request);
    if (!known) {
      unknownRequests.push(`${method} ${url.pathname}`);
      throw new TypeError(`The fake server knows no contract route for ${method} ${url.pathname}`);
    }
    const match = handlers.findLast(
      (h) =>
        h.matcher.pattern === known.matcher.pattern &&
        h.matcher.method === method &&
        sameParams(h.params, known.params),
    );
    if (!match) {
      return toResponse({ status: 404, body: { code: 'not-found', message: `${method} ${url.pathname}` } });
    }
    return toResponse(await match.handler(request));
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return serve(raw, init ?? {});
  });
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(serve));

  function on(route: RouteDef, handler: FakeHandler): void;
  function on(route: RouteDef, params: Record<string, string>, handler: FakeHandler): void;
  function on(
    route: RouteDef,
    paramsOrHandler: Record<string, string> | FakeHandler,
    maybeHandler?: FakeHandler,
  ): void {
    const handler = typeof paramsOrHandler === 'function' ? paramsOrHandler : maybeHandler;
    const params = typeof paramsOrHandler === 'function' ? undefined : paramsOrHandler;
    if (!handler) throw new Error('on(route, [params], handler): the handler is missing');
    handlers.push({ matcher: matcherOf(route), params, handler });
  }

  return {
    on,
    requests,
    /** The requests sent to one route (and, given `params`, for those `:param` values). */
    requestsTo: (route: RouteDef, params?: Record<string, string>) => {
      const { method, pattern } = matcherOf(route);
      return requests.filter((r) => r.route === `${method} ${pattern}` && sameParams(params, r.params));
    },
  };
};

export type FakeServer = ReturnType<typeof createFakeServer>;

type Serve = (
  url: string,
  init: { method?: string; headers?: HeadersInit; body?: unknown },
) => Promise<Response>;

/** Just enough of XMLHttpRequest for the upload with progress (lib/http.ts), answered by `serve`. */
const fakeXhrClass = (serve: Serve) =>
  class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: unknown) {
      serve(this.url, { method: this.method, headers: this.headers, body }).then(
        async (response) => {
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => {
          if (!this.aborted) this.onerror?.();
        },
      );
    }
  };
