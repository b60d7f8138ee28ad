import { randomUUID } from 'node:crypto';
import { type ContactImport, type ImportMapping, normalizeTag } from '@parley/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { csvLine } from '../../lib/csv.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactService, ImportedContact } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { FileStorage } from '../storage/index.js';
import './imports.errors.js';
import { countRecords, delimiterOf, headerOf, rejectedKeyOf } from './imports.csv.js';
import { createCarriedFiles, openImportFile } from './imports.reader.js';
import {
  addProgress,
  findImport,
  findImportById,
  type ImportRow,
  insertImport,
  insertRejections,
  orphanedImports,
  rejectionsAfter,
  setImportState,
} from './imports.repository.js';
import type { RowCheck } from './imports.rows.js';

export const CONTACT_IMPORT_JOB = 'contact-import.run';
/** Every minute: an import whose job is gone (its process was killed) gets a new one. */
export const CONTACT_IMPORT_SWEEP_JOB = 'contact-import.sweep';
/**
 * One run of the import job starts no batch after this long: it queues its continuation with the
 * batch's progress and ends, so its claim (`importExpireInSeconds`) stays short and a killed run is
 * taken over within a minute (docs/product-decisions.md, "Import").
 */
export const importStepMs = 10_000;
const importExpireInSeconds = 40;
/** Tries of the import job after its first; the last one that fails marks the import failed. */
const importRetryLimit = 5;
/** Rows a batch merges, invites and counts in one transaction. */
export const importBatchSize = 1000;

