import { fileApi } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { isValidKey } from './storage.keys.js';
import type { FileStorage } from './storage.types.js';

/**
 * GET /files/<key>: public files (D25 campaign and question images), streamed from whichever
 * storage is configured. Keys carry a fresh UUID per upload, so a file never changes under its
 * link and may be cached for good.
 */
export const fileRoutes = async (app: FastifyInstance, { storage }: { storage: FileStorage }) => {
  route(app, fileApi.get, async (req, reply) => {
    const key = (req.params as unknown as { '*': string })['*'];
    // Only campaign and question images are public (D25); imports and participants' media live
    // under other prefixes and are served only by their own checked routes.
    const file = isValidKey(key) && key.startsWith('campaigns/') ? await storage.get(key) : undefined;
    if (!file) throw new AppError('not-found', 'The file does not exist.');
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
};
