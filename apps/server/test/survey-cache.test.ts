import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { api, type PublicSurvey } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestClock } from '../src/lib/clock.js';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import { questions } from '../src/modules/questions/questions.tables.js';
import { startRuntime } from '../src/runtime.js';
import {
  addQuestion,
  choice,
  createCampaign,
  freeText,
  getCampaign,
  listQuestions,
  post,
} from './campaign-api.js';
import { callApi } from './client.js';
import { insertCampaign, setManufacturerLimits } from './fixtures.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

/**
 * The public survey (`GET /api/public/campaign/:id`) answered from each instance's copy, kept per campaign
 * content version (docs/operations.md, "The survey's data call"): every kind of change is seen at once, by
 * this instance and by a second one on the same database, and every state answers as the uncached
 * preview says a participant would see it.
 */
const clock = createTestClock(new Date('2030-01-15T12:00:00Z'));
let ctx: TestContext;
/** A second instance on the same database, as behind a load balancer. */
let second: { app: FastifyInstance; close: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestApp({ PRIVACY_URL: 'https://parley.example/privacy' }, { clock });
  const rt = await startRuntime({ ...ctx.rt.config, jobs: false }, pino({ level: 'silent' }), {
    clock,
    work: false,
  });
  const app = await buildApp(rt);
  await app.ready();
  second = {
    app,
    close: async () => {
      await app.close();
      await rt.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

type Session = Awaited<ReturnType<typeof ownerSession>>;

const surveyOn = (app: FastifyInstance, id: string, headers: Record<string, string> = {}) =>
  callApi(app, api.participation.survey, { params: { id } }, { headers });

/** What a participant must see now: the owner's uncached preview, without questions unless it is open. */
const expected = async (s: Session, id: string): Promise<PublicSurvey> => {
  const res = await s.api(api.participation.preview, { params: { id } });
  expect(res.statusCode, res.body).toBe(200);
  const preview: PublicSurvey = res.json();
  return preview.status === 'open' ? preview : { ...preview, questions: [] };
};

/** Both instances answer exactly what the database holds now. */
const expectSeen = async (s: Session, id: string, what: string) => {
  const want = await expected(s, id);
  for (const [name, app] of [
    ['this instance', ctx.app],
    ['the second instance', second.app],
  ] as const) {
    const res = await surveyOn(app, id);
    expect(res.statusCode, `${what}: ${name}`).toBe(200);
    expect(res.json(), `${what}: ${name}`).toEqual(want);
  }
  return want;
};

const versionOf = async (id: string) => {
  const [row] = await ctx.rt.db
    .select({ v: campaigns.contentVersion })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.v ?? -1;
};

/** The campaign's whole body as PUT takes it, with `change` applied. */
const updateCampaign = async (s: Session, id: string, change: Record<string, unknown>) => {
  const c = await getCampaign(s, id);
  const res = await s.api(api.campaigns.update, {
    params: { id },
    body: {
      title: c.title,
      description: c.description,
      language: c.language,
      image: c.image,
      endCondition: c.endCondition,
      autoReminder: c.autoReminder,
      isGroupCampaign: c.isGroupCampaign,
      allowMultipleParticipation: c.allowMultipleParticipation,
      openLink: c.openLink,
      ...change,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('a change is seen at once, by every instance', () => {
  it('of the campaign, its questions and options, its state and its manufacturer', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s, { title: 'Our survey', description: 'Tell us.' });
    const id = c._id;
    const first = await addQuestion(s, id, choice('How was it?', ['Good', 'Bad', 'So-so']));
    const second_ = await addQuestion(s, id, freeText('Anything else?'));
    let seen = await expectSeen(s, id, 'a draft');
    expect(seen).toMatchObject({ status: 'draft', questions: [] });

    // Draft-only changes do not show while it is a draft, but each moves the version the copies are kept by.
    const steps: [string, () => Promise<unknown>][] = [
      [
        'a path rule set in the draft',
        async () => {
          const [q] = await listQuestions(s, id);
          const res = await s.api(api.questions.update, {
            params: { id, qid: first._id },
            body: {
              type: 'SingleChoice',
              text: 'How was it?',
              options: q!.options.map((o) => ({ _id: o._id, text: o.text })),
              pathRules: [{ optionId: q!.options[1]!._id, nextQuestionId: null }],
            },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      ],
      [
        'a question replaced in the draft',
        async () => {
          const res = await s.api(api.questions.replace, {
            params: { id, qid: second_._id },
            body: freeText('Anything at all?'),
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      ],
    ];
    for (const [what, change] of steps) {
      const before = await versionOf(id);
      await change();
      expect(await versionOf(id), what).toBeGreaterThan(before);
      await expectSeen(s, id, what);
    }

    await post(s, api.campaigns.start, id);
    seen = await expectSeen(s, id, 'started');
    expect(seen.status).toBe('open');
    expect(seen.questions.map((q) => q.text)).toEqual(['How was it?', 'Anything at all?']);
    expect(seen.questions[0]?.pathRules).toHaveLength(1);

    const questionOf = async (n: number) => (await listQuestions(s, id))[n]!;
    const changes: [string, () => Promise<unknown>, (v: PublicSurvey) => void][] = [
      [
        "the campaign's title, description, image and multiple participation",
        () =>
          updateCampaign(s, id, {
            title: 'Our better survey',
            description: 'Tell us more.',
            image: 'https://cdn.example/survey.png',
            allowMultipleParticipation: true,
          }),
        (v) =>
          expect(v).toMatchObject({
            title: 'Our better survey',
            description: 'Tell us more.',
            image: 'https://cdn.example/survey.png',
            allowMultipleParticipation: true,
          }),
      ],
      ['its language', () => updateCampaign(s, id, { language: 'de' }), (v) => expect(v.language).toBe('de')],
      [
        'a question added',
        () => addQuestion(s, id, choice('Which colour?', ['Red', 'Blue'])),
        (v) => expect(v.questions.at(-1)?.text).toBe('Which colour?'),
      ],
      [
        "a question's text, link and image, an option renamed, one added, one removed",
        async () => {
          const q = await questionOf(2);
          const res = await s.api(api.questions.update, {
            params: { id, qid: q._id },
            body: {
              type: 'SingleChoice',
              text: 'Which colour do you like?',
              link: 'https://example.com/colours',
              image: 'https://cdn.example/colours.png',
              options: [{ _id: q.options[0]!._id, text: 'Crimson' }, { text: 'Green' }],
            },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (v) => {
          expect(v.questions[2]).toMatchObject({
            text: 'Which colour do you like?',
            link: 'https://example.com/colours',
            image: 'https://cdn.example/colours.png',
          });
          expect(v.questions[2]?.options.map((o) => o.text)).toEqual(['Crimson', 'Green']);
        },
      ],
      [
        'options reordered',
        async () => {
          const q = await questionOf(2);
          const res = await s.api(api.questions.optionOrder, {
            params: { id, qid: q._id },
            body: { options: q.options.map((o, i) => ({ _id: o._id, order: q.options.length - i })) },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (v) => expect(v.questions[2]?.options.map((o) => o.text)).toEqual(['Green', 'Crimson']),
      ],
      [
        'questions reordered',
        async () => {
          const all = await listQuestions(s, id);
          const res = await s.api(api.questions.order, {
            params: { id },
            body: { questions: [all[0]!, all[2]!, all[1]!].map((q, order) => ({ _id: q._id, order })) },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (v) => expect(v.questions.map((q) => q.text)[1]).toBe('Which colour do you like?'),
      ],
      [
        'a question removed',
        async () => {
          const q = await questionOf(1);
          const res = await s.api(api.questions.remove, { params: { id, qid: q._id } });
          expect(res.statusCode, res.body).toBe(204);
        },
        (v) => expect(v.questions.map((q) => q.text)).toEqual(['How was it?', 'Anything at all?']),
      ],
      [
        "the manufacturer's privacy notice and imprint",
        async () => {
          const res = await s.api(api.owner.updateManufacturer, {
            body: {
              privacyUrl: 'https://maker.example/privacy',
              imprintUrl: 'https://maker.example/imprint',
            },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        (v) =>
          expect(v).toMatchObject({
            privacyUrl: 'https://maker.example/privacy',
            imprintUrl: 'https://maker.example/imprint',
          }),
      ],
      [
        "the manufacturer's name (the operator's command)",
        () => ctx.rt.services.owner.setManufacturer(s.manufacturerId, { name: 'Renamed Maker' }),
        (v) => expect(v.manufacturerName).toBe('Renamed Maker'),
      ],
      [
        'the open link turned off',
        () => updateCampaign(s, id, { openLink: false }),
        (v) => expect(v).toMatchObject({ status: 'closed', questions: [] }),
      ],
      [
        'the open link turned on again',
        () => updateCampaign(s, id, { openLink: true }),
        (v) => expect(v.status).toBe('open'),
      ],
      [
        "the manufacturer's answer limit reached",
        () => setManufacturerLimits(ctx.rt, s.manufacturerId, { answerLimitation: 0 }),
        (v) => expect(v).toMatchObject({ status: 'full', questions: [] }),
      ],
      [
        'the limit lifted',
        () => setManufacturerLimits(ctx.rt, s.manufacturerId, { answerLimitation: null }),
        (v) => expect(v.status).toBe('open'),
      ],
      [
        'stopped',
        () => post(s, api.campaigns.stop, id),
        (v) => expect(v).toMatchObject({ status: 'ended', questions: [] }),
      ],
      [
        'archived',
        async () => {
          const res = await s.api(api.campaigns.archive, { params: { id } });
          expect(res.statusCode, res.body).toBe(204);
        },
        (v) => expect(v).toMatchObject({ status: 'archived', questions: [] }),
      ],
    ];
    for (const [what, change, check] of changes) {
      await change();
      check(await expectSeen(s, id, what));
    }
  });

  it('an end date passing and answers filling a participation target, read live as before', async () => {
    const s = await ownerSession(ctx);
    const dated = await insertCampaign(ctx.rt, s.manufacturerId, {
      endCondition: { type: 'date', endsAt: '2030-01-16T00:00:00.000Z' },
    });
    expect((await expectSeen(s, dated.id, 'before its end')).status).toBe('open');
    clock.set(new Date('2030-01-16T00:00:01Z'));
    try {
      expect(await expectSeen(s, dated.id, 'after its end')).toMatchObject({
        status: 'ended',
        questions: [],
      });
    } finally {
      clock.set(new Date('2030-01-15T12:00:00Z'));
    }

    const target = await insertCampaign(ctx.rt, s.manufacturerId, {
      endCondition: { type: 'participationTarget', target: 1 },
    });
    expect((await expectSeen(s, target.id, 'no answer yet')).status).toBe('open');
    const answered = await callApi(ctx.app, api.participation.submit, {
      params: { id: target.id },
      body: {
        email: `p-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [{ questionId: target.questions[0]!.id, text: 'Fine' }],
      },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await expectSeen(s, target.id, 'target reached')).toMatchObject({
      status: 'ended',
      questions: [],
    });
  });

  it('answers from its copy while the version stands: a question rewritten around the app shows with the next change', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, {
      questions: [{ type: 'FreeText', text: 'Old' }],
    });
    const before = await expectSeen(s, c.id, 'first read');
    await ctx.rt.db
      .update(questions)
      .set({ text: 'Written by hand' })
      .where(eq(questions.id, c.questions[0]!.id));
    for (const app of [ctx.app, second.app]) expect((await surveyOn(app, c.id)).json()).toEqual(before);
    // Any change of the campaign's row moves the version, whoever writes it (here a title written by hand):
    // both instances load the campaign again.
    await ctx.rt.db.update(campaigns).set({ title: 'Retitled' }).where(eq(campaigns.id, c.id));
    const after = await expectSeen(s, c.id, 'after the next change');
    expect(after.questions[0]?.text).toBe('Written by hand');
    // The answers' counter is no change of the survey: it keeps the version (the status is read live).
    const version = await versionOf(c.id);
    await ctx.rt.db
      .update(campaigns)
      .set({ ticketCount: sql`${campaigns.ticketCount} + 1` })
      .where(eq(campaigns.id, c.id));
    expect(await versionOf(c.id)).toBe(version);
  });
});

describe('as before', () => {
  it("another manufacturer's change is not seen in a campaign, nor one campaign's in another", async () => {
    const a = await ownerSession(ctx);
    const b = await ownerSession(ctx);
    const ca = await insertCampaign(ctx.rt, a.manufacturerId, { title: 'Of A' });
    const ca2 = await insertCampaign(ctx.rt, a.manufacturerId, { title: 'Also of A' });
    const cb = await insertCampaign(ctx.rt, b.manufacturerId, { title: 'Of B' });
    await expectSeen(a, ca.id, 'A first');
    const seenB = await expectSeen(b, cb.id, 'B first');
    const seenA2 = await expectSeen(a, ca2.id, 'A2 first');
    await ctx.rt.services.owner.setManufacturer(a.manufacturerId, { name: 'A renamed' });
    await ctx.rt.db.update(campaigns).set({ title: 'Of A, renamed' }).where(eq(campaigns.id, ca.id));
    expect(await expectSeen(a, ca.id, 'A changed')).toMatchObject({
      title: 'Of A, renamed',
      manufacturerName: 'A renamed',
    });
    expect(await expectSeen(b, cb.id, 'B after A changed')).toEqual(seenB);
    expect((await expectSeen(a, ca2.id, 'A2 after A1 changed')).title).toBe(seenA2.title);
    // Another manufacturer's preview stays refused; the public survey never needed an owner.
    expect((await b.api(api.participation.preview, { params: { id: ca.id } })).statusCode).toBe(404);
  });

  it.each([
    ['draft', { state: 'draft' as const }],
    ['ended', { state: 'ended' as const }],
    ['archived', { state: 'archived' as const }],
    ['closed', { openLink: false }],
  ])('a %s survey says so without its questions, on both instances', async (status, o) => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, o);
    expect(await expectSeen(s, c.id, status)).toMatchObject({ status, questions: [] });
  });

  it('answers 404 for an unknown campaign, and for one deleted after it was read', async () => {
    for (const app of [ctx.app, second.app]) expect((await surveyOn(app, randomUUID())).statusCode).toBe(404);
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    await expectSeen(s, c.id, 'before it is deleted');
    await ctx.rt.db.delete(campaigns).where(eq(campaigns.id, c.id));
    for (const app of [ctx.app, second.app]) expect((await surveyOn(app, c.id)).statusCode).toBe(404);
  });

  it('is sent compressed once as the browser asks, the same JSON in every form, no cache header', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, {
      questions: Array.from({ length: 8 }, (_, i) => ({
        type: 'SingleChoice' as const,
        text: `Question number ${i + 1}, asked of every participant alike`,
        options: ['Very good', 'Good', 'Neither', 'Bad', 'Very bad'],
      })),
    });
    const want = await expectSeen(s, c.id, 'first');
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await surveyOn(second.app, c.id, accept ? { 'accept-encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(res.headers['cache-control'], accept).toBeUndefined();
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      const text =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(JSON.parse(text.toString()), accept).toEqual(want);
    }
    // A small answer (a survey that shows no questions) goes as it is.
    await ctx.rt.db.update(campaigns).set({ state: 'ended' }).where(eq(campaigns.id, c.id));
    const ended = await surveyOn(ctx.app, c.id, { 'accept-encoding': 'br' });
    expect(ended.headers['content-encoding']).toBeUndefined();
    expect(ended.json()).toMatchObject({ status: 'ended', questions: [] });
  });
});
