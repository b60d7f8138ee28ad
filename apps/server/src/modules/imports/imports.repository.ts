import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { liveJobExists } from '../../jobs/queue.js';
import { contactImportRejections, contactImports } from './imports.tables.js';

export type ImportRow = typeof contactImports.$inferSelect;
export type NewImport = typeof contactImports.$inferInsert;

export const insertImport = async (db: DbOrTx, values: NewImport) => {
  const [row] = await db.insert(contactImports).values(values).returning();
  if (!row) throw new Error('insert of an import returned no row');
  return row;
};

export const findImport = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.manufacturerId, manufacturerId), eq(contactImports.id, id)))
    .limit(1);
  return row;
};

export const findImportById = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id)).limit(1);
  return row;
};

export const setImportState = async (
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<ImportRow, 'state' | 'error' | 'totalRows' | 'finishedAt' | 'updatedAt'>>,
) => {
  await db.update(contactImports).set(changes).where(eq(contactImports.id, id));
};

/**
 * A batch's progress, in the batch's transaction (so a restart resumes after the last batch committed).
 * Only when the import still stands where the batch began: a second run of the same import (a retry
 * started while the first still ran) finds nothing to update and stops. Answers whether it counted.
 */
export const addProgress = async (
  db: DbOrTx,
  id: string,
  d: {
    from: number;
    rows: number;
    created: number;
    updated: number;
    invited: number;
    rejected: number;
    now: Date;
  },
) => {
  const rows = await db
    .update(contactImports)
    .set({
      processedRows: sql`${contactImports.processedRows} + ${d.rows}`,
      created: sql`${contactImports.created} + ${d.created}`,
      updated: sql`${contactImports.updated} + ${d.updated}`,
      invited: sql`${contactImports.invited} + ${d.invited}`,
      rejected: sql`${contactImports.rejected} + ${d.rejected}`,
      updatedAt: d.now,
    })
    .where(and(eq(contactImports.id, id), eq(contactImports.processedRows, d.from)))
    .returning({ id: contactImports.id });
  return rows.length === 1;
};

export const insertRejections = async (
  db: DbOrTx,
  rows: { importId: string; rowNumber: number; email: string; reason: string }[],
) => {
  if (rows.length === 0) return;
  await db.insert(contactImportRejections).values(rows).onConflictDoNothing();
};

/** The rejected rows in file order, a page at a time (the download streams them). */
export const rejectionsAfter = (db: DbOrTx, importId: string, afterRow: number, limit: number) =>
  db
    .select()
    .from(contactImportRejections)
    .where(
      and(
        eq(contactImportRejections.importId, importId),
        sql`${contactImportRejections.rowNumber} > ${afterRow}`,
      ),
    )
    .orderBy(asc(contactImportRejections.rowNumber))
    .limit(limit);

/**
 * Imports not finished whose job is gone: none waits and none is held by a live process (the one a
 * killed process held has an expired claim). The sweep gives each a new job.
 */
export const orphanedImports = async (db: DbOrTx, jobName: string, limit: number) =>
  (
    await db
      .select({ id: contactImports.id })
      .from(contactImports)
      .where(
        and(
          inArray(contactImports.state, ['queued', 'running']),
          not(liveJobExists(jobName, 'importId', sql`${contactImports.id}::text`)),
        ),
      )
      .limit(limit)
  ).map((r) => r.id);
