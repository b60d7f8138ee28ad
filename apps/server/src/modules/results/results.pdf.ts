import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { CampaignStatistics, Language, QuestionResult } from '@parley/contract';
import PDFDocument from 'pdfkit';
import { durationText, type ExportTexts } from './results.texts.js';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers Latin, Greek and Cyrillic: participants' answers print as they wrote them. */
const fonts = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const colors = { bar: '#228be6', muted: '#868e96', track: '#e9ecef', text: '#212529' };
const margin = 50;

export type PdfReport = {
  language: Language;
  texts: ExportTexts;
  title: string;
  createdAt: Date;
  timeZone: string;
  filterNote: string | null;
  statistics: CampaignStatistics;
  questions: QuestionResult[];
};

/** Numbers and dates as the spec writes them per language (English MM/DD/YYYY, German DD.MM.YYYY). */
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
  doc.registerFont('body', fonts.body);
  doc.registerFont('bold', fonts.bold);
  doc.on('error', (err: Error) => out.destroy(err));
  doc.pipe(out);
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  doc.font('bold').fontSize(20).fillColor(colors.text).text(report.title);
  doc
    .font('body')
    .fontSize(10)
    .fillColor(colors.muted)
    .text(`${t.report} · ${t.createdAt} ${f.date(report.createdAt)}`);
  if (report.filterNote) doc.text(`${t.filtered}: ${report.filterNote}. ${t.figuresOfAll}`);
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
    .text(`${t.perDay} (${t.lastDays(s.daysNumber)})`);
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
    question(doc, q, n, { t, f, width, room });
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
  f: ReturnType<typeof formats>;
  width: number;
  room: (h: number) => void;
};

const question = (doc: PDFKit.PDFDocument, q: QuestionResult, n: number, { t, f, width, room }: Draw) => {
  room(80);
  doc.x = margin;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(colors.text)
    .text(`${n + 1}. ${q.text}${q.removed ? ` (${t.removed})` : ''}`, { width });
  doc
    .font('body')
    .fontSize(9)
    .fillColor(colors.muted)
    .text(
      `${t.answered}: ${f.number(q.answered)} · ${t.skipped}: ${f.number(q.skipped)} · ${t.skippedByPath}: ${f.number(q.skippedByPath)}`,
    );
  doc.moveDown(0.5);
  if (q.answered === 0) {
    doc.fillColor(colors.muted).text(t.noAnswers);
  } else if (q.type === 'FreeText' && q.freeText) {
    for (const item of q.freeText.items) {
      room(30);
      doc
        .font('body')
        .fontSize(9)
        .fillColor(colors.text)
        .text(`“${item.text}”`, margin + 10, doc.y, { width: width - 10 });
      doc
        .fillColor(colors.muted)
        .fontSize(8)
        .text(f.date(new Date(item.createdAt)), { width: width - 10 });
      doc.moveDown(0.3);
    }
    doc.x = margin;
    doc.fontSize(8).fillColor(colors.muted).text(t.latestAnswers(q.freeText.items.length, q.freeText.total));
  } else {
    const ranked = q.type === 'Ranking';
    const options = ranked
      ? [...q.options].sort((a, b) => (a.meanPosition ?? Infinity) - (b.meanPosition ?? Infinity))
      : q.options;
    const labelWidth = width * 0.4;
    const barWidth = width * 0.4;
    const worst = Math.max(1, ...options.map((o) => o.positions.length));
    for (const o of options) {
      room(22);
      const y = doc.y;
      doc
        .font('body')
        .fontSize(9)
        .fillColor(colors.text)
        .text(`${o.text}${o.removed ? ` (${t.removed})` : ''}`, margin, y, { width: labelWidth - 8 });
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
        .fillColor(colors.text)
        .fontSize(8)
        .text(figure, margin + labelWidth + barWidth + 6, y + 1, {
          width: width - labelWidth - barWidth - 6,
        });
      doc.x = margin;
      doc.y = Math.max(after, y + 14);
    }
    if (q.type === 'MultiChoice') {
      doc
        .fontSize(8)
        .fillColor(colors.muted)
        .text(t.multiNote, margin, doc.y + 2, { width });
    }
  }
  doc.x = margin;
  doc.moveDown(1.2);
};
