import {
  type ApiErrorBody,
  type RouteBody,
  type RouteDef,
  type RouteInput,
  type RouteParams,
  type RouteResponse,
  routeCallUrl,
} from '@parley/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * The server tests' way to the API: a route of the contract (`api`, and outside `/api`
 * `identityApi` and `fileApi`), never a hand-written URL, so a path or method that the contract
 * does not have cannot be called by mistake.
 */

/** The contract's input, with `params` and `body` required where the route has them. */
export type ApiInput<R extends RouteDef> = { query?: RouteInput<R>['query'] } & ([RouteParams<R>] extends [
  undefined,
]
  ? { params?: undefined }
  : { params: NonNullable<RouteInput<R>['params']> }) &
  ([RouteBody<R>] extends [undefined] ? { body?: undefined } : { body: NonNullable<RouteInput<R>['body']> });

/**
 * Input the contract's types refuse (a wrong type, a missing field, a value out of range), for
 * the tests that check the server refuses it too. The path and method still come from the route.
 */
export type UncheckedInput = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
};

export type CallOptions = {
  /** The owner's id token; without it the call is anonymous, as the participant pages call. */
  token?: string;
  remoteAddress?: string;
  /** More headers, e.g. a multipart body's content type with its boundary. */
  headers?: Record<string, string>;
};

export type ApiResponse<R extends RouteDef> = Omit<LightMyRequestResponse, 'json'> & {
  /** The answer's body as the contract types a success. */
  json: () => RouteResponse<R>;
  /** The answer's body as an error answer (D3's `{code, message, field?}`). */
  error: () => ApiErrorBody;
};

/**
 * `/campaign/:id` with `{ id }` → `/api/campaign/<id>` (the contract's builder, which throws on a
 * missing or empty param); a param the route does not have throws too.
 */
const urlOf = (route: RouteDef, params: Record<string, unknown> = {}): string => {
  const names = [...route.path.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
  const unknown = Object.keys(params).filter((k) => !names.includes(k));
  if (unknown.length) throw new Error(`${route.method} ${route.path} has no param ${unknown.join(', ')}`);
  return routeCallUrl(route, { params });
};

const toQuery = (query: Record<string, unknown> | undefined) => {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
};

/** Calls `route` with input the contract's types do not check (see `UncheckedInput`). */
export const callApiUnchecked = async <R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  input: UncheckedInput = {},
  opts: CallOptions = {},
): Promise<ApiResponse<R>> => {
  const res = await app.inject({
    method: route.method,
    url: urlOf(route, input.params),
    query: toQuery(input.query),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
    ...(opts.token !== undefined || opts.headers
      ? { headers: { ...opts.headers, ...(opts.token !== undefined ? { 'x-auth-token': opts.token } : {}) } }
      : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  const parse = res.json.bind(res);
  return Object.assign(res, {
    json: () => parse() as RouteResponse<R>,
    error: () => parse() as ApiErrorBody,
  });
};

/** The input, which may be left out where the route needs neither params nor body. */
export type ApiArgs<R extends RouteDef> =
  object extends ApiInput<R>
    ? [input?: ApiInput<R>, opts?: CallOptions]
    : [input: ApiInput<R>, opts?: CallOptions];

/** Calls `route` with the contract's input; anonymous unless `opts.token` is given. */
export const callApi = <R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  ...[input, opts]: ApiArgs<R>
): Promise<ApiResponse<R>> => callApiUnchecked(app, route, input as UncheckedInput, opts);
