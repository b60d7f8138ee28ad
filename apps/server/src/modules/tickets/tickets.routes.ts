import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { markSubjectSeen } from '../history/history.repository.js';
import { campaignIsOwn, getTicket, listTickets } from './tickets.repository.js';

/** The console's read-only view of campaign tickets; the conversation calls come later. */
export const ticketRoutes = async (app: FastifyInstance, { db }: { db: Db }) => {
  route(app, api.tickets.list, async (req) => {
    const { owner } = authOf(req);
    const { campaignId, page, limit } = req.query;
    // Another manufacturer's campaign answers 404, not an empty list.
    if (!(await campaignIsOwn(db, owner.manufacturerId, campaignId))) throw notFound('campaign');
    return listTickets(db, {
      manufacturerId: owner.manufacturerId,
      campaignId,
      limit,
      offset: (page - 1) * limit,
    });
  });

  route(app, api.tickets.get, async (req) => {
    const { owner } = authOf(req);
    const ticket = await getTicket(db, owner.manufacturerId, req.params.id);
    if (!ticket) throw notFound('ticket');
    // Opening a ticket is reading its "new answer" entry, from whichever screen or client.
    await markSubjectSeen(db, {
      manufacturerId: owner.manufacturerId,
      ownerId: owner.id,
      subjectType: 'campaignTicket',
      subjectId: req.params.id,
    });
    return ticket;
  });
};
