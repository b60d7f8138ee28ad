import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import type { Runtime } from '../../runtime.js';
import { createParticipationService } from './participation.service.js';

/** The participant's public calls (survey, answer, ticket) and the owner's preview. */
export const participationRoutes = async (app: FastifyInstance, { rt }: { rt: Runtime }) => {
  const service = createParticipationService({
    db: rt.db,
    mail: rt.mail,
    clock: rt.clock,
    log: rt.log,
    config: { publicUrl: rt.config.publicUrl, privacyUrl: rt.config.privacyUrl },
  });

  route(app, api.participation.survey, async (req) => service.survey(req.params.id));

  route(app, api.participation.preview, async (req) =>
    service.preview(authOf(req).owner.manufacturerId, req.params.id),
  );

  // req.ip honours TRUST_PROXY, so behind a load balancer the limit is per real client.
  route(app, api.participation.submit, async (req) => service.submit(req.params.id, req.body, req.ip));

  route(app, api.participation.checkEmail, async (req) =>
    service.checkEmail(req.params.id, req.body.email, req.ip),
  );

  route(app, api.participation.ticket, async (req) => service.ticket(req.params.token));
};
