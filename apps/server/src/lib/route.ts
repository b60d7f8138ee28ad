import {
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  routeUrl,
} from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';

export type Handler<R extends RouteDef> = (
  req: FastifyRequest & {
    params: RouteParams<R>;
    query: RouteQuery<R>;
    body: RouteBody<R>;
  },
  reply: FastifyReply,
) => Promise<R['status'] extends 204 ? void : RouteResponse<R> | FastifyReply>;

/**
 * Registers a route exactly as the contract defines it, the one way every route is registered:
 * its URL (under /api unless the definition gives another base), its schemas (validated by the zod
 * type provider and documented in OpenAPI) and its access level, which the auth hook reads from
 * `config.access`. A handler that sends its answer itself (a file stream, one of the definition's
 * `otherResponses`) returns the reply. `opts.logLevel` quiets a route's request log (the health probes).
 */
export const route = <R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  opts: { logLevel?: LogLevel } = {},
) => {
  const response: Record<number, unknown> = { ...def.otherResponses };
  if (def.response) response[def.status] = def.response;
  const hasResponse = Object.keys(response).length > 0;
  app.route({
    method: def.method,
    url: routeUrl(def),
    config: { access: def.access },
    ...(opts.logLevel ? { logLevel: opts.logLevel } : {}),
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.consumes ? { consumes: def.consumes } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(hasResponse ? { response } : {}),
      ...(def.access === 'public' ? {} : { security: [{ idToken: [] }] }),
    },
    handler: async (req, reply) => {
      const result = await handler(req as Parameters<Handler<R>>[0], reply);
      // A reply is thenable: a handler that returns it (a file stream) resolves once it was sent.
      if (result === reply || reply.sent) return reply;
      if (def.status === 204) return reply.code(204).send();
      return reply.code(def.status).send(result);
    },
  });
};
