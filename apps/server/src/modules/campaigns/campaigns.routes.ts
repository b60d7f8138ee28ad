import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import type { Runtime } from '../../runtime.js';
import { markSubjectSeen } from '../history/history.repository.js';
import { campaignImageRoutes } from './campaigns.image.routes.js';
import { createCampaignService } from './campaigns.service.js';

export const campaignRoutes = async (app: FastifyInstance, { rt }: { rt: Runtime }) => {
  const campaigns = createCampaignService({
    db: rt.db,
    clock: rt.clock,
    publicUrl: rt.config.publicUrl,
    scheduleEnd: rt.campaignJobs.scheduleEnd,
    log: rt.log,
    storage: rt.storage,
  });
  const mid = (req: Parameters<typeof authOf>[0]) => authOf(req).manufacturer.id;

  route(app, api.campaigns.list, (req) => campaigns.list(mid(req), req.query));
  route(app, api.campaigns.search, (req) => campaigns.search(mid(req), req.query));
  route(app, api.campaigns.names, (req) => campaigns.names(mid(req), req.query['states[]']));
  route(app, api.campaigns.light, (req) => campaigns.light(mid(req), req.params.id));
  route(app, api.campaigns.get, async (req) => {
    const { owner } = authOf(req);
    const campaign = await campaigns.get(owner.manufacturerId, req.params.id);
    // Opening the campaign's page is reading its entries ("Campaign ended").
    await markSubjectSeen(rt.db, {
      manufacturerId: owner.manufacturerId,
      ownerId: owner.id,
      subjectType: 'campaign',
      subjectId: req.params.id,
    });
    return campaign;
  });
  route(app, api.campaigns.create, (req) => campaigns.create(mid(req), req.body));
  route(app, api.campaigns.update, (req) => campaigns.update(mid(req), req.params.id, req.body));
  route(app, api.campaigns.archive, (req) => campaigns.archive(mid(req), req.params.id));
  route(app, api.campaigns.copy, (req) => campaigns.copy(mid(req), req.params.id));
  route(app, api.campaigns.start, (req) => campaigns.start(mid(req), req.params.id));
  route(app, api.campaigns.stop, (req) => campaigns.stop(mid(req), req.params.id, authOf(req).owner.id));
  await app.register(campaignImageRoutes, { campaigns });
};
