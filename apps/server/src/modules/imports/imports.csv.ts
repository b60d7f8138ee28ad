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
 * Records in the file less the header, by the rule the job's parser reads them with (a quoted cell
 * may hold line breaks and doubled quotes, so lines are no measure; a quote opens a quoted cell only
 * at the cell's start, blank lines are no records). One pass over the bytes: a 50 MB file takes a
 * fraction of a second where the parser takes seconds. The job sets the exact count of the records it
 * read when the import is done.
 */
export const countRecords = (bytes: Buffer, delimiter: string = delimiterOf(bytes)) => {
  const sep = delimiter.charCodeAt(0);
  const [quote, lf, cr, space, tab] = [34, 10, 13, 32, 9];
  let records = 0;
  let quoted = false;
  let cellStart = true;
  let content = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (quoted) {
      if (c === quote) {
        if (bytes[i + 1] === quote) i++;
        else quoted = false;
      }
    } else if (c === lf || c === cr) {
      if (content) records++;
      content = false;
      cellStart = true;
    } else if (c === sep) {
      cellStart = true;
      content = true;
    } else if (c === quote && cellStart) {
      quoted = true;
      cellStart = false;
      content = true;
    } else if (!(cellStart && (c === space || c === tab))) {
      cellStart = false;
      content = true;
    }
  }
  if (content) records++;
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
