import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { defineRoute } from './route.js';

/**
 * The contact fields an import can fill, each from one column of the file; `tags` is a column of
 * tags separated by `;` or `,` (`splitImportTags`), added to the contact's tags.
 */
export const importFieldNames = [
  'email',
  'firstname',
  'lastname',
  'phoneNumber',
  'street',
  'zipCode',
  'city',
  'country',
  'tags',
] as const;
export type ImportField = (typeof importFieldNames)[number];

/** Which column (by its header) fills which field; `email` is required. */
export const importMappingSchema = z
  .object({
    email: z.string().min(1, 'must name the column of the email addresses').max(200),
    firstname: z.string().max(200).optional(),
    lastname: z.string().max(200).optional(),
    phoneNumber: z.string().max(200).optional(),
    street: z.string().max(200).optional(),
    zipCode: z.string().max(200).optional(),
    city: z.string().max(200).optional(),
    country: z.string().max(200).optional(),
    tags: z.string().max(200).optional(),
  })
  .strict();
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** The upload's limits: a CSV file (comma, semicolon or tab separated, UTF-8) of at most 50 MB. */
export const contactImportUpload = {
  path: '/contact/import',
  maxBytes: 50 * 1024 * 1024,
  /**
   * Multipart fields sent before the file: `mapping` (JSON), `campaignIds` (JSON array), `tags` (JSON
   * array, optional: every imported contact gets them), then `file`.
   */
  fields: ['mapping', 'campaignIds', 'tags'] as const,
} as const;

export const contactImportSchema = z.object({
  _id: idSchema,
  state: z.enum(['queued', 'running', 'done', 'failed']),
  fileName: z.string(),
  mapping: importMappingSchema,
  campaignIds: z.array(idSchema),
  /** Tags every imported contact gets (D17). */
  tags: z.array(z.string()),
  /**
   * Records in the file (not lines: a quoted cell may hold line breaks), less the header; counted by
   * the CSV parser at upload and set to the records read when the import is done.
   */
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  invited: z.number().int(),
  rejected: z.number().int(),
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  finishedAt: isoDateSchema.nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

const idParams = z.object({ id: idSchema });

export const contactImportRoutes = {
  start: defineRoute({
    method: 'POST',
    path: contactImportUpload.path,
    access: 'connect',
    summary:
      'Import contacts from a CSV file (multipart: mapping, campaignIds, then file); runs as a job, merged by email',
    tags: ['contacts'],
    consumes: ['multipart/form-data'],
    status: 201,
    response: contactImportSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contact/import/:id',
    access: 'connect',
    summary: "An import's progress and counts",
    tags: ['contacts'],
    params: idParams,
    status: 200,
    response: contactImportSchema,
  }),
  rejected: defineRoute({
    method: 'GET',
    path: '/contact/import/:id/rejected',
    access: 'connect',
    summary: "An import's rejected rows with their reasons, as CSV",
    tags: ['contacts'],
    params: idParams,
    status: 200,
  }),
} as const;
