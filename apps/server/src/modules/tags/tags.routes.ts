import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { TagService } from './tags.service.js';

export const tagRoutes = async (app: FastifyInstance, { tags }: { tags: TagService }) => {
  const t = api.tags;
  route(app, t.groups, (req) => tags.groups(tenantOf(req), req.query));
  route(app, t.group, (req) => tags.group(tenantOf(req), req.params.id));
  route(app, t.members, (req) => tags.members(tenantOf(req), req.params.id, req.query));
  route(app, t.search, (req) => tags.search(tenantOf(req), req.query));
  route(app, t.create, (req) => tags.create(tenantOf(req), req.body));
  route(app, t.update, (req) => tags.update(tenantOf(req), req.params.id, req.body));
  route(app, t.remove, (req) => tags.remove(tenantOf(req), req.params.id, req.body));
  route(app, t.addTags, (req) => tags.addTags(tenantOf(req), req.params.id, req.body));
  route(app, t.removeTags, (req) => tags.removeTags(tenantOf(req), req.params.id, req.body));
  route(app, t.linkCampaigns, (req) => tags.linkCampaigns(tenantOf(req), req.params.id, req.body));
  route(app, t.linkGroups, (req) => tags.linkGroups(tenantOf(req), req.params.id, req.body));
  route(app, t.unlinkCampaigns, (req) => tags.unlinkCampaigns(tenantOf(req), req.params.id, req.body));
  route(app, t.addCampaignTags, (req) => tags.addCampaignTags(tenantOf(req), req.params.id, req.body));
  route(app, t.removeCampaignTags, (req) => tags.removeCampaignTags(tenantOf(req), req.params.id, req.body));
  route(app, t.edit, (req) => tags.edit(tenantOf(req), req.body));
  route(app, t.simulate, (req) =>
    tags.simulate(tenantOf(req), req.params.id, req.params.qid, req.params.oid, req.query['tags[]'] ?? []),
  );
};
