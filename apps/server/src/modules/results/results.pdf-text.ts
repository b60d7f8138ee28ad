import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The PDF report's fonts and its per-character fallback (docs/product-decisions.md, "Results and
 * statistics"): DejaVu Sans for text (Latin, Greek, Cyrillic and many symbols), Noto Emoji (monochrome
 * outlines, which PDFKit can embed; colour emoji formats it cannot draw) for emoji. Both ship in npm
 * packages of the server, so nothing is downloaded when a report is made.
 */
const require = createRequire(import.meta.url);
const files = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  emoji: require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
  emojiBold: require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
};
export type TextFont = 'body' | 'bold';
type FontName = keyof typeof files;

type Glyphs = { hasGlyphForCodePoint(codePoint: number): boolean };
const fontkit = require('fontkit') as { create(data: Buffer): Glyphs };

/** Read once per process: every report embeds (a subset of) the same files. */
let loaded: { data: Record<FontName, Buffer>; text: Glyphs; emoji: Glyphs } | undefined;
const fonts = () => {
  if (!loaded) {
    const data = Object.fromEntries(
      Object.entries(files).map(([name, file]) => [name, readFileSync(file)]),
    ) as Record<FontName, Buffer>;
    loaded = { data, text: fontkit.create(data.body), emoji: fontkit.create(data.emoji) };
  }
  return loaded;
};

export const registerFonts = (doc: PDFKit.PDFDocument) => {
  for (const [name, data] of Object.entries(fonts().data)) doc.registerFont(name, data);
};

/** Code points that draw nothing of their own: they stay with the character before them. */
const joining = (codePoint: number) =>
  codePoint === 0x200c || // zero-width non-joiner
  codePoint === 0x200d || // zero-width joiner
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || // variation selectors
  codePoint === 0x20e3 || // combining keycap
  (codePoint >= 0xe0020 && codePoint <= 0xe007f); // tags (subdivision flags)
/** A character meant as an emoji: shown as one by default, or asked to be one (VS16, a keycap). */
const emojiLike = /\p{Emoji_Presentation}|\ufe0f|\u20e3/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

const hasAll = (font: Glyphs, cluster: string) =>
  [...cluster].every((ch) => {
    const codePoint = ch.codePointAt(0) ?? 0;
    return joining(codePoint) || font.hasGlyphForCodePoint(codePoint);
  });

/**
 * The text split into runs of the text font and of the emoji font, by user-perceived character: an
 * emoji (with its skin tone, joiners and variation selector) in the emoji font, everything else in the
 * text font unless only the emoji font has it.
 */
export const fontRuns = (text: string): { emoji: boolean; text: string }[] => {
  const { text: body, emoji } = fonts();
  const runs: { emoji: boolean; text: string }[] = [];
  // PDFKit breaks lines at "\n" only: a carriage return would be drawn as a box.
  for (const { segment } of segmenter.segment(text.replace(/\r\n?/g, '\n'))) {
    const isEmoji =
      (emojiLike.test(segment) && hasAll(emoji, segment)) ||
      (!hasAll(body, segment) && hasAll(emoji, segment));
    const last = runs[runs.length - 1];
    if (last && last.emoji === isEmoji) last.text += segment;
    else runs.push({ emoji: isEmoji, text: segment });
  }
  return runs;
};

const emojiFont = (font: TextFont): FontName => (font === 'bold' ? 'emojiBold' : 'emoji');

/**
 * Writes `text` like `doc.text`, each run in its font (PDFKit's `continued` keeps the runs in one
 * wrapped paragraph). `x`/`y` place it; without them it follows on from the cursor.
 */
export const writeText = (
  doc: PDFKit.PDFDocument,
  text: string,
  font: TextFont,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
) => {
  const { x, y, ...rest } = options;
  const runs = fontRuns(text);
  if (runs.length === 0) runs.push({ emoji: false, text: '' });
  runs.forEach((run, i) => {
    doc.font(run.emoji ? emojiFont(font) : font);
    const last = i === runs.length - 1;
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, continued: !last });
    else doc.text(run.text, { ...rest, continued: !last });
  });
  doc.font(font);
};

/**
 * How tall `text` will be at `width` in the current size: measured in the text font with every emoji
 * counted as two wide letters (an emoji is about 1.3 em wide, "MM" 1.7 em), so it is never less.
 */
export const textHeight = (doc: PDFKit.PDFDocument, text: string, font: TextFont, width: number) => {
  const measured = fontRuns(text)
    .map((run) => (run.emoji ? 'MM'.repeat([...segmenter.segment(run.text)].length) : run.text))
    .join('');
  return doc.font(font).heightOfString(measured || ' ', { width });
};
