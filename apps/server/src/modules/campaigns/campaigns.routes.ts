import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import { campaignImageRoutes } from './campaigns.image.routes.js';
import type { CampaignService } from './campaigns.service.js';

export const campaignRoutes = async (app: FastifyInstance, { campaigns }: { campaigns: CampaignService }) => {
  route(app, api.campaigns.list, (req) => campaigns.list(tenantOf(req), req.query));
  route(app, api.campaigns.search, (req) => campaigns.search(tenantOf(req), req.query));
  route(app, api.campaigns.names, (req) => campaigns.names(tenantOf(req), req.query['states[]']));
  route(app, api.campaigns.light, (req) => campaigns.light(tenantOf(req), req.params.id));
  route(app, api.campaigns.get, (req) =>
    campaigns.open({ manufacturerId: tenantOf(req), ownerId: authOf(req).owner.id }, req.params.id),
  );
  route(app, api.campaigns.create, (req) => campaigns.create(tenantOf(req), req.body));
  route(app, api.campaigns.update, (req) => campaigns.update(tenantOf(req), req.params.id, req.body));
  route(app, api.campaigns.archive, (req) => campaigns.archive(tenantOf(req), req.params.id));
  route(app, api.campaigns.copy, (req) => campaigns.copy(tenantOf(req), req.params.id));
  route(app, api.campaigns.start, (req) => campaigns.start(tenantOf(req), req.params.id));
  route(app, api.campaigns.stop, (req) => campaigns.stop(tenantOf(req), req.params.id, authOf(req).owner.id));
  await app.register(campaignImageRoutes, { campaigns });
};
