/**
 * Every CSV Parley writes goes through these (docs/product-decisions.md, "API-wide", CSV cells).
 *
 * A cell is quoted (RFC 4180: a double quote inside is doubled), so a separator or a line break in a
 * value never starts another cell. Against formula injection, as OWASP recommends, a text cell that
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`: a spreadsheet program
 * then shows it as text instead of running it. That holds for `-5` in a text cell too; a number Parley
 * writes itself (a row number) is written as a number and stays one.
 *
 * The XLSX writer (`xlsx-stream.ts`) needs no prefix: it types every text cell as a string, which a
 * spreadsheet never evaluates, and an apostrophe there would be shown as part of the text.
 */

const formulaStart = /^[=+\-@\t\r]/;

/** A text as a spreadsheet must show it: with a leading `'` when it would start a formula. */
export const neutralizeCell = (text: string): string => (formulaStart.test(text) ? `'${text}` : text);

export type CsvValue = string | number;

/** One cell: a number as it is, a text neutralized and quoted. */
export const csvCell = (value: CsvValue): string =>
  typeof value === 'number' ? String(value) : `"${neutralizeCell(value).replaceAll('"', '""')}"`;

/** One line of cells, comma-separated and ended by a line feed. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\n`;
