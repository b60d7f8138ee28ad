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
};

/** The URL path a route is served at (`/api/campaign/:id`, `/identity/sign-in`). */
export const routeUrl = (route: Pick<RouteDef, 'base' | 'path'>) => `${route.base ?? '/api'}${route.path}`;

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
