import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { tenantOf } from '../../plugins/auth.js';
import type { QuestionService } from './questions.service.js';

export const questionRoutes = async (app: FastifyInstance, { questions }: { questions: QuestionService }) => {
  route(app, api.questions.list, (req) => questions.list(tenantOf(req), req.params.id));
  route(app, api.questions.create, (req) => questions.create(tenantOf(req), req.params.id, req.body));
  route(app, api.questions.update, (req) =>
    questions.update(tenantOf(req), req.params.id, req.params.qid, req.body),
  );
  route(app, api.questions.remove, (req) => questions.remove(tenantOf(req), req.params.id, req.params.qid));
  route(app, api.questions.replace, (req) =>
    questions.replace(tenantOf(req), req.params.id, req.params.qid, req.body),
  );
  route(app, api.questions.order, (req) => questions.order(tenantOf(req), req.params.id, req.body.questions));
  route(app, api.questions.optionOrder, (req) =>
    questions.optionOrder(tenantOf(req), req.params.id, req.params.qid, req.body.options),
  );
  route(app, api.questions.optionTags, (req) =>
    questions.optionTags(
      tenantOf(req),
      req.params.id,
      req.params.qid,
      req.params.oid,
      req.body.tags,
      req.body.applyToPast,
    ),
  );
};
