import type { Writable } from 'node:stream';
import { createZipStream } from './zip-stream.js';

/** A cell: text, a number, a date (shown as yyyy-mm-dd hh:mm) or empty. */
export type XlsxCell = string | number | Date | null;

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A character `xmlText` changes (a surrogate too: a lone one is dropped, a pair kept). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these characters are not allowed in XML
const special = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;

/**
 * Text as XML character data: markup escaped, and the characters XML 1.0 cannot hold dropped. Most
 * cells hold none of them and are taken as they are, without a new string per rule.
 */
const xmlText = (s: string) => (special.test(s) ? escaped(s) : s);

const escaped = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these characters are not allowed in XML
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The characters of row XML handed to the deflater at once. */
const pieceChars = 64 * 1024;

/** A spreadsheet cell holds at most 32,767 characters. */
const cellMax = 32_767;

/** The column letters of the 0-based column `i` (A, …, Z, AA, …). */
const columnName = (i: number): string =>
  (i < 26 ? '' : columnName(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));

/** Days since 1899-12-30, the spreadsheet's date serial, of a Date whose UTC fields are the wall clock. */
const serial = (d: Date) => d.getTime() / 86_400_000 + 25_569;

/**
 * A text is an inline string, typed as text: a spreadsheet never runs it as a formula, whatever it
 * begins with, so it needs no `'` as a CSV cell does (`csv.ts`; docs/product-decisions.md, "API-wide").
 */
const cellXml = (value: XlsxCell, ref: string, bold: boolean) => {
  if (value === null || value === '') return '';
  if (value instanceof Date) return `<c r="${ref}" s="2"><v>${serial(value)}</v></c>`;
  if (typeof value === 'number') return `<c r="${ref}"${bold ? ' s="1"' : ''}><v>${value}</v></c>`;
  const text = xmlText(value.length > cellMax ? value.slice(0, cellMax) : value);
  return `<c r="${ref}" t="inlineStr"${bold ? ' s="1"' : ''}><is><t xml:space="preserve">${text}</t></is></c>`;
};

const styles = `${head}<styleSheet xmlns="${ns}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/**
 * A one-sheet XLSX workbook written as a stream (Office Open XML, SpreadsheetML): the header row in bold
 * and frozen, then rows as they come, each batch deflated into `out` before the next is taken, so memory
 * holds one batch, whatever the number of rows. Texts are inline strings (no shared-strings table to keep).
 */
export const createXlsxStream = async (
  out: Writable,
  sheet: { name: string; columns: { header: string; width: number }[] },
) => {
  const zip = createZipStream(out);
  await zip.file(
    '[Content_Types].xml',
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  );
  await zip.file(
    '_rels/.rels',
    `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await zip.file(
    'xl/workbook.xml',
    `${head}<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="${xmlText(sheet.name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await zip.file(
    'xl/_rels/workbook.xml.rels',
    `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
  );
  await zip.file('xl/styles.xml', styles);

  const names = sheet.columns.map((_, i) => columnName(i));
  const rowXml = (cells: XlsxCell[], r: number, bold = false) => {
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++)
      xml += cellXml(cells[i] ?? null, `${names[i] ?? columnName(i)}${r}`, bold);
    return `${xml}</row>`;
  };
  const body = await zip.entry('xl/worksheets/sheet1.xml');
  const cols = sheet.columns.map(
    (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`,
  );
  await body.write(
    `${head}<worksheet xmlns="${ns}" xmlns:r="${rel}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols.join('')}</cols><sheetData>${rowXml(
      sheet.columns.map((c) => c.header),
      1,
      true,
    )}`,
  );
  let next = 2;
  return {
    /**
     * Appends rows, handed on in pieces of about 64 KB (no string of a whole batch); resolves once
     * they are (waits while the reader is slower).
     */
    rows: async (rows: XlsxCell[][]) => {
      let xml = '';
      for (const cells of rows) {
        xml += rowXml(cells, next++);
        if (xml.length >= pieceChars) {
          await body.write(xml);
          xml = '';
        }
      }
      if (xml) await body.write(xml);
    },
    /** Ends the sheet and the file. */
    end: async () => {
      await body.write('</sheetData></worksheet>');
      await body.close();
      await zip.finish();
    },
  };
};
