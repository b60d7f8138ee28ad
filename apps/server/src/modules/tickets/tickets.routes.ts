import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { TicketService } from './tickets.service.js';

export const ticketRoutes = async (app: FastifyInstance, { tickets }: { tickets: TicketService }) => {
  route(app, api.tickets.list, (req) => tickets.list(tenantOf(req), req.query));
  route(app, api.tickets.get, (req) =>
    tickets.open({ manufacturerId: tenantOf(req), ownerId: authOf(req).owner.id }, req.params.id),
  );
};
