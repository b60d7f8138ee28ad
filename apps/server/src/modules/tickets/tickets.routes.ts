import { api } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaUploadRoute, sendMedia } from '../../lib/media-reply.js';
import { acceptOneClickBodies } from '../../lib/one-click.js';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { FollowUps } from './tickets.follow-ups.js';
import type { TicketService } from './tickets.service.js';
import type { TicketActor } from './tickets.shared.js';

const actorOf = (req: FastifyRequest): TicketActor => {
  const { owner, manufacturer } = authOf(req);
  return { manufacturerId: manufacturer.id, ownerId: owner.id, ownerName: owner.name, manufacturer };
};
const readerOf = (req: FastifyRequest) => ({ manufacturerId: tenantOf(req), ownerId: authOf(req).owner.id });

/** The owner's conversation calls (D14) and the participant's on their private ticket page. */
export const ticketRoutes = async (
  app: FastifyInstance,
  { tickets, followUps }: { tickets: TicketService; followUps: FollowUps },
) => {
  route(app, api.tickets.list, (req) => tickets.list(readerOf(req), req.query));
  route(app, api.tickets.ids, (req) => tickets.ids(readerOf(req), req.params.campaignId, req.query));
  route(app, api.tickets.get, (req) =>
    tickets.open(readerOf(req), req.params.id, req.query.shouldMarkCommentsAndMediaAsSeen === 'true'),
  );
  route(app, api.tickets.answer, (req) => tickets.answer(actorOf(req), req.params.id, req.body));
  route(app, api.tickets.comment, (req) =>
    tickets.comment(actorOf(req), req.params.id, req.body.description),
  );
  route(app, api.tickets.deleteComment, (req) =>
    tickets.deleteComment(actorOf(req), req.params.id, req.params.cid),
  );
  route(app, api.tickets.privateNote, (req) =>
    tickets.privateNote(actorOf(req), req.params.id, req.body.privateNote),
  );
  route(app, api.tickets.ignore, (req) => tickets.ignore(actorOf(req), req.params.id, req.body.ignore));
  route(app, api.tickets.bulkArchive, (req) =>
    tickets.bulkArchive(tenantOf(req), req.body.ids, req.body.archived),
  );
  route(app, api.tickets.rate, (req) =>
    tickets.rate(actorOf(req), req.params.id, req.params.x, req.body.vote),
  );
  route(app, api.tickets.media, async (req, reply) =>
    sendMedia(req, reply, await tickets.ownerMedia(tenantOf(req), req.params.id, req.params.mediaId)),
  );
  route(app, api.tickets.massFollowUp, (req) => followUps.start(actorOf(req), req.params.id, req.body));
  route(app, api.tickets.massFollowUps, (req) => followUps.list(tenantOf(req), req.params.id, req.query));
  route(app, api.tickets.massFollowUpStatus, (req) =>
    followUps.status(tenantOf(req), req.params.id, req.params.followUpId),
  );

  // The participant's side: their private link is the credential. req.ip honours TRUST_PROXY.
  route(app, api.participation.ticket, (req) => tickets.participantView(req.params.token));
  route(app, api.participation.ticketComment, (req) =>
    tickets.participantComment(req.params.token, req.body, req.ip),
  );
  route(app, api.participation.ticketMedia, async (req, reply) =>
    sendMedia(req, reply, await tickets.participantMedia(req.params.token, req.params.mediaId)),
  );
  route(app, api.participation.ticketMails, (req) =>
    tickets.setMailsOff(req.params.token, req.body.mailsOff),
  );
  await app.register(async (scope) => {
    acceptOneClickBodies(scope);
    route(scope, api.participation.ticketUnsubscribe, async (req) => {
      await tickets.setMailsOff(req.params.token, true);
    });
  });
  await mediaUploadRoute(app, (scope, read) => {
    route(scope, api.participation.ticketMediaUpload, async (req) => {
      const { allowed: ticket, bytes } = await read(req, () =>
        tickets.participantUploadAllowed(req.params.token, req.ip),
      );
      return tickets.participantUpload(ticket, bytes);
    });
  });
};
