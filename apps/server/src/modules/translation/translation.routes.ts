import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import { TranslationBudgetError } from './translation.budget.js';
import type { TranslationService } from './translation.service.js';

/** D22: translation for any signed-in owner (templates and tickets of both areas use it, D9). */
export const translationRoutes = async (
  app: FastifyInstance,
  { translation }: { translation: TranslationService },
) => {
  route(app, api.translation.translate, async (req, reply) => {
    try {
      return await translation.translate(tenantOf(req), req.body);
    } catch (err) {
      // The budget's refusal says when the call would fit (docs/product-decisions.md, "Translation").
      if (err instanceof TranslationBudgetError && err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  });
  route(app, api.translation.budget, (req) => translation.budget(tenantOf(req)));
};
