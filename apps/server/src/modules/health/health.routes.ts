import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { HealthService } from './health.service.js';

/**
 * The probes, polled every few seconds by each balancer: never cached, and logged only from `warn`
 * (no request lines at `info`).
 */
export const healthRoutes = async (app: FastifyInstance, { health }: { health: HealthService }) => {
  route(
    app,
    api.health.live,
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return health.live();
    },
    { logLevel: 'warn' },
  );
  route(
    app,
    api.health.ready,
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const readiness = await health.readiness();
      if (readiness.status === 'ready') return readiness;
      return reply.code(503).send(readiness);
    },
    { logLevel: 'warn' },
  );
};
