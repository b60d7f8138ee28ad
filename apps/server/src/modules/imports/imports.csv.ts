import { Readable } from 'node:stream';
import { csvDelimiterOf, csvFirstLine } from '@parley/contract';
import { type Options as CsvOptions, parse } from 'csv-parse';
import { AppError } from '../../lib/errors.js';
import './imports.errors.js';

/** How the import reads a CSV file (docs/product-decisions.md, "Import"): the upload's checks and the job alike. */
export const csvOptions: CsvOptions = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
  trim: true,
};

/** The file's one separator, from its header line (the console's column picker uses the same rule). */
export const delimiterOf = (bytes: Buffer) =>
  csvDelimiterOf(csvFirstLine(bytes.subarray(0, 64 * 1024).toString('utf8')));

/** The header row of a CSV file (its column names), or a 400 when there is none. */
export const headerOf = async (bytes: Buffer) => {
  const parser = Readable.from([bytes.subarray(0, 64 * 1024)]).pipe(
    parse({ ...csvOptions, delimiter: delimiterOf(bytes), to_line: 1 }),
  );
  try {
    for await (const record of parser) return (record as string[]).map((c) => c.trim());
  } catch {
    // Fall through to the refusal below.
  }
  throw new AppError(
    'import/invalid-file',
    'The file has no header row: its first line must name the columns.',
    'file',
  );
};

/**
 * Records in the file less the header, as the job's parser reads them (a quoted cell may hold line
 * breaks, so lines are no measure). A file the parser cannot read to its end counts the records
 * before the fault; its import fails there anyway.
 */
export const countRecords = async (bytes: Buffer) => {
  let records = 0;
  const parser = Readable.from([bytes]).pipe(parse({ ...csvOptions, delimiter: delimiterOf(bytes) }));
  try {
    for await (const _ of parser) records++;
  } catch {
    // Counted up to the fault.
  }
  return Math.max(0, records - 1);
};

/** Where the finished import keeps its rejected rows with every column of the file (beside the upload's key). */
export const rejectedKeyOf = (fileKey: string) => `${fileKey.replace(/\.csv$/, '')}-rejected.csv`;

/** A record of the file by column name; a name given twice is the first such column (as the console lists it). */
export const recordOf = (header: readonly string[], cells: readonly string[]) => {
  const record: Record<string, string> = {};
  header.forEach((name, i) => {
    if (!(name in record)) record[name] = cells[i] ?? '';
  });
  return record;
};
