import type { Readable } from 'node:stream';
import { api } from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { ResultService } from './results.service.js';

/** `Content-Disposition` for a download: an ASCII fallback name and the real one in UTF-8 (RFC 6266). */
const attachment = (fileName: string) => {
  // Control characters, slashes and backslashes never reach a file name.
  const clean =
    [...fileName]
      .map((ch) =>
        ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '/' || ch === '\\' ? ' ' : ch,
      )
      .join('')
      .trim() || 'results';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
};

/** Sends a generated file as it is written; a failure after the first bytes ends the answer early. */
const sendFile = (
  req: FastifyRequest,
  reply: FastifyReply,
  file: { stream: Readable; fileName: string; done?: Promise<void> },
  contentType: string,
) => {
  file.done?.catch((err: unknown) => {
    req.log.error({ err }, 'export failed while streaming');
    file.stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
};

export const resultRoutes = async (app: FastifyInstance, { results }: { results: ResultService }) => {
  const r = api.results;
  route(app, r.statistics, (req) => results.statistics(authOf(req).manufacturer, req.params.id, req.query));
  route(app, r.questionStats, (req) => results.questionStats(authOf(req).manufacturer, req.query));
  route(app, r.xlsx, async (req, reply) =>
    sendFile(
      req,
      reply,
      await results.xlsx(authOf(req).manufacturer, req.query),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
  );
  route(app, r.pdf, async (req, reply) =>
    sendFile(
      req,
      reply,
      await results.pdf(authOf(req).manufacturer, req.params.id, req.query),
      'application/pdf',
    ),
  );
  route(app, r.share, (req) => results.share(tenantOf(req), req.params.id));
  route(app, r.setShare, (req) => results.setShare(tenantOf(req), req.params.id, req.body));
  route(app, r.dashboard, (req) => results.dashboard(tenantOf(req)));
  route(app, r.shared, async (req, reply) => {
    // A public link's answer is nobody else's to keep.
    reply.header('cache-control', 'private, no-store');
    return results.shared(req.params.token, req.query);
  });
};
