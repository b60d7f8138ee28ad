import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { acceptOneClickBodies } from '../../lib/one-click.js';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { InvitationService } from './invitations.service.js';

/** Inviting (POST /contact, temp contacts), a campaign's participants, and one-click unsubscribe. */
export const invitationRoutes = async (
  app: FastifyInstance,
  { invitations }: { invitations: InvitationService },
) => {
  // A mail client's one-click unsubscribe (RFC 8058) posts a form: this scope takes it and ignores it.
  acceptOneClickBodies(app);
  route(app, api.contacts.invite, (req) => invitations.inviteEmails(tenantOf(req), req.body));
  route(app, api.contacts.tempList, (req) => invitations.tempList(tenantOf(req), req.query));
  route(app, api.contacts.tempInviteCampaigns, (req) => invitations.inviteTemp(tenantOf(req), req.body));
  route(app, api.contacts.tempReinvite, (req) => invitations.tempReinvite(tenantOf(req), req.body.email));
  route(app, api.contacts.tempRemove, (req) => invitations.tempRemove(tenantOf(req), req.params.id));
  route(app, api.contacts.tempBulkDelete, (req) =>
    invitations.tempRemoveMany(tenantOf(req), req.body.contactIds),
  );

  route(app, api.invitations.participants, (req) =>
    invitations.participants(tenantOf(req), req.params.id, req.query),
  );
  route(app, api.invitations.statistics, (req) => invitations.statistics(tenantOf(req), req.params.id));
  route(app, api.invitations.toAdd, (req) => invitations.toAdd(tenantOf(req), req.params.id, req.query));
  route(app, api.invitations.add, (req) =>
    invitations.addParticipants(tenantOf(req), req.params.id, req.body),
  );
  route(app, api.invitations.withdraw, (req) =>
    invitations.withdraw(tenantOf(req), req.params.id, req.params.cid),
  );
  route(app, api.invitations.resend, (req) =>
    invitations.resend(tenantOf(req), req.params.id, req.params.cid),
  );

  route(app, api.invitations.unsubscribeInfo, (req) => invitations.unsubscribeInfo(req.params.token));
  route(app, api.invitations.unsubscribe, (req) => invitations.unsubscribe(req.params.token));
};
