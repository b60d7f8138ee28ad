import type { Writable } from 'node:stream';
import type { CampaignStatistics, Language, QuestionResult, ResultFilterQuery } from '@parley/contract';
import PDFDocument from 'pdfkit';
import { registerFonts, type TextFont, textHeight, writeText } from './results.pdf-text.js';
import { durationText, type ExportTexts } from './results.texts.js';

const colors = { bar: '#228be6', muted: '#868e96', track: '#e9ecef', text: '#212529' };
const margin = 50;

export type PdfReport = {
  language: Language;
  texts: ExportTexts;
  title: string;
  createdAt: Date;
  timeZone: string;
  /** The filter the questions were counted with, and the name of its contact list (null: not found). */
  filter: ResultFilterQuery;
  contactListName: string | null;
  statistics: CampaignStatistics;
  questions: QuestionResult[];
};

/** Numbers and dates per language as docs/product-decisions.md ("Console") writes them (English MM/DD/YYYY, German DD.MM.YYYY). */
const formats = (language: Language, timeZone: string) => {
  const locale = language === 'de' ? 'de-DE' : 'en-US';
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return {
    number: (n: number) => number.format(n),
    percent: (n: number | null) => (n === null ? '—' : percent.format(n)),
    date: (d: Date) => date.format(d),
    /** A calendar day (YYYY-MM-DD), already in the manufacturer's time zone. */
    day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
  };
};
type Formats = ReturnType<typeof formats>;

