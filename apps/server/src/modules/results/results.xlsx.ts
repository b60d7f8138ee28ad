import type { Writable } from 'node:stream';
import type { TicketAnswer } from '@parley/contract';
import { createXlsxStream } from '../../lib/xlsx-stream.js';
import type { exportBatch } from '../../queries/results.query.js';
import type { ExportTexts } from './results.texts.js';

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];
type Column = { _id: string; text: string; options: Map<string, string> };

/**
 * The wall-clock time in a time zone as a Date whose UTC fields show it: spreadsheet dates have no zone,
 * so the cell shows the time the manufacturer lives in.
 */
export const wallClock = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (at: Date) => {
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return new Date(Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second));
  };
};

/** One answer as a cell: the text, the chosen options' texts, or the ranking as "1. A; 2. B". */
const answerCell = (a: TicketAnswer | undefined, col: Column) => {
  if (!a || a.skipped) return '';
  if (a.type === 'FreeText') return a.value.text ?? '';
  const seen = new Map(a.options.map((o) => [o._id, o.text]));
  const texts = (a.value.optionIds ?? []).map((id) => col.options.get(id) ?? seen.get(id) ?? '');
  return a.type === 'Ranking' ? texts.map((x, i) => `${i + 1}. ${x}`).join('; ') : texts.join('; ');
};

/**
 * Writes the export as a stream (D23): each batch of tickets becomes rows deflated into the answer before
 * the next batch is read, and the writer waits while the client reads slower, so the server's memory does
 * not grow with the tickets (lib/xlsx-stream.ts; bench `results`).
 */
export const writeXlsx = async (q: {
  out: Writable;
  texts: ExportTexts;
  timeZone: string;
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
  const local = wallClock(q.timeZone);
  for await (const batch of q.batches) {
    await sheet.rows(
      batch.map((r) => {
        const byQuestion = new Map(r.answers.map((a) => [a.questionId, a]));
        const name = [r.firstname, r.lastname].filter(Boolean).join(' ');
        const rating = [r.votesUp > 0 ? t.up : '', r.votesDown > 0 ? t.down : ''].filter(Boolean).join(', ');
        return [
          r.id,
          r.email === null ? t.deletedContact : name,
          r.email ?? '',
          local(r.createdAt),
          r.source === 'openLink' ? t.openLink : t.invitation,
          r.ignored ? t.yes : t.no,
          rating,
          (r.tags ?? []).join(', '),
          ...q.columns.map((c) => answerCell(byQuestion.get(c._id), c)),
        ];
      }),
    );
  }
  await sheet.end();
};
