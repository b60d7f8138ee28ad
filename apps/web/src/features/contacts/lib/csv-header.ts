import {
  type CsvDelimiter,
  csvDelimiterOf,
  csvFirstLine,
  type ImportField,
  type ImportMapping,
  importFieldNames,
} from '@parley/contract';

/** Enough of a file's start for its first line (column names); the rest stays on disk. */
export const headerBytes = 64 * 1024;

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
  const line = csvFirstLine(text);
  const delimiter = csvDelimiterOf(line);
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
