import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: anyone (the participant pages' calls, info/all);
 * - `private`: a signed-in owner (valid x-auth-token);
 * - `connect`: a signed-in owner with isParleyConnectEnabled (D9).
 */
export type Access = 'public' | 'private' | 'connect';

export type RouteDef = {
  method: HttpMethod;
  /**
   * The prefix the path is below: the API base `/api` when absent. The few routes outside the API
   * (the embedded identity service, served files) give `''` and a complete path.
   */
  base?: '';
  /** Path below the base, Fastify style (`/campaign/:id`). */
  path: string;
  access: Access;
  summary: string;
  tags?: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Media types of the body when it is not JSON (a multipart upload has no body schema). */
  consumes?: string[];
  /** Status of a successful answer; 204 answers carry no body. */
  status: 200 | 201 | 204;
  response?: z.ZodType;
  /**
   * Other answers with a body of the route's own, by status (not the error shape `{code, message}`):
   * a readiness probe's 503. The handler sends them itself (`reply.code(503).send(…)`).
   */
  otherResponses?: { [status: number]: z.ZodType };
};

/** The URL path a route is served at (`/api/campaign/:id`, `/identity/sign-in`). */
export const routeUrl = (route: Pick<RouteDef, 'base' | 'path'>) => `${route.base ?? '/api'}${route.path}`;

const encodeValue = (value: unknown): string =>
  encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));

/** D3: arrays travel as `name[]=a&name[]=b`; undefined and null are left out. */
export const routeQuery = (query: unknown): string => {
  if (!query || typeof query !== 'object') return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      // The contract names some array keys with their brackets already (`states[]`).
      const name = encodeURIComponent(key.endsWith('[]') ? key.slice(0, -2) : key);
      for (const item of value) parts.push(`${name}[]=${encodeValue(item)}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeValue(value)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
};

/**
 * The URL of one call of a route: `:name` segments filled (each value encoded as one segment), a
 * trailing `*` filled from the `*` param (a path: its segments encoded one by one), and the query
 * as D3 encodes it. A missing or empty param throws, so a call never goes to a half-filled path.
 */
export const routeCallUrl = (
  route: Pick<RouteDef, 'base' | 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string => {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const value = (name: string) => {
    const found = params[name];
    if (found === undefined || found === null || found === '') {
      throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    }
    return String(found);
  };
  const path = route.path
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, () => value('*').split('/').map(encodeURIComponent).join('/'));
  return `${routeUrl({ base: route.base, path })}${routeQuery(input.query)}`;
};

/** Identity keeps the inferred literal types of a route definition. */
export const defineRoute = <const R extends RouteDef>(route: R): R => route;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteResponse<R extends RouteDef> = Infer<R['response']>;

/** What a client sends: the schemas' input types (defaults may be omitted). */
export type RouteInput<R extends RouteDef> = {
  params?: InferIn<R['params']>;
  query?: InferIn<R['query']>;
  body?: InferIn<R['body']>;
};