/** Every filter of the report by the console's name for it, with its value; null when unfiltered. */
const filterNote = (report: PdfReport, t: ExportTexts, f: Formats) => {
  const { filter } = report;
  const parts = [
    filter.contactListId ? `${t.contactList}: ${t.quote(report.contactListName ?? t.unknownList)}` : '',
    filter.tag ? `${t.tag}: ${t.quote(filter.tag)}` : '',
    filter.from ? `${t.from} ${f.day(filter.from)}` : '',
    filter.to ? `${t.to} ${f.day(filter.to)}` : '',
    filter.rating ? `${t.rating}: ${t.ratings[filter.rating]}` : '',
    filter.archived !== 'all' ? `${t.archivedTickets}: ${t.archivedChoices[filter.archived]}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
};

/**
 * The results report as a PDF (D23, canExport), drawn with PDFKit and streamed to `out`: headline
 * numbers, answers per day and one chart per question, in the campaign's language.
 */
export const writePdf = (report: PdfReport, out: Writable) => {
  const t = report.texts;
  const f = formats(report.language, report.timeZone);
  const s = report.statistics;
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    info: { Title: `${report.title} – ${t.report}`, Creator: 'Parley' },
    lang: report.language,
  });
  registerFonts(doc);
  doc.on('error', (err: Error) => out.destroy(err));
  doc.pipe(out);
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin;
  /**
   * Keeps the next `h` points on one page: a new page only when they do not fit on this one but would
   * on an empty one (a block taller than a page flows on as it must).
   */
  const keep = (h: number) => {
    if (doc.y + h > bottom() && h <= bottom() - margin && doc.y > margin) doc.addPage();
  };

  doc.fontSize(20).fillColor(colors.text);
  writeText(doc, report.title, 'bold');
  doc
    .font('body')
    .fontSize(10)
    .fillColor(colors.muted)
    .text(`${t.report} · ${t.createdAt} ${f.date(report.createdAt)}`);
  const note = filterNote(report, t, f);
  if (note) writeText(doc, `${t.filtered}: ${note}. ${t.figuresOfAll}`, 'body');
  doc.moveDown();

  // The headline numbers, two columns.
  const figures: [string, string][] = [
    [t.answers, f.number(s.answers)],
    [t.invited, f.number(s.invited)],
    [t.delivered, f.number(s.delivered)],
    [t.opened, f.number(s.opened)],
    [t.responseRate, f.percent(s.responseRate)],
    [t.completion, f.percent(s.completion)],
    [t.medianTime, s.medianSecondsToAnswer === null ? t.none : durationText(s.medianSecondsToAnswer, t)],
  ];
  const top = doc.y;
  figures.forEach(([label, value], i) => {
    const x = margin + (i % 2) * (width / 2);
    const y = top + Math.floor(i / 2) * 34;
    doc
      .font('body')
      .fontSize(9)
      .fillColor(colors.muted)
      .text(label, x, y, { width: width / 2 - 10 });
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(colors.text)
      .text(value, x, y + 11, { width: width / 2 - 10 });
  });
  doc.y = top + Math.ceil(figures.length / 2) * 34 + 10;
  doc.x = margin;

  // Answers per day: one column a day.
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(colors.text)
    .text(`${t.perDay} (${f.day(s.from)} – ${f.day(s.to)})`);
  const chartTop = doc.y + 6;
  const chartHeight = 80;
  const max = Math.max(1, ...s.perDay.map((d) => d.answers));
  const step = width / Math.max(1, s.perDay.length);
  doc.rect(margin, chartTop, width, chartHeight).fill(colors.track);
  s.perDay.forEach((d, i) => {
    const h = (d.answers / max) * chartHeight;
    if (h > 0)
      doc.rect(margin + i * step, chartTop + chartHeight - h, Math.max(0.5, step * 0.8), h).fill(colors.bar);
  });
  doc.font('body').fontSize(8).fillColor(colors.muted);
  doc.text(f.number(max), margin, chartTop - 2, { width, align: 'right' });
  doc.text(f.day(s.from), margin, chartTop + chartHeight + 3, { width: width / 2 });
  doc.text(f.day(s.to), margin + width / 2, chartTop + chartHeight + 3, { width: width / 2, align: 'right' });
  doc.x = margin;
  doc.y = chartTop + chartHeight + 24;

  report.questions.forEach((q, n) => {
    question(doc, q, n, { t, f, width, keep });
  });

  // Page numbers, now that the pages are known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // The footer sits in the bottom margin: without lifting it, PDFKit would start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(colors.muted)
      .text(t.page(i + 1, range.count), margin, doc.page.height - margin + 15, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
};

type Draw = {
  t: ExportTexts;
  f: Formats;
  width: number;
  keep: (h: number) => void;
};

/** Height of `text` at `size` points, in `font`, `width` wide. */
const measure = (doc: PDFKit.PDFDocument, text: string, font: TextFont, size: number, width: number) =>
  textHeight(doc.fontSize(size), text, font, width);

/** A free-text answer: its day in a narrow column, the answer in quotes beside it. */
const dateColumn = 62;
const answerGap = 4;

/**
 * One question: its title and counts, then its answers (free text) or one bar per option. The title
 * never ends a page without the first answer under it, and no answer or bar is split across pages.
 */
const question = (doc: PDFKit.PDFDocument, q: QuestionResult, n: number, { t, f, width, keep }: Draw) => {
  const title = `${n + 1}. ${q.text}${q.removed ? ` (${t.removed})` : ''}`;
  const counts = `${t.answered}: ${f.number(q.answered)} · ${t.skipped}: ${f.number(q.skipped)} · ${t.skippedByPath}: ${f.number(q.skippedByPath)}`;
  const freeText = q.answered > 0 && q.type === 'FreeText' && q.freeText ? q.freeText : null;
  const latest = freeText ? t.latestAnswers(freeText.items.length, freeText.total) : null;
  const answerWidth = width - 10 - dateColumn;
  const answerHeight = (text: string) => measure(doc, t.quote(text), 'body', 9, answerWidth) + answerGap;

  const ranked = q.type === 'Ranking';
  const options = ranked
    ? [...q.options].sort((a, b) => (a.meanPosition ?? Infinity) - (b.meanPosition ?? Infinity))
    : q.options;
  const labelWidth = width * 0.4;
  const barWidth = width * 0.4;
  const labelOf = (o: QuestionResult['options'][number]) => `${o.text}${o.removed ? ` (${t.removed})` : ''}`;
  const rowHeight = (o: QuestionResult['options'][number]) =>
    Math.max(measure(doc, labelOf(o), 'body', 9, labelWidth - 8), 14);
  const multiNote = q.type === 'MultiChoice' ? measure(doc, t.multiNote, 'body', 8, width) + 2 : 0;

  const head =
    measure(doc, title, 'bold', 12, width) +
    measure(doc, counts, 'body', 9, width) +
    (latest ? measure(doc, latest, 'body', 8, width) : 0) +
    6;
  const first =
    q.answered === 0
      ? measure(doc, t.noAnswers, 'body', 9, width)
      : freeText
        ? answerHeight(freeText.items[0]?.text ?? '')
        : options[0]
          ? rowHeight(options[0]) + (options.length === 1 ? multiNote : 0)
          : 0;
  keep(head + first);

  doc.x = margin;
  doc.fontSize(12).fillColor(colors.text);
  writeText(doc, title, 'bold', { width });
  doc.font('body').fontSize(9).fillColor(colors.muted).text(counts, { width });
  if (latest) doc.fontSize(8).text(latest, { width });
  doc.y += 6;

  if (q.answered === 0) {
    doc.font('body').fontSize(9).fillColor(colors.muted).text(t.noAnswers, { width });
  } else if (freeText) {
    for (const item of freeText.items) {
      keep(answerHeight(item.text));
      const y = doc.y;
      doc
        .font('body')
        .fontSize(8)
        .fillColor(colors.muted)
        .text(f.date(new Date(item.createdAt)), margin + 10, y + 1, { width: dateColumn - 6 });
      doc.fontSize(9).fillColor(colors.text);
      writeText(doc, t.quote(item.text), 'body', { x: margin + 10 + dateColumn, y, width: answerWidth });
      doc.x = margin;
      doc.y += answerGap;
    }
  } else {
    const worst = Math.max(1, ...options.map((o) => o.positions.length));
    options.forEach((o, i) => {
      keep(rowHeight(o) + (i === options.length - 1 ? multiNote : 0));
      const y = doc.y;
      doc.fontSize(9).fillColor(colors.text);
      writeText(doc, labelOf(o), 'body', { x: margin, y, width: labelWidth - 8 });
      const after = doc.y;
      // A choice's bar is its share; a ranking's bar is longer the better its mean position.
      const fill = ranked
        ? o.meanPosition === null
          ? 0
          : (worst - o.meanPosition + 1) / worst
        : Math.min(1, o.share);
      doc.rect(margin + labelWidth, y + 1, barWidth, 9).fill(colors.track);
      if (fill > 0) doc.rect(margin + labelWidth, y + 1, barWidth * fill, 9).fill(colors.bar);
      const figure = ranked
        ? `⌀ ${o.meanPosition === null ? t.none : f.number(o.meanPosition)} · ${t.medianPosition} ${o.medianPosition === null ? t.none : f.number(o.medianPosition)}`
        : `${f.number(o.count)} (${f.percent(o.share)})`;
      doc
        .font('body')
        .fillColor(colors.text)
        .fontSize(8)
        .text(figure, margin + labelWidth + barWidth + 6, y + 1, {
          width: width - labelWidth - barWidth - 6,
        });
      doc.x = margin;
      doc.y = Math.max(after, y + 14);
    });
    if (q.type === 'MultiChoice') {
      doc
        .font('body')
        .fontSize(8)
        .fillColor(colors.muted)
        .text(t.multiNote, margin, doc.y + 2, { width });
    }
  }
  doc.x = margin;
  doc.y += 14;
};
