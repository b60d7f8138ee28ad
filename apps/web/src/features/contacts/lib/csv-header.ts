import {
  type CsvDelimiter,
  csvDelimiterOf,
  csvFirstLine,
  guessImportMapping,
  type ImportMapping,
} from '@parley/contract';

/** Enough of a file's start for its column names and first records; the rest stays on disk. */
export const headerBytes = 64 * 1024;

/** Records a preview shows. */
export const previewRecords = 5;

/**
 * The records of a CSV text (RFC 4180: a quoted cell may hold the separator, a doubled quote or a
 * line break), at most `limit`; a record cut off by the end of the text is left out unless the text
 * is the whole file. Empty lines are skipped, as the server's parser skips them.
 */
export const parseCsvRecords = (
  text: string,
  delimiter: CsvDelimiter,
  limit: number,
  complete = false,
): string[][] => {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    record.push(cell);
    cell = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  for (let i = 0; i < body.length && records.length < limit; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      endRecord();
    } else cell += char;
  }
  if (records.length < limit && complete && !quoted && (cell !== '' || record.length > 0)) endRecord();
  return records;
};

export type CsvHeader = {
  delimiter: CsvDelimiter;
  columns: string[];
  /** The first records (`previewRecords`), cells by column name, each trimmed as the server trims them. */
  samples: Record<string, string>[];
};

/**
 * The column names of a CSV file and its first records from its start: a BOM dropped, the separator
 * (comma, semicolon or tab) guessed from the first line, quotes removed, names trimmed; empty and
 * repeated names are left out (a column must be named once to be chosen; the server reads the first
 * such column).
 */
export const parseCsvHeader = (text: string, complete = true): CsvHeader => {
  const line = csvFirstLine(text);
  const delimiter = csvDelimiterOf(line);
  const [names = [], ...rows] = parseCsvRecords(text, delimiter, previewRecords + 1, complete);
  const columns: string[] = [];
  const at = new Map<string, number>();
  names.forEach((raw, i) => {
    const name = raw.trim();
    if (name && !at.has(name)) {
      columns.push(name);
      at.set(name, i);
    }
  });
  const samples = rows.map((cells) =>
    Object.fromEntries(columns.map((c) => [c, (cells[at.get(c) ?? -1] ?? '').trim()])),
  );
  return { delimiter, columns, samples };
};

/** Reads the column names and first records of a chosen file in the browser. */
export const readCsvHeader = async (file: Blob): Promise<CsvHeader> =>
  parseCsvHeader(await file.slice(0, headerBytes).text(), file.size <= headerBytes);

/**
 * The contract's guess of which column fills which field (`guessImportMapping`: the usual headers of
 * Outlook, Google Contacts, Apple Contacts, Mailchimp and HubSpot exports in English and German).
 */
export const guessMapping = (columns: readonly string[], samples: readonly Record<string, string>[] = []) =>
  guessImportMapping(columns, samples) as Partial<ImportMapping>;
