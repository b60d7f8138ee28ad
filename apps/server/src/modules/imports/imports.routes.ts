import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  api,
  contactImportUpload,
  idSchema,
  importMappingSchema,
  tagLimits,
  tagSchema,
} from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authOf, tenantOf } from '../../plugins/auth.js';
import type { ImportService } from './imports.service.js';

const campaignIdsSchema = z.array(idSchema).max(50);
const importTagsSchema = z.array(tagSchema).max(tagLimits.tagsPerCall);

const invalid = (field: string, message: string) => new AppError('validation', `${field}: ${message}`, field);

const parseJsonField = <T>(field: string, raw: string | undefined, schema: z.ZodType<T>, fallback?: T): T => {
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw invalid(field, 'is required (send it before the file)');
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(field, 'must be JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(
      `${field}${issue?.path.length ? `.${issue.path.join('.')}` : ''}`,
      issue?.message ?? 'is invalid',
    );
  }
  return parsed.data;
};

/** Reads the multipart upload: the JSON fields first, then the CSV file (into memory, up to its limit). */
const readUpload = async (req: FastifyRequest) => {
  if (!req.isMultipart()) throw invalid('file', 'send the import as multipart/form-data');
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file') throw invalid(part.fieldname, 'is not a field of this upload');
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw invalid('file', 'is empty');
    return {
      fileName: part.filename || 'contacts.csv',
      bytes,
      mapping: parseJsonField('mapping', fields.mapping, importMappingSchema),
      campaignIds: parseJsonField('campaignIds', fields.campaignIds, campaignIdsSchema, [] as string[]),
      tags: parseJsonField('tags', fields.tags, importTagsSchema, [] as string[]),
    };
  }
  throw invalid('file', 'is missing');
};

/** The contact import's calls, in their own scope so only the upload parses multipart. */
export const importRoutes = async (app: FastifyInstance, { imports }: { imports: ImportService }) => {
  await app.register(multipart, {
    limits: { fileSize: contactImportUpload.maxBytes, files: 1, fields: 5, parts: 6 },
  });
  route(app, api.contactImports.start, async (req) => {
    const upload = await readUpload(req).catch((err: unknown) => {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new AppError(
          'import/too-large',
          `The file is larger than ${contactImportUpload.maxBytes / 1024 / 1024} MB.`,
          'file',
        );
      }
      throw err instanceof AppError ? err : invalid('file', 'the upload could not be read');
    });
    return imports.start({ manufacturerId: tenantOf(req), ownerId: authOf(req).owner.id }, upload);
  });
  route(app, api.contactImports.get, (req) => imports.get(tenantOf(req), req.params.id));
  route(app, api.contactImports.rejected, async (req, reply) => {
    const imp = await imports.get(tenantOf(req), req.params.id);
    const name = `${imp.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_')}-rejected.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(imports.rejectedCsv(tenantOf(req), req.params.id)));
  });
};
