import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { TranslationService } from './translation.service.js';

/** D22: translation for any signed-in owner (templates and tickets of both areas use it, D9). */
export const translationRoutes = async (
  app: FastifyInstance,
  { translation }: { translation: TranslationService },
) => {
  route(app, api.translation.translate, (req) => translation.translate(tenantOf(req), req.body));
};
