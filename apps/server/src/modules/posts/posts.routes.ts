import { api } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mediaUploadRoute, sendMedia } from '../../lib/media-reply.js';
import { acceptOneClickBodies } from '../../lib/one-click.js';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { PostService } from './posts.service.js';
import type { PostActor } from './posts.shared.js';

const actorOf = (req: FastifyRequest): PostActor => {
  const { owner, manufacturer } = authOf(req);
  return { manufacturerId: manufacturer.id, ownerId: owner.id, ownerName: owner.name, manufacturer };
};
const readerOf = (req: FastifyRequest) => {
  const { owner, manufacturer } = authOf(req);
  return { manufacturerId: manufacturer.id, ownerId: owner.id, autoPublished: manufacturer.autoPublished };
};

/** The platform area's calls (D19) and the public feedback page's; req.ip honours TRUST_PROXY. */
export const postRoutes = async (app: FastifyInstance, { posts }: { posts: PostService }) => {
  route(app, api.posts.list, (req) => posts.list(readerOf(req), req.query));
  route(app, api.posts.get, (req) => posts.open(readerOf(req), req.params.id));
  route(app, api.posts.comments, (req) => posts.comments(readerOf(req), req.params.id));
  route(app, api.posts.comment, (req) => posts.comment(actorOf(req), req.params.id, req.body.text));
  route(app, api.posts.deleteComment, (req) =>
    posts.deleteComment(actorOf(req), req.params.id, req.params.cid),
  );
  route(app, api.posts.remove, (req) => posts.remove(actorOf(req), req.params.id));
  route(app, api.posts.manuType, (req) => posts.setManuType(actorOf(req), req.params.id, req.body.manuType));
  route(app, api.posts.answer, (req) => posts.answer(actorOf(req), req.params.id, req.body.answer));
  route(app, api.posts.privateNote, (req) =>
    posts.privateNote(actorOf(req), req.params.id, req.body.privateNote),
  );
  route(app, api.posts.publish, (req) => posts.decide(actorOf(req), req.params.id, 'publish'));
  route(app, api.posts.unpublish, (req) => posts.decide(actorOf(req), req.params.id, 'unpublish'));
  route(app, api.posts.report, (req) => posts.decide(actorOf(req), req.params.id, 'report', req.body.reason));
  route(app, api.posts.trust, (req) => posts.trust(actorOf(req), req.params.id, req.body.trusted));
  route(app, api.posts.bulk, (req) => posts.bulk(actorOf(req), req.body.action, req.body.ids));
  route(app, api.posts.media, async (req, reply) =>
    sendMedia(req, reply, await posts.ownerMedia(tenantOf(req), req.params.id, req.params.mediaId)),
  );

  route(app, api.posts.feed, (req) => posts.feed(req.params.manufacturerId, req.query));
  route(app, api.posts.submit, (req) => posts.submit(req.params.manufacturerId, req.body, req.ip));
  route(app, api.posts.publicPost, (req) => posts.publicPost(req.params.manufacturerId, req.params.postId));
  route(app, api.posts.publicReport, (req) =>
    posts.report(req.params.manufacturerId, req.params.postId, req.body, req.ip),
  );
  route(app, api.posts.reportConfirmation, (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return posts.reportConfirmation(req.params.token);
  });
  route(app, api.posts.reportConfirm, (req) => posts.confirmReport(req.params.token));
  route(app, api.posts.authorPost, (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return posts.authorView(req.params.token);
  });
  route(app, api.posts.authorComment, (req) => posts.authorComment(req.params.token, req.body.text));
  route(app, api.posts.authorMedia, async (req, reply) =>
    sendMedia(req, reply, await posts.authorMedia(req.params.token, req.params.mediaId)),
  );
  route(app, api.posts.authorMails, (req) => posts.setMailsOff(req.params.token, req.body.mailsOff));
  await app.register(async (scope) => {
    acceptOneClickBodies(scope);
    route(scope, api.posts.authorUnsubscribe, async (req) => {
      await posts.setMailsOff(req.params.token, true);
    });
  });
  await mediaUploadRoute(app, (scope, read) => {
    route(scope, api.posts.submitMedia, async (req) => {
      const { bytes } = await read(req, () => posts.uploadAllowed(req.params.manufacturerId, req.ip));
      return posts.upload(req.params.manufacturerId, bytes);
    });
  });
};
