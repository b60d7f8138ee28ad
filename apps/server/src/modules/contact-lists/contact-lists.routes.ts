import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { ContactListService } from './contact-lists.service.js';

/** Contact lists, their members, and inviting lists to a campaign. */
export const contactListRoutes = async (
  app: FastifyInstance,
  { contactLists }: { contactLists: ContactListService },
) => {
  route(app, api.contactLists.list, (req) => contactLists.list(tenantOf(req), req.query));
  route(app, api.contactLists.get, (req) => contactLists.get(tenantOf(req), req.params.id));
  route(app, api.contactLists.create, (req) => contactLists.create(tenantOf(req), req.body));
  route(app, api.contactLists.update, (req) => contactLists.update(tenantOf(req), req.params.id, req.body));
  route(app, api.contactLists.remove, (req) => contactLists.remove(tenantOf(req), req.params.id));
  route(app, api.contactLists.removeMember, (req) =>
    contactLists.removeMember(tenantOf(req), req.params.id, req.params.contactId),
  );
  route(app, api.contactLists.members, (req) =>
    contactLists.members(tenantOf(req), req.params.id, req.query),
  );
  route(app, api.contactLists.inviteToCampaign, (req) =>
    contactLists.inviteToCampaign(tenantOf(req), req.params.id, req.body),
  );
  route(app, api.contactLists.campaignLists, (req) =>
    contactLists.campaignLists(tenantOf(req), req.params.id),
  );
  route(app, api.contactLists.unlinkFromCampaign, (req) =>
    contactLists.unlinkFromCampaign(tenantOf(req), req.params.id, req.params.listId),
  );
};
