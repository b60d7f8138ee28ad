import { type ImportField, type ImportMapping, importFieldNames } from '@parley/contract';

/** The separators the server takes, in the order a tie is decided. */
export const csvDelimiters = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** Enough of a file's start for its first line (column names); the rest stays on disk. */
export const headerBytes = 64 * 1024;

/** The first line, ending at a line break outside quotes (a quoted name may hold one). */
const firstLine = (text: string): string => {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, i);
  }
  return text;
};

/** How often each separator occurs outside quotes; the most frequent one wins (a comma if none). */
const detectDelimiter = (line: string): CsvDelimiter => {
  const counts = new Map<CsvDelimiter, number>(csvDelimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of csvDelimiters) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
};

const splitLine = (line: string, delimiter: CsvDelimiter): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
};

export type CsvHeader = { delimiter: CsvDelimiter; columns: string[] };

/**
 * The column names of a CSV file from its start: a BOM dropped, the separator (comma, semicolon
 * or tab) guessed from the first line, quotes removed, names trimmed; empty and repeated names
 * are left out (a column must be named once to be chosen).
 */
export const parseCsvHeader = (text: string): CsvHeader => {
  const line = firstLine(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const delimiter = detectDelimiter(line);
  const columns: string[] = [];
  for (const raw of splitLine(line, delimiter)) {
    const name = raw.trim();
    if (name && !columns.includes(name)) columns.push(name);
  }
  return { delimiter, columns };
};

/** Reads the column names of a chosen file in the browser. */
export const readCsvHeader = async (file: Blob): Promise<CsvHeader> =>
  parseCsvHeader(await file.slice(0, headerBytes).text());

/** Lower case, without accents, spaces, dashes or underscores: "E-Mail" and "e_mail" are "email". */
const normalize = (name: string) =>
  name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

/** The usual names of each field's column, normalized, in English and German. */
const synonyms: Record<ImportField, string[]> = {
  email: ['email', 'mail', 'emailaddress', 'emailadresse', 'mailadresse', 'emails'],
  firstname: ['firstname', 'vorname', 'givenname', 'first', 'forename'],
  lastname: ['lastname', 'nachname', 'surname', 'familyname', 'familienname', 'last'],
  phoneNumber: [
    'phone',
    'phonenumber',
    'telefon',
    'telefonnummer',
    'tel',
    'telephone',
    'mobile',
    'mobil',
    'handy',
  ],
  street: ['street', 'strasse', 'streetaddress', 'address', 'adresse', 'anschrift'],
  zipCode: ['zip', 'zipcode', 'plz', 'postcode', 'postalcode', 'postleitzahl'],
  city: ['city', 'stadt', 'ort', 'wohnort', 'town'],
  country: ['country', 'land', 'staat'],
};

/** A guess of which column fills which field, each column used once; fields without a match are left out. */
export const guessMapping = (columns: readonly string[]): Partial<ImportMapping> => {
  const mapping: Partial<ImportMapping> = {};
  const used = new Set<string>();
  for (const field of importFieldNames) {
    const column = columns.find((c) => !used.has(c) && synonyms[field].includes(normalize(c)));
    if (column) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
};
