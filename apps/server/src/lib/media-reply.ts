import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { ticketMediaLimits } from '@parley/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** A part of a file (the storage module's ByteRange). */
type ByteRange = { start: number; end: number };
type StoredFile = { body: Readable | Buffer; size?: number | undefined };

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
 * A participant's (or a post author's) file: private (never cached by others), never run as a page, and in byte ranges
 * when asked (video players, Safari's above all, play only what answers them).
 */
export const sendMedia = async (req: FastifyRequest, reply: FastifyReply, m: MediaFile) => {
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

/**
 * Registers one upload route of participants' or authors' media in a scope of its own (only it
 * parses multipart): `allowed` runs first (the link or page, and the budgets), so nothing of the body
 * is read for a made-up address or a flood; the file is read up to the largest kind's limit and
 * handed to `store`, which checks it by its bytes.
 */
type ReadUpload = <Allowed>(
  req: FastifyRequest,
  allowed: () => Promise<Allowed>,
) => Promise<{ allowed: Allowed; bytes: Buffer }>;

export const mediaUploadRoute = async (
  app: FastifyInstance,
  register: (scope: FastifyInstance, read: ReadUpload) => void,
) =>
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ticketMediaLimits.maxVideoBytes, files: 1, fields: 5, parts: 6 },
    });
    const read: ReadUpload = async (req, allowed) => {
      const ok = await allowed();
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
      return { allowed: ok, bytes };
    };
    register(scope, read);
  });
