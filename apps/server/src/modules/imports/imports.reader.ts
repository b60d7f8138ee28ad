import { Readable } from 'node:stream';
import { type Options as CsvOptions, parse } from 'csv-parse';
import { csvLine } from '../../lib/csv.js';
import type { FileStorage } from '../storage/index.js';
import { csvOptions, recordOf } from './imports.csv.js';
import type { ImportRow } from './imports.repository.js';
import { createSeenAddresses, type RowCheck } from './imports.rows.js';

/**
 * Where a run of the import job stands in its file: the parser part-way through it, the records read
 * (`index`, the header not counted), the addresses seen so far (a later row of one is rejected) and the
 * rejected rows' lines for the rejected-rows file.
 */
export type ImportFile = {
  importId: string;
  index: number;
  header: string[] | undefined;
  seen: ReturnType<typeof createSeenAddresses>;
  rejectedLines: string[];
  /** The next record of the file, checked: its row number (the header is row 1) and the check's answer. */
  next: () => Promise<{ rowNumber: number; checked: RowCheck } | undefined>;
  close: () => void;
};

/**
 * Reads an import's file from its start: every record is checked in order, so the addresses and the
 * rejected rows of the rows an earlier run committed are known again (docs/product-decisions.md,
 * "Import"). Undefined when the file is gone.
 */
export const openImportFile = async (
  storage: FileStorage,
  imp: ImportRow,
): Promise<ImportFile | undefined> => {
  const file = await storage.get(imp.fileKey);
  if (!file) return undefined;
  const source = Buffer.isBuffer(file.body) ? Readable.from([file.body]) : file.body;
  const parser = source.pipe(parse({ ...csvOptions, delimiter: imp.delimiter as CsvOptions['delimiter'] }));
  // Read by hand, not with for await: a run that stops part-way must leave the parser open.
  const records = (parser as AsyncIterable<string[]>)[Symbol.asyncIterator]();
  const state: ImportFile = {
    importId: imp.id,
    index: 0,
    header: undefined,
    seen: createSeenAddresses(),
    rejectedLines: [],
    next: async () => {
      for (;;) {
        const r = await records.next();
        if (r.done) return undefined;
        const cells = r.value;
        if (!state.header) {
          state.header = cells.map((c) => c.trim());
          continue;
        }
        const header = state.header;
        state.index++;
        const rowNumber = state.index + 1;
        const checked = state.seen.check(recordOf(header, cells), imp.mapping, rowNumber);
        if ('reason' in checked) {
          state.rejectedLines.push(
            csvLine([rowNumber, ...header.map((_, i) => cells[i] ?? ''), checked.reason]),
          );
        }
        return { rowNumber, checked };
      }
    },
    close: () => {
      parser.destroy();
      source.destroy();
    },
  };
  return state;
};

/**
 * A run's place in its file, handed to the next run of the same import in this process (the run that
 * ended a step queued it): that run goes on reading where this one stopped instead of reading and
 * checking the committed rows again, so a file is read once however many steps its import takes, and
 * the addresses seen are not built anew each step. A run in another process (this one was killed, or
 * another instance took the job) reads from the start as before; a place nobody takes within
 * `keepMs` is closed.
 */
export const createCarriedFiles = (keepMs = 60_000) => {
  const carried = new Map<string, { file: ImportFile; timer: NodeJS.Timeout }>();
  const drop = (importId: string) => {
    const held = carried.get(importId);
    if (!held) return;
    carried.delete(importId);
    clearTimeout(held.timer);
    held.file.close();
  };
  return {
    /** Keeps `file` for the next run, standing after `processedRows` committed rows. */
    keep: (file: ImportFile) => {
      drop(file.importId);
      const timer = setTimeout(() => drop(file.importId), keepMs);
      timer.unref();
      carried.set(file.importId, { file, timer });
    },
    /**
     * The place kept for this import when it stands exactly where the import does (`processedRows`
     * committed rows); any other is closed (another process counted rows meanwhile).
     */
    take: (importId: string, processedRows: number): ImportFile | undefined => {
      const held = carried.get(importId);
      if (!held) return undefined;
      carried.delete(importId);
      clearTimeout(held.timer);
      if (held.file.index === processedRows) return held.file;
      held.file.close();
      return undefined;
    },
    /** Closes every place kept (the service stopping). */
    clear: () => {
      for (const id of [...carried.keys()]) drop(id);
    },
  };
};
