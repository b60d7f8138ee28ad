import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { InfoService } from './info.service.js';

export const infoRoutes = async (app: FastifyInstance, { info }: { info: InfoService }) => {
  route(app, api.info.all, async (req) => info.list(req.query));
  route(app, api.info.config, async () => info.config());
};
