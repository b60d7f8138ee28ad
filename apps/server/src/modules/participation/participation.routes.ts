import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { sendSharedJson } from '../../lib/shared-json.js';
import { tenantOf } from '../../plugins/auth.js';
import type { ParticipationService } from './participation.service.js';

/** The participant's public calls (survey, answer; their ticket is the tickets module's) and the owner's preview. */
export const participationRoutes = async (
  app: FastifyInstance,
  { participation }: { participation: ParticipationService },
) => {
  // The same answer for every participant, sent as it was built and compressed once (lib/shared-json.ts).
  route(app, api.participation.survey, async (req, reply) =>
    sendSharedJson(req, reply, await participation.survey(req.params.id)),
  );
  route(app, api.participation.preview, async (req) => participation.preview(tenantOf(req), req.params.id));
  // req.ip honours TRUST_PROXY, so behind a load balancer the limit is per real client.
  route(app, api.participation.submit, async (req) => participation.submit(req.params.id, req.body, req.ip));
  route(app, api.participation.checkEmail, async (req) =>
    participation.checkEmail(req.params.id, req.body.email, req.ip),
  );
  route(app, api.invitations.survey, async (req) => participation.invitedSurvey(req.params.token));
  route(app, api.invitations.submit, async (req) =>
    participation.submitInvited(req.params.token, req.body, req.ip),
  );
};
