import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { HistoryService } from './history.service.js';

export const historyRoutes = async (app: FastifyInstance, { history }: { history: HistoryService }) => {
  const readerOf = (req: Parameters<typeof authOf>[0]) => ({
    manufacturerId: tenantOf(req),
    ownerId: authOf(req).owner.id,
  });
  route(app, api.history.me, (req) => history.list(readerOf(req), req.query));
  route(app, api.history.seen, (req) => history.seen(readerOf(req), req.body.ids));
};
