import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { TemplateService } from './templates.service.js';

export const templateRoutes = async (app: FastifyInstance, { templates }: { templates: TemplateService }) => {
  route(app, api.templates.list, (req) => templates.list(tenantOf(req), req.query));
  route(app, api.templates.create, (req) => templates.create(tenantOf(req), req.body));
  route(app, api.templates.update, (req) => templates.update(tenantOf(req), req.params.id, req.body));
  route(app, api.templates.remove, (req) => templates.remove(tenantOf(req), req.params.id));
};
