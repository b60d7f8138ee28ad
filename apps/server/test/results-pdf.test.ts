import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { api } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { fontRuns } from '../src/modules/results/results.pdf-text.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import type { Session } from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { type CampaignFixture, insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * The PDF report as a reader sees it (docs/product-decisions.md, "Results and statistics"): emoji drawn
 * in the embedded emoji font, the language's quotation marks, the console's words, every filter named
 * with its value, and answers laid out without a page holding a lone answer the page before had room for.
 */
const clock = createTestClock(new Date('2030-01-15T12:00:00Z'));
const ctx = useTestApp({}, { clock });

let owner: Session;

/** A campaign like the results test's: a question of each type, then the comments. */
const survey = (language: 'de' | 'en') =>
  insertCampaign(ctx.rt, owner.manufacturerId, {
    title: language === 'de' ? 'Umfrage' : 'Survey',
    language,
    questions: [
      { type: 'SingleChoice', text: 'Colour?', options: ['Red', 'Green', 'Blue'] },
      { type: 'MultiChoice', text: 'Features?', options: ['Fast', 'Cheap', 'Pretty'] },
      { type: 'Ranking', text: 'Rank them', options: ['X', 'Y', 'Z'] },
      { type: 'FreeText', text: 'Comments?', optional: true },
    ],
  });

