import type { FastifyInstance } from 'fastify';

/**
 * A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form,
 * URL-encoded or multipart. The scope this is called on takes either body and ignores it (no route
 * of that scope reads a form); the body limit still applies.
 */
export const acceptOneClickBodies = (scope: FastifyInstance) => {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, _body, done) => done(null, undefined),
  );
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, _body, done) =>
    done(null, undefined),
  );
};
