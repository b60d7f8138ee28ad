import type { Writable } from 'node:stream';
import { createXlsxStream } from '../../lib/xlsx-stream.js';
import type { ExportAnswer, ExportColumn, ExportRow } from '../../queries/results-export.query.js';
import type { ExportTexts } from './results.texts.js';

type Column = ExportColumn & { text: string };

/**
 * One answer as a cell: the text, the chosen options' texts (the column's now, or as the participant saw
 * them), or the ranking as "1. A; 2. B".
 */
const answerCell = (a: ExportAnswer | undefined, col: Column) => {
  if (!a || a[1]) return '';
  const [type, , value, options] = a;
  if (type === 'FreeText') return value?.text ?? '';
  const seen = options ? new Map(options.map((o) => [o._id, o.text])) : undefined;
  const texts = (value?.optionIds ?? []).map((id) => col.options.get(id) ?? seen?.get(id) ?? '');
  return type === 'Ranking' ? texts.map((x, i) => `${i + 1}. ${x}`).join('; ') : texts.join('; ');
};

/**
 * Writes the export as a stream (D23): each batch of tickets becomes rows deflated into the answer before
 * the next batch is read, and the writer waits while the client reads slower, so the server's memory does
 * not grow with the tickets (lib/xlsx-stream.ts; bench `results`).
 */
export const writeXlsx = async (q: {
  out: Writable;
  texts: ExportTexts;
  columns: Column[];
  batches: AsyncIterable<ExportRow[]>;
}) => {
  const { texts: t } = q;
  const sheet = await createXlsxStream(q.out, {
    name: t.sheet,
    columns: [
      { header: t.ticket, width: 38 },
      { header: t.participant, width: 24 },
      { header: t.email, width: 28 },
      { header: t.date, width: 18 },
      { header: t.source, width: 14 },
      { header: t.archived, width: 10 },
      { header: t.rating, width: 12 },
      { header: t.tags, width: 24 },
      ...q.columns.map((c) => ({ header: c.text, width: 30 })),
    ],
  });
  for await (const batch of q.batches) {
    await sheet.rows(
      batch.map((r) => {
        const name = [r.firstname, r.lastname].filter(Boolean).join(' ');
        const rating = [r.votesUp > 0 ? t.up : '', r.votesDown > 0 ? t.down : ''].filter(Boolean).join(', ');
        return [
          r.id,
          r.email === null ? t.deletedContact : name,
          r.email ?? '',
          // The wall clock's seconds as a Date whose UTC fields show it: spreadsheet dates have no zone.
          new Date(r.localSeconds * 1000),
          r.source === 'openLink' ? t.openLink : t.invitation,
          r.ignored ? t.yes : t.no,
          rating,
          r.tags ?? '',
          ...q.columns.map((c) => answerCell(r.answers?.[c._id], c)),
        ];
      }),
    );
  }
  await sheet.end();
};