/** One participant's answers (the comment left blank when `comment` is null); answers the contact. */
const answer = async (c: CampaignFixture, comment: string | null) => {
  const [colour, features, rank, comments] = c.questions as [
    CampaignFixture['questions'][number],
    CampaignFixture['questions'][number],
    CampaignFixture['questions'][number],
    CampaignFixture['questions'][number],
  ];
  const submissionId = randomUUID();
  const res = await callApiUnchecked(ctx.app, api.participation.submit, {
    params: { id: c.id },
    body: {
      email: `p-${randomUUID()}@example.com`,
      submissionId,
      answers: [
        { questionId: colour.id, optionIds: [colour.options[0]] },
        { questionId: features.id, optionIds: [features.options[0], features.options[1]] },
        { questionId: rank.id, optionIds: rank.options },
        ...(comment === null ? [] : [{ questionId: comments.id, text: comment }]),
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [ticket] = await ctx.rt.db
    .select({ contactId: campaignTickets.contactId })
    .from(campaignTickets)
    .where(eq(campaignTickets.submissionId, submissionId));
  return ticket?.contactId ?? '';
};

const pdf = async (campaignId: string, query: Record<string, string> = {}) => {
  const res = await owner.apiUnchecked(api.results.pdf, { params: { id: campaignId }, query });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = Buffer.from(res.rawPayload);
  const parser = new PDFParse({ data: new Uint8Array(file) });
  const { text, pages } = await parser.getText();
  await parser.destroy();
  return { file, text, flat: text.replace(/\s+/g, ' '), pages };
};

/** The PDF's objects by number, streams inflated: enough to follow a font to the glyphs it maps. */
const objects = (file: Buffer) => {
  const raw = file.toString('latin1');
  const found = new Map<number, { dict: string; stream: string }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const [, id, body = ''] = m;
    const at = body.indexOf('stream\n');
    const dict = at < 0 ? body : body.slice(0, at);
    let stream = '';
    if (at >= 0) {
      const bytes = Buffer.from(body.slice(at + 7, body.lastIndexOf('endstream')), 'latin1');
      try {
        stream = inflateSync(bytes).toString('latin1');
      } catch {
        stream = bytes.toString('latin1');
      }
    }
    found.set(Number(id), { dict, stream });
  }
  return found;
};

/** The Unicode text a font's subset maps its glyphs to (its ToUnicode map), as UTF-16 hex. */
const unicodeOfFont = (file: Buffer, name: string) => {
  const all = objects(file);
  const font = [...all.values()].find((o) => o.dict.includes('/Type0') && o.dict.includes(`+${name}`));
  const ref = font?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
  // Entries read `<0001> [<d83d dc4d>]`: the spaces between a character's UTF-16 units go.
  return ref
    ? (all
        .get(Number(ref))
        ?.stream.toLowerCase()
        .replace(/ (?=[0-9a-f]{4}>)/g, '') ?? '')
    : null;
};
const utf16 = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex');

beforeAll(async () => {
  owner = await ownerSession(ctx);
  await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canExport: true });
});

describe('the PDF report', () => {
  it("draws emoji in the embedded emoji font, quotes in the language's marks and uses the console's words", async () => {
    const c = await survey('de');
    await answer(c, 'Super 👍');
    await answer(c, null);
    const { file, text, flat } = await pdf(c.id);

    // Noto Emoji is embedded, and 👍 is one of its glyphs, not the text font's (where it would be a box).
    const emoji = unicodeOfFont(file, 'NotoEmoji-Regular');
    expect(emoji).not.toBeNull();
    expect(emoji).toContain(utf16('👍'));
    expect(unicodeOfFont(file, 'DejaVuSans')).not.toContain(utf16('👍'));
    expect(text).toContain('„Super 👍“');

    // The console's words: "Übersprungen" (not "Leer gelassen"), "Rücklaufquote".
    expect(flat).toContain('Beantwortet: 1 · Übersprungen: 1 · Durch eine Pfadregel übersprungen: 0');
    expect(flat).toContain('Rücklaufquote');
    expect(flat).toContain('Mittlere Zeit bis zur Antwort');
    expect(flat).not.toContain('Leer gelassen');
    expect(flat).not.toContain('“Super');

    const en = await survey('en');
    await answer(en, 'Great 😀');
    await answer(en, null);
    const english = await pdf(en.id);
    expect(english.text).toContain('“Great 😀”');
    expect(english.flat).toContain('Answered: 1 · Skipped: 1 · Skipped by a path rule: 0');
    expect(english.flat).not.toContain('Left blank');
  });

  it('splits a text into runs of the text and the emoji font by user-perceived character', () => {
    expect(fontRuns('Top 👍🏽 👨‍👩‍👧! ❤️ ❤ ©\r\nJa')).toEqual([
      { emoji: false, text: 'Top ' },
      { emoji: true, text: '👍🏽' },
      { emoji: false, text: ' ' },
      { emoji: true, text: '👨‍👩‍👧' },
      { emoji: false, text: '! ' },
      { emoji: true, text: '❤️' },
      // Without the emoji variation selector, a heart and © stay text as DejaVu draws them.
      { emoji: false, text: ' ❤ ©\nJa' },
    ]);
  });

  it('names every filter with its value, the contact list by its name', async () => {
    const c = await survey('de');
    const member = await answer(c, 'Gut');
    await answer(c, 'Auch gut');
    await ctx.rt.db
      .update(contacts)
      .set({ tags: ['vip'] })
      .where(eq(contacts.id, member));
    const list = await owner.api(api.contactLists.create, {
      body: { name: 'Stammkunden ⭐', contactIds: [member] },
    });
    expect(list.statusCode, list.body).toBe(201);

    const { file, flat } = await pdf(c.id, {
      contactListId: list.json()._id,
      tag: 'vip',
      from: '2030-01-01',
      to: '2030-01-15',
      rating: 'none',
      archived: 'false',
    });
    expect(flat).toContain(
      'Filter: Kontaktliste: „Stammkunden ⭐“ · Tag: „vip“ · Beantwortet ab 01.01.2030 · ' +
        'Beantwortet bis 15.01.2030 · Bewertung: Nicht bewertet · Archivierte Tickets: Nur nicht archivierte.',
    );
    expect(unicodeOfFont(file, 'NotoEmoji-Regular')).toContain(utf16('⭐'));
    // The list's filter counted its member only.
    expect(flat).toContain('„Gut“');
    expect(flat).not.toContain('Auch gut');

    // Another maker's list is named as no list of theirs (and counts nobody).
    const other = await pdf(c.id, { contactListId: randomUUID() });
    expect(other.flat).toContain('Filter: Kontaktliste: „eine gelöschte Liste“.');
  });

  it('keeps the report on one page when it fits, and never splits an answer across pages', async () => {
    // Six comments fit under the charts on the first page: they once pushed the sixth, alone, onto a
    // second page (30 points asked for an answer of 24, and the note under the answers left behind).
    const c = await survey('en');
    for (let i = 1; i <= 6; i += 1) await answer(c, `Comment ${i}`);
    const small = await pdf(c.id);
    expect(small.pages).toHaveLength(1);
    expect(small.flat).toContain('“Comment 6”');

    // Ten long comments: each is whole on one page, and a page break never leaves a lone answer.
    const long = await survey('en');
    const words = (i: number) =>
      `Start${i} ${'this answer runs over several lines of the report, '.repeat(4)}End${i}`;
    for (let i = 1; i <= 10; i += 1) await answer(long, words(i));
    const report = await pdf(long.id);
    expect(report.pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 10; i += 1) {
      const page = report.pages.find((p) => p.text.includes(`Start${i} `));
      expect(page?.text, `answer ${i}`).toContain(`End${i}`);
    }
    for (const page of report.pages.slice(1)) {
      expect(page.text.match(/Start\d+ /g)?.length ?? 0).toBeGreaterThan(1);
    }
  });
});
