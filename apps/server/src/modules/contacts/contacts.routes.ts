import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { ContactService } from './contacts.service.js';

/** The contact book's calls (the invitation calls under /contact are the invitations module's). */
export const contactRoutes = async (app: FastifyInstance, { contacts }: { contacts: ContactService }) => {
  const reader = (req: Parameters<typeof authOf>[0]) => ({
    manufacturerId: tenantOf(req),
    ownerId: authOf(req).owner.id,
  });
  route(app, api.contacts.list, (req) => contacts.list(tenantOf(req), req.query));
  route(app, api.contacts.filterData, (req) => contacts.filterData(tenantOf(req)));
  route(app, api.contacts.get, (req) => contacts.get(tenantOf(req), req.params.id));
  route(app, api.contacts.update, (req) =>
    contacts.update(tenantOf(req), req.params.id, req.body, authOf(req).manufacturer.defaultCountry),
  );
  route(app, api.contacts.addNote, (req) => contacts.addNote(reader(req), req.params.id, req.body.noteText));
  route(app, api.contacts.updateNote, (req) =>
    contacts.updateNote(tenantOf(req), req.params.id, req.params.noteId, req.body.noteText),
  );
  route(app, api.contacts.remove, (req) =>
    contacts.remove(tenantOf(req), req.params.id, { eraseAnswers: req.query.eraseAnswers === 'true' }),
  );
  route(app, api.contacts.bulkDelete, async (req) => {
    await contacts.removeBulk(tenantOf(req), req.body);
  });
};
