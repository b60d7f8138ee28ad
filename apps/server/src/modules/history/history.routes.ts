import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { listHistory, markHistorySeen } from './history.repository.js';

export const historyRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  route(app, api.history.me, async (req) => {
    const { owner } = authOf(req);
    const { product, limit, page } = req.query;
    return listHistory(db, {
      manufacturerId: owner.manufacturerId,
      ownerId: owner.id,
      product,
      limit,
      offset: (page - 1) * limit,
    });
  });

  route(app, api.history.seen, async (req) => {
    const { owner } = authOf(req);
    await markHistorySeen(db, { manufacturerId: owner.manufacturerId, ownerId: owner.id, ids: req.body.ids });
  });
};
