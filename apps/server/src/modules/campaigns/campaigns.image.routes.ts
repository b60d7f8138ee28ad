import multipart from '@fastify/multipart';
import { api, imageUpload } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
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
  route(app, api.campaigns.uploadImage, async (req) => {
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
    return campaigns.uploadImage({
      manufacturerId: tenantOf(req),
      ownerId: authOf(req).owner.id,
      campaignId: req.params.id,
      bytes,
    });
  });
};
