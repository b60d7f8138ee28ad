import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import readXlsxFile from 'read-excel-file/node';
import { type ChildMemory, startServerChild } from '../lib/server-child.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure } from '../types.js';

/**
 * Part 1 of the `results` scenario: `GET /api/campaign/question/xlsx` of the owner's campaigns of 10,000
 * and of 100,000 tickets, each served by a server process of its own (lib/server-child.ts: the server as
 * production runs it, on the benchmark's database), so "the process's memory" is the server's alone.
 * Each child exports the 10,000 once unmeasured (warm-up), then its high-water mark is reset and the
 * measured export runs: the peak is the kernel's VmHWM (with VmRSS sampled every SAMPLE_MS beside it).
 * The body is read as a stream into a temporary file (its bytes counted, never held), then checked: a zip
 * (PK\x03\x04), its rows counted with exceljs's streaming reader, the 10,000 one read back with
 * read-excel-file (its header and the number of columns).
 */
const SAMPLE_MS = 25;
/** The targets (docs/operations.md, "The benchmark"): both peaks under 250 MB, the 100,000 one at most 1.1 times the 10,000 one. */
const TARGET_PEAK_MB = 250;
const TARGET_GROWTH = 1.1;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Download = { bytes: number; head: Buffer; firstByteMs: number; ms: number };

/** GET `pathAndQuery` as the browser downloads it: the body streamed into `file`, counted, never held. */
const download = (baseUrl: string, token: string, pathAndQuery: string, file: string) =>
  new Promise<Download>((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${baseUrl}${pathAndQuery}`, { headers: { 'x-auth-token': token } }, (res) => {
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          reject(
            new Error(
              `${pathAndQuery} answered ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`,
            ),
          ),
        );
        return;
      }
      let bytes = 0;
      let head = Buffer.alloc(0);
      let firstByteMs = Number.NaN;
      pipeline(
        res,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            if (bytes === 0) firstByteMs = performance.now() - started;
            if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
            bytes += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(file),
      ).then(() => resolve({ bytes, head, firstByteMs, ms: performance.now() - started }), reject);
    });
    req.on('error', reject);
  });

/** The data rows of the first sheet (the header row not counted), read with exceljs's streaming reader. */
const countRows = async (file: string) => {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  return rows - 1;
};

type Export = {
  tickets: number;
  download: Download;
  /** The child's resident set when it had started, and after its warm-up export. */
  started: number;
  warmed: number;
  memory: ChildMemory;
  /** The child's heap after a full collection before the measured export, and after it. */
  heapBefore: number;
  heapKept: number;
  rows: number;
};

const xlsxPath = (campaignId: string) => `/api/campaign/question/xlsx?campaignId=${campaignId}`;

/** One export of `tickets` in a fresh server child, after its warm-up export of the small campaign. */
const exportInChild = async (
  ctx: BenchContext,
  x: { campaignId: string; tickets: number; warmUpId: string; file: string },
): Promise<Export> => {
  const child = await startServerChild(ctx);
  try {
    const started = (await child.memory()).rss;
    const warm = await download(child.baseUrl, ctx.owner.idToken, xlsxPath(x.warmUpId), `${x.file}.warm`);
    if (warm.head.toString('latin1') !== 'PK\u0003\u0004') throw new Error('the warm-up XLSX is no zip file');
    const warmed = (await child.memory()).rss;
    const heapBefore = (await child.collected()).heapUsed;
    await child.resetPeak();
    const watch = child.watch(SAMPLE_MS);
    const d = await download(child.baseUrl, ctx.owner.idToken, xlsxPath(x.campaignId), x.file);
    const memory = await watch.stop();
    const heapKept = (await child.collected()).heapUsed;
    if (d.head.toString('latin1') !== 'PK\u0003\u0004')
      throw new Error(`the XLSX of ${x.tickets} is no zip file`);
    const rows = await countRows(x.file);
    if (rows !== x.tickets) throw new Error(`the XLSX of ${x.tickets} tickets has ${rows} rows`);
    return { tickets: x.tickets, download: d, started, warmed, memory, heapBefore, heapKept, rows };
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\nthe server's log:\n${await child.logTail()}`,
    );
  } finally {
    await child.stop();
  }
};

type WriterRun = {
  writer: string;
  rows: number;
  ms: number;
  bytes: number;
  rssBefore: number;
  maxRss: number;
};

/**
 * The writer alone, ours (lib/xlsx-stream.ts) against ExcelJS's streaming WorkbookWriter, each run in a
 * process of its own (lib/xlsx-writer-child.ts) on rows shaped as the export's: why the export keeps its
 * own writer (the library is preferred unless a measurement shows ours is better).
 */