const toImport = (r: ImportRow): ContactImport => ({
  _id: r.id,
  state: r.state,
  fileName: r.fileName,
  mapping: r.mapping,
  campaignIds: r.campaignIds,
  tags: r.tags,
  totalRows: r.totalRows,
  processedRows: r.processedRows,
  created: r.created,
  updated: r.updated,
  invited: r.invited,
  rejected: r.rejected,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/**
 * Contact imports (docs/product-decisions.md, "Import"): the owner uploads a CSV file and maps its
 * columns; a job reads it as a stream, a batch at a time, merges each batch into the contact book by
 * email, invites the batch to the chosen campaigns and commits its progress with it. The console
 * polls the progress; rejected rows are kept with their reason for download.
 */
export const createImportService = ({
  db,
  clock,
  jobs,
  log,
  storage,
  campaigns,
  contacts,
  invitations,
  stepMs = importStepMs,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  log: Pick<Logger, 'info' | 'warn'>;
  storage: FileStorage;
  campaigns: Pick<CampaignService, 'row'>;
  contacts: Pick<ContactService, 'mergeImported' | 'addTags'>;
  invitations: Pick<InvitationService, 'inviteInTx' | 'runningCampaigns'>;
  /** How long one run works before it hands over to the next (tests shorten it). */
  stepMs?: number;
}) => {
  const start = async (
    reader: { manufacturerId: string; ownerId: string },
    upload: {
      fileName: string;
      bytes: Buffer;
      mapping: ImportMapping;
      campaignIds: string[];
      tags?: string[];
    },
  ) => {
    const header = await headerOf(upload.bytes);
    const missing = Object.entries(upload.mapping)
      .filter(([, column]) => column !== undefined && !header.includes(column))
      .map(([field, column]) => `${field} → "${column}"`);
    if (missing.length > 0) {
      throw new AppError(
        'validation',
        `mapping: the file has no column ${missing.join(', ')} (its columns: ${header.join(', ')}).`,
        'mapping',
      );
    }
    await invitations.runningCampaigns(reader.manufacturerId, upload.campaignIds);
    const fileKey = `imports/${reader.manufacturerId}/${randomUUID()}.csv`;
    await storage.put(fileKey, upload.bytes, {
      contentType: 'text/csv',
      metadata: { authorId: reader.ownerId, manuId: reader.manufacturerId },
    });
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const made = await insertImport(tx, {
        manufacturerId: reader.manufacturerId,
        ownerId: reader.ownerId,
        fileName: upload.fileName.slice(0, 200),
        fileKey,
        mapping: upload.mapping,
        delimiter: delimiterOf(upload.bytes),
        campaignIds: [...new Set(upload.campaignIds)],
        tags: [...new Set((upload.tags ?? []).map(normalizeTag))].sort(),
        totalRows: countRecords(upload.bytes),
        createdAt: now,
        updatedAt: now,
      });
      // Queued with the row: an import exists exactly when its job does.
      await jobs.send(CONTACT_IMPORT_JOB, { importId: made.id }, { tx });
      return made;
    });
    return toImport(row);
  };

  type Pending = { rowNumber: number; checked: RowCheck };
  /** A step's place in its file, for the next step of the same import in this process. */
  const carried = createCarriedFiles();

  /**
   * Merges, invites and counts one batch; false when another run of the import got there first.
   * With `handOver` the batch also queues the import's next run, so the step's end and its
   * continuation commit together.
   */
  const flush = async (imp: ImportRow, from: number, batch: Pending[], handOver = false) => {
    const people: ImportedContact[] = [];
    const rowTags = new Map<string, string[]>();
    const rejections: { importId: string; rowNumber: number; email: string; reason: string }[] = [];
    for (const { rowNumber, checked } of batch) {
      if ('reason' in checked) {
        rejections.push({ importId: imp.id, rowNumber, email: checked.email, reason: checked.reason });
      } else {
        // Each address once: a later row of it is a rejection (`createSeenAddresses`).
        people.push(checked.contact);
        rowTags.set(checked.contact.email, checked.tags);
      }
    }
    const running: string[] = [];
    for (const id of imp.campaignIds) {
      const c = await campaigns.row(imp.manufacturerId, id).catch(() => undefined);
      if (c?.state === 'running') running.push(id);
    }
    return db
      .transaction(async (tx) => {
        const now = clock.now();
        const merged = await contacts.mergeImported(tx, imp.manufacturerId, people, now);
        // D17: the import's tags and each row's tags column, before the invitations (a linked tag
        // group then invites through its job); one call per set of tags.
        const byTags = new Map<string, { tags: string[]; ids: string[] }>();
        for (const m of merged) {
          const tags = [...new Set([...imp.tags, ...(rowTags.get(m.email) ?? [])])].sort();
          if (tags.length === 0) continue;
          const key = JSON.stringify(tags);
          const group = byTags.get(key) ?? { tags, ids: [] };
          group.ids.push(m.id);
          byTags.set(key, group);
        }
        for (const { tags, ids } of byTags.values()) {
          await contacts.addTags(tx, imp.manufacturerId, ids, tags, now, 'import');
        }
        const invited = (await invitations.inviteInTx(tx, imp.manufacturerId, merged, running, now)).length;
        await insertRejections(tx, rejections);
        const created = merged.filter((m) => m.inserted).length;
        const counted = await addProgress(tx, imp.id, {
          from,
          rows: batch.length,
          created,
          updated: merged.length - created,
          invited,
          rejected: rejections.length,
          now,
        });
        // Another run counted these rows meanwhile: undo this batch's writes and stop.
        if (!counted) tx.rollback();
        if (handOver) await jobs.send(CONTACT_IMPORT_JOB, { importId: imp.id }, { tx });
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
  };

  /**
   * The job: resumes after the rows a previous run committed; a malformed file fails the import, and
   * so does any other error on the job's last try, so the console's progress never waits forever.
   */
  const run = async ({ importId }: { importId: string }, meta?: { retryCount?: number }) => {
    try {
      await runOnce(importId);
    } catch (err) {
      if ((meta?.retryCount ?? 0) >= importRetryLimit) {
        await setImportState(db, importId, {
          state: 'failed',
          error: `The import stopped: ${err instanceof Error ? err.message : String(err)}`,
          finishedAt: clock.now(),
        });
        return;
      }
      throw err;
    }
  };

  const runOnce = async (importId: string) => {
    const imp = await findImportById(db, importId);
    if (!imp || imp.state === 'done' || imp.state === 'failed') return;
    await setImportState(db, imp.id, { state: 'running', updatedAt: clock.now() });
    // Where the step before left off in this process, or the file from its start: the rows it skips tell
    // it the addresses already imported and the rejected rows (with all their cells).
    const file = carried.take(imp.id, imp.processedRows) ?? (await openImportFile(storage, imp));
    if (!file) {
      await setImportState(db, imp.id, {
        state: 'failed',
        error: 'The uploaded file is gone.',
        finishedAt: clock.now(),
      });
      return;
    }
    let from = imp.processedRows;
    let batch: Pending[] = [];
    // The step's time counts from where this run takes up the work, not from the file's start: the
    // rows it skips cost a run of a 50 MB file about 15 s, and a step that spent its time skipping
    // would hand over after one batch (344 steps of 15 s for 344,000 records instead of about 20).
    let stepEnds: number | undefined;
    let handedOver = false;
    try {
      for (;;) {
        const row = await file.next();
        if (!row) break;
        if (file.index <= imp.processedRows) continue;
        stepEnds ??= Date.now() + stepMs;
        batch.push(row);
        if (batch.length >= importBatchSize) {
          // The step's time is up: this batch hands the rest to the next run.
          const handOver = Date.now() >= (stepEnds ?? 0);
          if (!(await flush(imp, from, batch, handOver))) return;
          if (handOver) {
            carried.keep(file);
            handedOver = true;
            return;
          }
          from += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0 && !(await flush(imp, from, batch))) return;
    } catch (err) {
      if (!(err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_'))) throw err;
      log.warn({ importId, err: err.message }, 'contact import: the file is not valid CSV');
      await setImportState(db, imp.id, {
        state: 'failed',
        error: `The file could not be read as CSV after row ${file.index}: ${err.message}`,
        finishedAt: clock.now(),
      });
      return;
    } finally {
      if (!handedOver) file.close();
    }
    if (file.rejectedLines.length > 0 && file.header) {
      // Every column of the file between the row and the reason, so the owner can correct the rows
      // and import the file again (docs/product-decisions.md, "Import").
      const text = `\uFEFF${csvLine(['row', ...file.header, 'reason'])}${file.rejectedLines.join('')}`;
      await storage.put(rejectedKeyOf(imp.fileKey), Buffer.from(text, 'utf8'), {
        contentType: 'text/csv',
        metadata: { authorId: imp.ownerId ?? '', manuId: imp.manufacturerId },
      });
    }
    const now = clock.now();
    await setImportState(db, imp.id, {
      state: 'done',
      totalRows: file.index,
      finishedAt: now,
      updatedAt: now,
    });
    await storage.delete(imp.fileKey).catch(() => {});
    log.info({ importId, rows: file.index }, 'contact import done');
  };

  /** Gives each import whose job is gone a new one; answers how many. */
  const sweep = async () => {
    const orphaned = await orphanedImports(db, CONTACT_IMPORT_JOB, 100);
    for (const importId of orphaned) await jobs.send(CONTACT_IMPORT_JOB, { importId });
    if (orphaned.length > 0) log.warn({ imports: orphaned }, 'contact imports taken over from a stopped job');
    return orphaned.length;
  };

  jobs.define<{ importId: string }>(CONTACT_IMPORT_JOB, (data, meta) => run(data, meta), {
    retryLimit: importRetryLimit,
    expireInSeconds: importExpireInSeconds,
  });
  jobs.define(CONTACT_IMPORT_SWEEP_JOB, () => sweep().then(() => undefined), {
    cron: '* * * * *',
    retryLimit: 0,
  });

  return {
    start,
    run,
    sweep,
    get: async (manufacturerId: string, id: string) => {
      const row = await findImport(db, manufacturerId, id);
      if (!row) throw notFound('import');
      return toImport(row);
    },
    /**
     * The rejected rows as CSV: once the import is done, the file it wrote (the row, every column of
     * the upload, the reason); before that, or for an import older than that file, the row, address
     * and reason read a page at a time.
     */
    rejectedCsv: async function* (manufacturerId: string, id: string) {
      const row = await findImport(db, manufacturerId, id);
      if (!row) throw notFound('import');
      const stored = row.state === 'done' ? await storage.get(rejectedKeyOf(row.fileKey)) : undefined;
      if (stored) {
        if (Buffer.isBuffer(stored.body)) yield stored.body;
        else for await (const chunk of stored.body) yield chunk as Buffer;
        return;
      }
      // Every cell through the one CSV rule: a cell that would start a formula is neutralized.
      yield csvLine(['row', 'email', 'reason']);
      let after = 0;
      for (;;) {
        const page = await rejectionsAfter(db, id, after, 1000);
        if (page.length === 0) return;
        yield page.map((r) => csvLine([r.rowNumber, r.email, r.reason])).join('');
        after = page.at(-1)?.rowNumber ?? after;
      }
    },
  };
};
export type ImportService = ReturnType<typeof createImportService>;
