import multipart from '@fastify/multipart';
import { idSchema, imageUpload } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import type { CampaignService } from './campaigns.service.js';

const noFile = () =>
  new AppError('file/invalid', 'Send the image as multipart/form-data in the field "file".', 'file');

const readFilePart = async (req: FastifyRequest) => {
  const part = await req.file();
  if (part?.fieldname !== 'file') throw noFile();
  return part.toBuffer();
};

/**
 * POST /api/campaign/:id/image (D25), in its own scope so only this route parses multipart.
 * The auth hook has run in onRequest, before any byte of the upload is read; the file is read
 * into memory up to the contract's limit and refused beyond it.
 */
export const campaignImageRoutes = async (
  app: FastifyInstance,
  { campaigns }: { campaigns: CampaignService },
) => {
  await app.register(multipart, {
    limits: { fileSize: imageUpload.maxBytes, files: 1, fields: 10, parts: 11 },
  });
  app.route({
    method: 'POST',
    url: imageUpload.path,
    config: { access: imageUpload.access },
    schema: {
      summary: 'Upload a PNG image of the campaign or one of its questions (multipart field `file`)',
      tags: ['campaigns'],
      consumes: ['multipart/form-data'],
      params: z.object({ id: idSchema }),
      response: { 201: imageUpload.response },
      security: [{ idToken: [] }],
    },
    handler: async (req, reply) => {
      const { owner, manufacturer } = authOf(req);
      const { id } = req.params as { id: string };
      if (!req.isMultipart()) throw noFile();
      const bytes = await readFilePart(req).catch((err: unknown) => {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw new AppError(
            'file/too-large',
            `The file is larger than ${imageUpload.maxBytes / 1024 / 1024} MB.`,
            'file',
          );
        }
        // Anything else that goes wrong while reading the body (a malformed multipart body, a
        // truncated upload) is the client's mistake: there is no server state involved yet.
        throw err instanceof AppError ? err : noFile();
      });
      const result = await campaigns.uploadImage({
        manufacturerId: manufacturer.id,
        ownerId: owner.id,
        campaignId: id,
        bytes,
      });
      return reply.code(201).send(result);
    },
  });
};
