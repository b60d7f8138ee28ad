import type { ImportMapping } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/**
 * A contact import (docs/product-decisions.md, "Import"): the uploaded file, its mapping, and the
 * progress its job commits with each batch, so a restarted job resumes after the last committed row
 * and a second run of the same file changes nothing more.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    ownerId: uuid(),
    state: text({ enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    fileName: text().notNull(),
    /** The stored upload (storage key); removed when the import is done. */
    fileKey: text().notNull(),
    mapping: jsonb().$type<ImportMapping>().notNull(),
    /** The file's one separator, found in its header line at upload (`csvDelimiterOf`). */
    delimiter: text().notNull().default(','),
    campaignIds: uuid().array().notNull(),
    /** Tags every imported contact gets (D17). */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    invited: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    error: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (t) => [...tenantKey(t), index().on(t.manufacturerId, t.createdAt)],
);

/** The rows an import rejected, with the reason, for the owner's download. */
export const contactImportRejections = pgTable(
  'contact_import_rejections',
  {
    importId: uuid()
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1). */
    rowNumber: integer().notNull(),
    email: text().notNull(),
    reason: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
