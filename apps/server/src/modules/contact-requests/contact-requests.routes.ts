import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { ContactRequestService } from './contact-requests.service.js';

/** The owner's contact requests, and the public form that makes them. */
export const contactRequestRoutes = async (
  app: FastifyInstance,
  { contactRequests }: { contactRequests: ContactRequestService },
) => {
  const reader = (req: Parameters<typeof authOf>[0]) => ({
    manufacturerId: tenantOf(req),
    ownerId: authOf(req).owner.id,
  });
  route(app, api.contactRequests.list, (req) => contactRequests.list(tenantOf(req), req.query));
  route(app, api.contactRequests.accept, (req) => contactRequests.accept(reader(req), req.body));
  route(app, api.contactRequests.reject, (req) => contactRequests.reject(reader(req), req.body.ids));
  route(app, api.contactRequests.formInfo, (req) => contactRequests.formInfo(req.params.manufacturerId));
  // req.ip honours TRUST_PROXY, so behind a load balancer the limit is per real client.
  route(app, api.contactRequests.submit, (req) =>
    contactRequests.submit(req.params.manufacturerId, req.body, req.ip),
  );
};