const compareWriters = async (ctx: BenchContext, sizes: number[]) => {
  const script = path.join(ctx.repoRoot, 'apps/server/bench/lib/xlsx-writer-child.ts');
  const runs: WriterRun[] = [];
  for (const writer of ['parley', 'exceljs']) {
    for (const rows of sizes) {
      ctx.progress(`results: the ${writer} writer alone, ${rows} rows`);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', script, writer, String(rows)],
        { cwd: ctx.repoRoot, maxBuffer: 1024 * 1024 },
      );
      runs.push(JSON.parse(stdout.trim()) as WriterRun);
    }
  }
  return [
    `The writer alone, each run in a process of its own (bench/lib/xlsx-writer-child.ts): rows shaped as the`,
    `export's (18 columns, ten answers of 0 to 40 words), generated a page of 500 at a time, into a stream that takes`,
    `each chunk a turn later and keeps nothing; "parley" is lib/xlsx-stream.ts, "exceljs" ExcelJS's streaming`,
    `WorkbookWriter as the export used it before (inline strings, styles, bold frozen header). Peak: the process's`,
    `maxRSS, which includes loading both writers' code.`,
    '',
    formatTable(
      ['writer', 'rows', 'time', 'rows/s', 'size', 'RSS before', 'peak RSS', 'peak over'],
      runs.map((r) => [
        r.writer,
        String(r.rows),
        `${(r.ms / 1000).toFixed(1)} s`,
        (r.rows / (r.ms / 1000)).toFixed(0),
        mb(r.bytes),
        mb(r.rssBefore),
        mb(r.maxRss),
        `+${mb(r.maxRss - r.rssBefore)}`,
      ]),
      2,
    ),
  ];
};

/**
 * Measures both exports (in that order: 10,000, then 100,000, each in its own child) and answers the
 * figures, the report's lines and the summary. `columns`: the sheet's columns the 10,000 must have.
 */
export const measureXlsx = async (
  ctx: BenchContext,
  x: { smallId: string; small: number; bigId: string; big: number; columns: number; dir: string },
) => {
  ctx.progress(`results: XLSX of ${x.small} tickets in a server child (after a warm-up export)`);
  const x10 = await exportInChild(ctx, {
    campaignId: x.smallId,
    tickets: x.small,
    warmUpId: x.smallId,
    file: path.join(x.dir, 'small.xlsx'),
  });
  ctx.progress(`results: XLSX of ${x.big} tickets in a server child (after a warm-up export)`);
  const x100 = await exportInChild(ctx, {
    campaignId: x.bigId,
    tickets: x.big,
    warmUpId: x.smallId,
    file: path.join(x.dir, 'big.xlsx'),
  });
  // The small file read back in full (header and one row), after memory was measured.
  const sheets = (await readXlsxFile(path.join(x.dir, 'small.xlsx'))) as unknown as { data: unknown[][] }[];
  const data = sheets[0]?.data ?? [];
  if (data.length !== x.small + 1 || (data[0]?.length ?? 0) !== x.columns)
    throw new Error(`read-excel-file read ${data.length} rows of ${data[0]?.length} columns`);

  const peak10 = x10.memory.peak;
  const peak100 = x100.memory.peak;
  const growth = peak100 / peak10;
  const figures: Figure[] = [
    ...[x10, x100].map((e) => ({
      label: `results XLSX of ${e.tickets} tickets, server process peak RSS`,
      measured: mb(e.memory.peak),
      target: `< ${TARGET_PEAK_MB} MB`,
      met: e.memory.peak < TARGET_PEAK_MB * 1024 * 1024,
    })),
    {
      label: `results XLSX peak RSS, ${x.big} over ${x.small} tickets`,
      measured: `${growth.toFixed(2)}x`,
      target: `<= ${TARGET_GROWTH.toFixed(2)}x`,
      met: growth <= TARGET_GROWTH,
    },
  ];
  const rows = [x10, x100].map((e) => [
    String(e.tickets),
    `${(e.download.ms / 1000).toFixed(1)} s`,
    ms(e.download.firstByteMs),
    (e.tickets / (e.download.ms / 1000)).toFixed(0),
    mb(e.download.bytes),
    mb(e.started),
    mb(e.warmed),
    mb(e.memory.before),
    mb(e.memory.peak),
    `${e.memory.peak >= e.memory.before ? '+' : ''}${mb(e.memory.peak - e.memory.before)}`,
    mb(e.memory.after),
    mb(e.heapBefore),
    `${e.heapKept >= e.heapBefore ? '+' : ''}${mb(e.heapKept - e.heapBefore)}`,
  ]);
  const report = [
    `GET /api/campaign/question/xlsx (every ticket, archived too), each size served by a server process of its own`,
    `(node --import tsx apps/server/src/main.ts on this database; bench/lib/server-child.ts), read as a stream into a`,
    `file. The child exports the ${x.small} once (warm-up), then runs a full collection ("heap before"), its peak is reset`,
    `and the measured export runs; "peak": the kernel's high-water mark of the child's resident set (VmHWM) over the`,
    `export, VmRSS sampled every ${SAMPLE_MS} ms beside it; "heap kept": its heap after a full collection when done, over`,
    `the one before. Rows checked with exceljs's streaming reader (${x10.rows}, ${x100.rows}); the ${x.small} read back with`,
    `read-excel-file (${data.length} rows of ${data[0]?.length} columns).`,
    '',
    formatTable(
      [
        'tickets',
        'time',
        'first byte',
        'rows/s',
        'size',
        'RSS started',
        'after warm-up',
        'at request',
        'peak',
        'peak over',
        'at last byte',
        'heap before',
        'heap kept',
      ],
      rows,
      1,
    ),
  ];
  const writers = await compareWriters(ctx, [x.small, x.big]);
  report.push('', ...writers);
  const summary = `results: XLSX ${x.small} in ${(x10.download.ms / 1000).toFixed(1)} s (server peak RSS ${mb(peak10)}), ${x.big} in ${(x100.download.ms / 1000).toFixed(1)} s (server peak RSS ${mb(peak100)}, ${growth.toFixed(2)}x)`;
  return { figures, report, summary };
};
