import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import type { Runtime } from '../../runtime.js';
import { createQuestionService } from './questions.service.js';

export const questionRoutes = async (app: FastifyInstance, { rt }: { rt: Runtime }) => {
  const questions = createQuestionService({ db: rt.db, clock: rt.clock });
  const mid = (req: Parameters<typeof authOf>[0]) => authOf(req).manufacturer.id;

  route(app, api.questions.list, (req) => questions.list(mid(req), req.params.id));
  route(app, api.questions.create, (req) => questions.create(mid(req), req.params.id, req.body));
  route(app, api.questions.update, (req) =>
    questions.update(mid(req), req.params.id, req.params.qid, req.body),
  );
  route(app, api.questions.remove, (req) => questions.remove(mid(req), req.params.id, req.params.qid));
  route(app, api.questions.replace, (req) =>
    questions.replace(mid(req), req.params.id, req.params.qid, req.body),
  );
  route(app, api.questions.order, (req) => questions.order(mid(req), req.params.id, req.body.questions));
  route(app, api.questions.optionOrder, (req) =>
    questions.optionOrder(mid(req), req.params.id, req.params.qid, req.body.options),
  );
  route(app, api.questions.optionTags, (req) =>
    questions.optionTags(mid(req), req.params.id, req.params.qid, req.params.oid, req.body.tags),
  );
};
