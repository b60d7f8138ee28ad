import multipart from '@fastify/multipart';
import { api, ticketMediaLimits } from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { acceptOneClickBodies } from '../../lib/one-click.js';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { ByteRange, StoredFile } from '../storage/index.js';
import type { FollowUps } from './tickets.follow-ups.js';
import type { TicketActor, TicketService } from './tickets.service.js';

const actorOf = (req: FastifyRequest): TicketActor => {
  const { owner, manufacturer } = authOf(req);
  return { manufacturerId: manufacturer.id, ownerId: owner.id, ownerName: owner.name, manufacturer };
};
const readerOf = (req: FastifyRequest) => ({ manufacturerId: tenantOf(req), ownerId: authOf(req).owner.id });

type MediaFile = {
  contentType: string;
  size: number;
  open: (range?: ByteRange) => Promise<StoredFile>;
};

/** One `bytes=a-b` (or `a-`, or `-n`) range of a file of `size` bytes; null when absent or unreadable. */
const byteRange = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null => {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const [start, end] =
    m[1] === ''
      ? [Math.max(0, size - Number(m[2])), size - 1]
      : [Number(m[1]), m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)];
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
};

/**
 * A participant's file: private (never cached by others), never run as a page, and in byte ranges
 * when asked (video players, Safari's above all, play only what answers them).
 */
const sendMedia = async (req: FastifyRequest, reply: FastifyReply, m: MediaFile) => {
  reply
    .header('content-type', m.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .header('accept-ranges', 'bytes');
  const range = byteRange(req.headers.range, m.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${m.size}`).send();
  }
  const file = await m.open(range ?? undefined);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${m.size}`);
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
};

const noFile = () =>
  new AppError('file/invalid', 'Send the file as multipart/form-data in the field "file".', 'file');

/** The owner's conversation calls (D14) and the participant's on their private ticket page. */
export const ticketRoutes = async (
  app: FastifyInstance,
  { tickets, followUps }: { tickets: TicketService; followUps: FollowUps },
) => {
  route(app, api.tickets.list, (req) => tickets.list(readerOf(req), req.query));
  route(app, api.tickets.ids, (req) => tickets.ids(readerOf(req), req.params.campaignId, req.query));
  route(app, api.tickets.get, (req) =>
    tickets.open(readerOf(req), req.params.id, req.query.shouldMarkCommentsAndMediaAsSeen === 'true'),
  );
  route(app, api.tickets.answer, (req) => tickets.answer(actorOf(req), req.params.id, req.body));
  route(app, api.tickets.comment, (req) =>
    tickets.comment(actorOf(req), req.params.id, req.body.description),
  );
  route(app, api.tickets.deleteComment, (req) =>
    tickets.deleteComment(actorOf(req), req.params.id, req.params.cid),
  );
  route(app, api.tickets.privateNote, (req) =>
    tickets.privateNote(actorOf(req), req.params.id, req.body.privateNote),
  );
  route(app, api.tickets.ignore, (req) => tickets.ignore(actorOf(req), req.params.id, req.body.ignore));
  route(app, api.tickets.rate, (req) =>
    tickets.rate(actorOf(req), req.params.id, req.params.x, req.body.vote),
  );
  route(app, api.tickets.media, async (req, reply) =>
    sendMedia(req, reply, await tickets.ownerMedia(tenantOf(req), req.params.id, req.params.mediaId)),
  );
  route(app, api.tickets.massFollowUp, (req) => followUps.start(actorOf(req), req.params.id, req.body));
  route(app, api.tickets.massFollowUps, (req) => followUps.list(tenantOf(req), req.params.id, req.query));
  route(app, api.tickets.massFollowUpStatus, (req) =>
    followUps.status(tenantOf(req), req.params.id, req.params.followUpId),
  );

  // The participant's side: their private link is the credential. req.ip honours TRUST_PROXY.
  route(app, api.participation.ticket, (req) => tickets.participantView(req.params.token));
  route(app, api.participation.ticketComment, (req) =>
    tickets.participantComment(req.params.token, req.body, req.ip),
  );
  route(app, api.participation.ticketMedia, async (req, reply) =>
    sendMedia(req, reply, await tickets.participantMedia(req.params.token, req.params.mediaId)),
  );
  route(app, api.participation.ticketMails, (req) =>
    tickets.setMailsOff(req.params.token, req.body.mailsOff),
  );
  await app.register(async (scope) => {
    acceptOneClickBodies(scope);
    route(scope, api.participation.ticketUnsubscribe, async (req) => {
      await tickets.setMailsOff(req.params.token, true);
    });
  });
  await app.register(async (scope) => {
    // Only this route parses multipart; the file is read up to the largest kind's limit, then
    // checked by its bytes (type, and its kind's size).
    await scope.register(multipart, {
      limits: { fileSize: ticketMediaLimits.maxVideoBytes, files: 1, fields: 5, parts: 6 },
    });
    route(scope, api.participation.ticketMediaUpload, async (req) => {
      // The link and the budgets first: nothing of the body is read for a made-up link or a flood.
      const ticket = await tickets.participantUploadAllowed(req.params.token, req.ip);
      if (!req.isMultipart()) throw noFile();
      const part = await req.file().catch(() => undefined);
      if (part?.fieldname !== 'file') throw noFile();
      const bytes = await part.toBuffer().catch((err: unknown) => {
        if (err instanceof scope.multipartErrors.RequestFileTooLargeError) {
          throw new AppError(
            'file/too-large',
            `The file is larger than ${ticketMediaLimits.maxVideoBytes / 1024 / 1024} MB.`,
            'file',
          );
        }
        throw noFile();
      });
      return tickets.participantUpload(ticket, bytes);
    });
  });
};
