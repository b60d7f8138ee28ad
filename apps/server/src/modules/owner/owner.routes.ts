import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { OwnerService } from './owner.service.js';

export const ownerRoutes = async (app: FastifyInstance, { owners }: { owners: OwnerService }) => {
  route(app, api.owner.meSmall, async (req) => {
    const { owner, manufacturer } = authOf(req);
    return owners.me(owner, manufacturer);
  });
  route(app, api.owner.updateMe, async (req) => {
    const { owner, manufacturer } = authOf(req);
    return owners.updateMe(owner, manufacturer, req.body);
  });
  route(app, api.owner.updateManufacturer, (req) => owners.updateManufacturer(tenantOf(req), req.body));
  route(app, api.owner.list, (req) => owners.list(tenantOf(req), req.query));
};
