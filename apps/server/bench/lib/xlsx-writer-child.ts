import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { createXlsxStream, type XlsxCell } from '../../src/lib/xlsx-stream.js';

/**
 * One XLSX writer alone, in a process of its own (started by the `results` scenario): ROWS rows shaped as
 * the results export's (a ticket id, a name, an address, a date, four short texts, then ten answers:
 * free texts of 3 to 40 words, option texts, a ranking), generated here a page of 500 at a time, written
 * by `parley` (lib/xlsx-stream.ts, the export's) or `exceljs` (ExcelJS's streaming WorkbookWriter, as
 * the export used it before: inline strings, styles, the header bold and frozen) into a stream that
 * takes each chunk on the next turn of the event loop and keeps nothing. Prints one line of JSON: the
 * time, the bytes written and this process's resident set before and at its peak (maxRSS).
 *
 *   node --import tsx bench/lib/xlsx-writer-child.ts parley|exceljs ROWS
 */
const [writer, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
if ((writer !== 'parley' && writer !== 'exceljs') || !Number.isInteger(rows) || rows < 1) {
  throw new Error('usage: xlsx-writer-child.ts parley|exceljs ROWS');
}
const PAGE = 500;

const words = (
  'lieferung verpackung akku display preis qualität service bedienung anleitung farbe größe gewicht ' +
  'lautstärke montage garantie ersatzteil schnell langsam zufrieden enttäuscht stabil wackelig handlich ' +
  'delivery packaging battery screen price quality support manual colour weight noise easy broken love'
).split(' ');
let seed = 1;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const sentence = (min: number, max: number) =>
  Array.from(
    { length: min + Math.floor(random() * (max - min + 1)) },
    () => words[Math.floor(random() * words.length)],
  ).join(' ');
const uuid = () =>
  [8, 4, 4, 4, 12]
    .map((n) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join(''))
    .join('-');

const columns = [
  { header: 'Ticket', width: 38 },
  { header: 'Teilnehmer', width: 24 },
  { header: 'E-Mail', width: 28 },
  { header: 'Datum', width: 18 },
  { header: 'Quelle', width: 14 },
  { header: 'Archiviert', width: 10 },
  { header: 'Bewertung', width: 12 },
  { header: 'Tags', width: 24 },
  ...Array.from({ length: 10 }, (_, i) => ({ header: `Frage ${i + 1}: ${sentence(4, 8)}?`, width: 30 })),
];
const row = (i: number): XlsxCell[] => [
  uuid(),
  i % 50 === 0 ? 'Gelöschter Kontakt' : `Anna Müller ${i % 977}`,
  i % 50 === 0 ? '' : `r${i}@mail${i % 97}.example.com`,
  new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  i % 5 === 0 ? 'Einladung' : 'Offener Link',
  i % 20 === 7 ? 'ja' : 'nein',
  i % 8 === 1 ? 'hilfreich' : '',
  i % 3 === 0 ? 'kunde, premium' : '',
  sentence(0, 3),
  sentence(3, 40),
  `${sentence(1, 2)}; ${sentence(1, 2)}`,
  `1. ${sentence(1, 1)}; 2. ${sentence(1, 1)}; 3. ${sentence(1, 1)}; 4. ${sentence(1, 1)}`,
  sentence(1, 2),
  i % 10 < 3 ? '' : sentence(3, 30),
  sentence(1, 3),
  `1. ${sentence(1, 1)}; 2. ${sentence(1, 1)}; 3. ${sentence(1, 1)}`,
  String(i % 6),
  i % 10 < 6 ? '' : sentence(3, 20),
];
async function* pages() {
  for (let from = 0; from < rows; from += PAGE) {
    // A page arrives a turn later, as the database's answer would.
    await new Promise((resolve) => setImmediate(resolve));
    yield Array.from({ length: Math.min(PAGE, rows - from) }, (_, k) => row(from + k));
  }
}

let bytes = 0;
const sink = new Writable({
  write: (chunk: Buffer, _encoding, done) => {
    bytes += chunk.length;
    setImmediate(done);
  },
});

const rssBefore = process.memoryUsage().rss;
const started = performance.now();
if (writer === 'parley') {
  const sheet = await createXlsxStream(sink, { name: 'Ergebnisse', columns });
  for await (const page of pages()) await sheet.rows(page);
  await sheet.end();
} else {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('Ergebnisse', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => (i === 3 ? { ...c, style: { numFmt: 'yyyy-mm-dd hh:mm' } } : c));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of pages()) {
    for (const cells of page) sheet.addRow(cells).commit();
    if (sink.writableNeedDrain) await once(sink, 'drain');
  }
  sheet.commit();
  await book.commit();
}
if (!sink.writableFinished) await once(sink, 'finish');
process.stdout.write(
  `${JSON.stringify({
    writer,
    rows,
    ms: performance.now() - started,
    bytes,
    rssBefore,
    maxRss: process.resourceUsage().maxRSS * 1024,
  })}\n`,
);
