import { randomUUID } from 'node:crypto';
import { api, type Question } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import {
  addQuestion,
  choice,
  createCampaign,
  endedCampaign,
  expectError,
  freeText,
  getCampaign,
  listQuestions,
  post,
  runningCampaign,
  type Session,
} from './campaign-api.js';
import { ownerSession, useTestApp } from './helpers.js';

const clock = createTestClock();
const ctx = useTestApp({}, { clock });

/** The question as read, with changes: read-only keys and values the contract refuses go along too. */
const update = (s: Session, q: Question, patch: Record<string, unknown> = {}) =>
  s.apiUnchecked(api.questions.update, {
    params: { id: q.campaignId, qid: q._id },
    body: { ...q, ...patch },
  });
const remove = (s: Session, q: Question) =>
  s.api(api.questions.remove, { params: { id: q.campaignId, qid: q._id } });
/** Puts the campaign's questions in this sequence (orders 0, 1, 2 …). */
const reorder = (s: Session, campaignId: string, sequence: Question[]) =>
  s.api(api.questions.order, {
    params: { id: campaignId },
    body: { questions: sequence.map((q, order) => ({ _id: q._id, order })) },
  });
const orders = (qs: Question[]) => qs.map((q) => q.order);
const texts = (qs: Question[]) => qs.map((q) => q.text);

/** A draft with three single-choice questions Q1..Q3 (options A, B, C each). */
const threeQuestions = async (s: Session) => {
  const c = await createCampaign(s);
  const qs: Question[] = [];
  for (const t of ['Q1', 'Q2', 'Q3']) qs.push(await addQuestion(s, c._id, choice(t, ['A', 'B', 'C'])));
  return { c, qs: qs as [Question, Question, Question] };
};

describe('create and list', () => {
  it('adds questions of every type at the end, with option ids and a contiguous order', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const free = await addQuestion(
      s,
      c._id,
      freeText('  What did you like?  ', { link: 'https://example.com/x' }),
    );
    expect(free).toMatchObject({
      campaignId: c._id,
      type: 'FreeText',
      text: 'What did you like?',
      optional: false,
      image: null,
      link: 'https://example.com/x',
      order: 0,
      options: [],
      pathRules: [],
    });
    const single = await addQuestion(s, c._id, choice('Pick one', ['Red', 'Green']));
    const multi = await addQuestion(s, c._id, {
      type: 'MultiChoice',
      text: 'Pick many',
      optional: true,
      image: 'http://parley.test/files/campaigns/x/y.png',
      options: [{ text: 'A', tags: ['a', 'a', 'b'] }, { text: 'B' }],
    });
    const ranking = await addQuestion(s, c._id, {
      type: 'Ranking',
      text: 'Rank',
      options: [{ text: '1' }, { text: '2' }],
    });
    expect([single.order, multi.order, ranking.order]).toEqual([1, 2, 3]);
    expect(single.options.map((o) => [o.text, o.order])).toEqual([
      ['Red', 0],
      ['Green', 1],
    ]);
    expect(multi.options[0]?.tags).toEqual(['a', 'b']);
    expect(single.options.every((o) => /^[0-9a-f-]{36}$/.test(o._id))).toBe(true);

    const listed = await listQuestions(s, c._id);
    expect(listed).toEqual([free, single, multi, ranking]);
    const campaign = await getCampaign(s, c._id);
    expect(campaign.questionCount).toBe(4);
    expect(Date.parse(campaign.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
  });

  it('refuses bad questions with 400 naming the field', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'FreeText', text: 'x' }, 'text'],
      [{ type: 'FreeText', text: 'x'.repeat(1001) }, 'text'],
      [{ type: 'Essay', text: 'Hello' }, 'type'],
      [{ type: 'FreeText', text: 'Hello', options: [{ text: 'A' }] }, 'options'],
      [{ type: 'SingleChoice', text: 'Hello', options: [{ text: 'A' }] }, 'options'],
      [{ type: 'Ranking', text: 'Hello', options: [{ text: 'A' }, { text: ' a ' }] }, 'options.1.text'],
      [{ type: 'MultiChoice', text: 'Hello', options: [{ text: 'A' }, { text: '' }] }, 'options.1.text'],
      [
        { type: 'MultiChoice', text: 'Hello', options: [{ text: 'A' }, { text: 'x'.repeat(201) }] },
        'options.1.text',
      ],
      [{ type: 'FreeText', text: 'Hello', link: 'ftp://example.com' }, 'link'],
      [{ type: 'FreeText', text: 'Hello', link: 'javascript:alert(1)' }, 'link'],
      [{ type: 'FreeText', text: 'Hello', image: 'javascript:alert(1)' }, 'image'],
      [
        { type: 'SingleChoice', text: 'Hello', options: [{ text: 'A', tags: [''] }, { text: 'B' }] },
        'options.0.tags.0',
      ],
    ];
    for (const [payload, field] of cases) {
      expectError(
        await s.apiUnchecked(api.questions.create, { params: { id: c._id }, body: payload }),
        400,
        'validation',
        field,
      );
    }
    expect((await getCampaign(s, c._id)).questionCount).toBe(0);
  });

  it('may add questions to a running campaign, never to an ended or archived one', async () => {
    const s = await ownerSession(ctx);
    const running = await runningCampaign(s);
    const added = await addQuestion(s, running._id, choice('Late question', ['Yes', 'No']));
    expect(added.order).toBe(1);
    expect((await getCampaign(s, running._id)).questionCount).toBe(2);

    const ended = await endedCampaign(s);
    expectError(
      await s.api(api.questions.create, { params: { id: ended._id }, body: freeText('Too late') }),
      409,
      'campaign/ended',
    );
    await s.api(api.campaigns.archive, { params: { id: running._id } });
    expectError(
      await s.api(api.questions.create, { params: { id: running._id }, body: freeText('Archived') }),
      409,
      'campaign/archived',
    );
    // An archived campaign's questions stay readable.
    expect(await listQuestions(s, running._id)).toHaveLength(2);
  });
});

describe('update', () => {
  it('keeps option ids, adds options sent without one, deletes those not sent', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const q = await addQuestion(s, c._id, choice('Colour?', ['Red', 'Green', 'Blue']));
    const [red, green, blue] = q.options as [
      Question['options'][0],
      Question['options'][0],
      Question['options'][0],
    ];
    clock.advance(1000);
    const res = await update(s, q, {
      text: 'Favourite colour?',
      optional: true,
      options: [
        { _id: blue._id, text: 'Dark blue', tags: ['cool'] },
        { text: 'Yellow' },
        { _id: red._id, text: 'Red' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Question = res.json();
    expect(updated.text).toBe('Favourite colour?');
    expect(updated.optional).toBe(true);
    expect(updated.options.map((o) => [o.text, o.order, o.tags])).toEqual([
      ['Dark blue', 0, ['cool']],
      ['Yellow', 1, []],
      ['Red', 2, []],
    ]);
    expect(updated.options[0]?._id).toBe(blue._id);
    expect(updated.options[2]?._id).toBe(red._id);
    expect([red._id, green._id, blue._id]).not.toContain(updated.options[1]?._id);
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(q.updatedAt));
    expect((await listQuestions(s, c._id))[0]).toEqual(updated);
  });

  it('refuses a stale update (409 conflict/stale) and bad input (400)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const q = await addQuestion(s, c._id, freeText('First text'));
    expect((await update(s, q, { text: 'Second text' })).statusCode).toBe(200);
    expectError(await update(s, q, { text: 'Third text' }), 409, 'conflict/stale', 'updatedAt');
    const fresh = (await listQuestions(s, c._id))[0] as Question;
    expectError(await update(s, fresh, { text: 'x' }), 400, 'validation', 'text');
    expectError(await update(s, fresh, { type: 'SingleChoice' }), 400, 'validation', 'options');
  });

  it("answers 404 for an option id that is not this question's", async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const q1 = await addQuestion(s, c._id, choice('One?', ['A', 'B']));
    const q2 = await addQuestion(s, c._id, choice('Two?', ['C', 'D']));
    const foreign = q2.options[0]?._id;
    expectError(
      await update(s, q1, { options: [{ _id: foreign, text: 'A' }, { text: 'B' }] }),
      404,
      'not-found',
      'options.0._id',
    );
    expectError(
      await update(s, q1, { options: [{ _id: randomUUID(), text: 'A' }, { text: 'B' }] }),
      404,
      'not-found',
      'options.0._id',
    );
  });

  it('changes a type in a draft; after the first start the type is fixed, other edits still work', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const q = await addQuestion(s, c._id, choice('Which?', ['A', 'B']));
    const asMulti = await update(s, q, { type: 'MultiChoice' });
    expect(asMulti.statusCode, asMulti.body).toBe(200);
    const asFree = await update(s, asMulti.json(), { type: 'FreeText', options: [] });
    expect(asFree.json()).toMatchObject({ type: 'FreeText', options: [] });

    await post(s, api.campaigns.start, c._id);
    const current = asFree.json();
    expectError(
      await update(s, current, { type: 'SingleChoice', options: [{ text: 'A' }, { text: 'B' }] }),
      409,
      'campaign/type-fixed',
      'type',
    );
    const edited = await update(s, current, { text: 'Edited while running', optional: true });
    expect(edited.statusCode, edited.body).toBe(200);

    // Stopped and restarted: still fixed.
    await post(s, api.campaigns.stop, c._id);
    await post(s, api.campaigns.start, c._id);
    expectError(
      await update(s, edited.json(), { type: 'Ranking', options: [{ text: 'A' }, { text: 'B' }] }),
      409,
      'campaign/type-fixed',
    );
  });

  it('an ended campaign refuses every question change (409 campaign/ended)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const q = await addQuestion(s, c._id, choice('Which?', ['A', 'B']));
    await post(s, api.campaigns.start, c._id);
    await post(s, api.campaigns.stop, c._id);
    const id = c._id;
    const params = { id, qid: q._id };
    const calls = [
      () => s.api(api.questions.create, { params: { id }, body: freeText('New one') }),
      () => s.api(api.questions.update, { params, body: { ...q, text: 'Changed' } }),
      () => s.api(api.questions.remove, { params }),
      () => s.api(api.questions.replace, { params, body: freeText('Replacement') }),
      () => s.api(api.questions.order, { params: { id }, body: { questions: [{ _id: q._id, order: 0 }] } }),
      () =>
        s.api(api.questions.optionOrder, {
          params,
          body: { options: q.options.map((o, i) => ({ _id: o._id, order: 1 - i })) },
        }),
      () =>
        s.api(api.questions.optionTags, {
          params: { ...params, oid: q.options[0]?._id as string },
          body: { tags: ['x'] },
        }),
    ];
    for (const call of calls) expectError(await call(), 409, 'campaign/ended');
    expect(await listQuestions(s, c._id)).toEqual([q]);
  });
});

describe('path rules', () => {
  it('in a draft, a non-optional single-choice question jumps forward or to the end', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [q1, , q3] = qs;
    const res = await update(s, q1, {
      options: [...q1.options.map((o) => ({ _id: o._id, text: o.text })), { text: 'D' }],
      pathRules: [
        { optionId: q1.options[0]?._id, nextQuestionId: q3._id },
        { optionId: q1.options[1]?._id, nextQuestionId: null },
        { optionIndex: 3, nextQuestionId: q3._id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Question = res.json();
    expect(updated.pathRules).toEqual([
      { optionId: q1.options[0]?._id, nextQuestionId: q3._id },
      { optionId: q1.options[1]?._id, nextQuestionId: null },
      { optionId: updated.options[3]?._id, nextQuestionId: q3._id },
    ]);
    // A new question's rule can only end the survey (nothing comes after it).
    const last = await addQuestion(
      s,
      c._id,
      choice('Q4', ['A', 'B'], { pathRules: [{ optionIndex: 0, nextQuestionId: null }] }),
    );
    expect(last.pathRules).toEqual([{ optionId: last.options[0]?._id, nextQuestionId: null }]);
  });

  it('refuses rules that jump backward, to itself, elsewhere, or name no option of the question (400)', async () => {
    const s = await ownerSession(ctx);
    const { qs } = await threeQuestions(s);
    const other = await threeQuestions(s);
    const [q1, q2, q3] = qs;
    const rule = (r: Record<string, unknown>) => ({ pathRules: [r] });
    const a = q2.options[0]?._id;
    const cases: [Record<string, unknown>, string][] = [
      [rule({ optionId: a, nextQuestionId: q1._id }), 'pathRules.0.nextQuestionId'],
      [rule({ optionId: a, nextQuestionId: q2._id }), 'pathRules.0.nextQuestionId'],
      [rule({ optionId: a, nextQuestionId: other.qs[2]._id }), 'pathRules.0.nextQuestionId'],
      [rule({ optionId: a, nextQuestionId: randomUUID() }), 'pathRules.0.nextQuestionId'],
      [rule({ optionId: q1.options[0]?._id, nextQuestionId: q3._id }), 'pathRules.0.optionId'],
      [rule({ optionIndex: 7, nextQuestionId: q3._id }), 'pathRules.0.optionIndex'],
      [rule({ nextQuestionId: q3._id }), 'pathRules.0'],
      [
        {
          pathRules: [
            { optionId: a, nextQuestionId: q3._id },
            { optionIndex: 0, nextQuestionId: null },
          ],
        },
        'pathRules.1.optionId',
      ],
    ];
    for (const [patch, field] of cases) expectError(await update(s, q2, patch), 400, 'validation', field);
    expectError(
      await s.api(api.questions.create, {
        params: { id: q1.campaignId },
        body: choice('Q4', ['A', 'B'], { pathRules: [{ optionIndex: 0, nextQuestionId: q3._id }] }),
      }),
      400,
      'validation',
      'pathRules.0.nextQuestionId',
    );
  });

  it('refuses rules on optional or other-type questions (400 naming pathRules)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const multi = await addQuestion(s, c._id, { ...choice('Multi', ['A', 'B']), type: 'MultiChoice' });
    const optional = await addQuestion(s, c._id, choice('Optional', ['A', 'B'], { optional: true }));
    const end = { nextQuestionId: null };
    expectError(
      await update(s, multi, { pathRules: [{ optionIndex: 0, ...end }] }),
      400,
      'validation',
      'pathRules',
    );
    expectError(
      await update(s, optional, { pathRules: [{ optionIndex: 0, ...end }] }),
      400,
      'validation',
      'pathRules',
    );
    expectError(
      await s.api(api.questions.create, {
        params: { id: c._id },
        body: choice('Optional too', ['A', 'B'], {
          optional: true,
          pathRules: [{ optionIndex: 0, ...end }],
        }),
      }),
      400,
      'validation',
      'pathRules',
    );
  });

  it('are cleared when the question becomes optional or another type', async () => {
    const s = await ownerSession(ctx);
    const { qs } = await threeQuestions(s);
    const [q1, , q3] = qs;
    const withRule = (
      await update(s, q1, { pathRules: [{ optionIndex: 0, nextQuestionId: q3._id }] })
    ).json();
    expect(withRule.pathRules).toHaveLength(1);
    const optional = await update(s, withRule, { optional: true });
    expect(optional.statusCode, optional.body).toBe(200);
    expect(optional.json().pathRules).toEqual([]);

    const again = (
      await update(s, optional.json(), {
        optional: false,
        pathRules: [{ optionIndex: 0, nextQuestionId: q3._id }],
      })
    ).json();
    const multi = await update(s, again, { type: 'MultiChoice' });
    expect(multi.json().pathRules).toEqual([]);
  });

  it('are cleared when their target is deleted or moved before them, or their option deleted', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [q1, q2, q3] = qs;
    const set = await update(s, q1, {
      pathRules: [
        { optionIndex: 0, nextQuestionId: q3._id },
        { optionIndex: 1, nextQuestionId: q2._id },
        { optionIndex: 2, nextQuestionId: null },
      ],
    });
    expect(set.json().pathRules).toHaveLength(3);
    // Q2 moves before Q1: its rule goes, the others stay.
    const moved = await reorder(s, c._id, [q2, q1, q3]);
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = moved.json().documents as Question[];
    expect(texts(afterMove)).toEqual(['Q2', 'Q1', 'Q3']);
    expect(afterMove[1]?.pathRules.map((r) => r.nextQuestionId)).toEqual([q3._id, null]);

    // Q3 is deleted: the rule that jumped to it goes.
    expect((await remove(s, q3)).statusCode).toBe(204);
    const afterDelete = await listQuestions(s, c._id);
    expect(afterDelete[1]?.pathRules).toEqual([{ optionId: q1.options[2]?._id, nextQuestionId: null }]);

    // The option with the last rule is deleted: the rule goes with it.
    const q1now = afterDelete[1] as Question;
    const trimmed = await update(s, q1now, {
      options: q1now.options.slice(0, 2).map((o) => ({ _id: o._id, text: o.text })),
    });
    expect(trimmed.json().pathRules).toEqual([]);
  });

  it('outside a draft they stay as they are: sending them back works, changing them is 409 draft-only', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [q1, , q3] = qs;
    const withRule: Question = (
      await update(s, q1, { pathRules: [{ optionIndex: 0, nextQuestionId: q3._id }] })
    ).json();
    await post(s, api.campaigns.start, c._id);

    const same = await update(s, withRule, { text: 'Q1 edited' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().pathRules).toEqual(withRule.pathRules);
    // An empty list counts as not sent.
    const omitted = await update(s, same.json(), { pathRules: [] });
    expect(omitted.json().pathRules).toEqual(withRule.pathRules);
    expectError(
      await update(s, omitted.json(), { pathRules: [{ optionIndex: 1, nextQuestionId: null }] }),
      409,
      'campaign/draft-only',
    );
    expectError(
      await s.api(api.questions.create, {
        params: { id: c._id },
        body: choice('Q4', ['A', 'B'], { pathRules: [{ optionIndex: 0, nextQuestionId: null }] }),
      }),
      409,
      'campaign/draft-only',
    );
  });
});

describe('remove', () => {
  it('deletes a question, keeps the order contiguous and the count in sync', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const res = await remove(s, qs[1]);
    expect(res.statusCode).toBe(204);
    const left = await listQuestions(s, c._id);
    expect(texts(left)).toEqual(['Q1', 'Q3']);
    expect(orders(left)).toEqual([0, 1]);
    expect((await getCampaign(s, c._id)).questionCount).toBe(2);
    expectError(await remove(s, qs[1]), 404, 'not-found');
  });

  it('deletes questions of a running campaign but keeps its last one', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    await post(s, api.campaigns.start, c._id);
    expect((await remove(s, qs[0])).statusCode).toBe(204);
    expect((await remove(s, qs[2])).statusCode).toBe(204);
    expectError(await remove(s, qs[1]), 409, 'campaign/too-few-questions');
    const left = await listQuestions(s, c._id);
    expect(left.map((q) => [q.text, q.order])).toEqual([['Q2', 0]]);
    expect((await getCampaign(s, c._id)).questionCount).toBe(1);
  });

  it('an archived campaign refuses it (409 campaign/archived)', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    await s.api(api.campaigns.archive, { params: { id: c._id } });
    expectError(await remove(s, qs[0]), 409, 'campaign/archived');
  });
});

describe('replace', () => {
  it('swaps a question for a new one of any type at the same place, in a draft', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [q1, q2] = qs;
    await update(s, q1, { pathRules: [{ optionIndex: 0, nextQuestionId: q2._id }] });
    const res = await s.api(api.questions.replace, {
      params: { id: c._id, qid: q2._id },
      body: { type: 'Ranking', text: 'Rank instead', options: [{ text: 'X' }, { text: 'Y' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const replacement: Question = res.json();
    expect(replacement).toMatchObject({ type: 'Ranking', text: 'Rank instead', order: 1 });
    expect(replacement._id).not.toBe(q2._id);
    const now = await listQuestions(s, c._id);
    expect(texts(now)).toEqual(['Q1', 'Rank instead', 'Q3']);
    expect(orders(now)).toEqual([0, 1, 2]);
    // The rule that jumped to the old question jumps to its replacement.
    expect(now[0]?.pathRules).toEqual([{ optionId: q1.options[0]?._id, nextQuestionId: replacement._id }]);
    expect((await getCampaign(s, c._id)).questionCount).toBe(3);
    expectError(
      await s.api(api.questions.replace, { params: { id: c._id, qid: q2._id }, body: freeText('Gone') }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.questions.replace, {
        params: { id: c._id, qid: q1._id },
        body: { type: 'FreeText', text: 'x' },
      }),
      400,
      'validation',
      'text',
    );
  });

  it('is refused outside a draft (409 campaign/draft-only)', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    await post(s, api.campaigns.start, c._id);
    expectError(
      await s.api(api.questions.replace, { params: { id: c._id, qid: qs[0]._id }, body: freeText('New') }),
      409,
      'campaign/draft-only',
    );
  });
});

describe('order', () => {
  it('reorders questions and answers them in the new order', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [q1, q2, q3] = qs;
    const res = await s.api(api.questions.order, {
      params: { id: c._id },
      body: {
        questions: [
          { _id: q3._id, order: 0 },
          { _id: q1._id, order: 5 },
          { _id: q2._id, order: 9 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(texts(res.json().documents)).toEqual(['Q3', 'Q1', 'Q2']);
    expect(orders(res.json().documents)).toEqual([0, 1, 2]);
    expect(await listQuestions(s, c._id)).toEqual(res.json().documents);
  });

  it('refuses a list that misses or repeats questions (400) or names another one (404)', async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const other = await threeQuestions(s);
    const order = (questions: { _id: string; order: number }[]) =>
      s.api(api.questions.order, { params: { id: c._id }, body: { questions } });
    const item = (q: Question, order: number) => ({ _id: q._id, order });
    expectError(await order([item(qs[0], 0), item(qs[1], 1)]), 400, 'validation', 'questions');
    expectError(
      await order([item(qs[0], 0), item(qs[0], 1), item(qs[1], 2)]),
      400,
      'validation',
      'questions.1._id',
    );
    expectError(
      await order([item(qs[0], 0), item(qs[1], 1), item(other.qs[2], 2)]),
      404,
      'not-found',
      'questions.2._id',
    );
    expectError(await order([]), 400, 'validation', 'questions');
  });

  /**
   * The reported case: Q1 (single choice) sends "Never" to Q4. A reorder keeps every rule that
   * still jumps forward; in a draft one that would jump backward goes (the console asks first);
   * in a running campaign such a reorder is refused and nothing changes.
   */
  const withNeverToQ4 = async (s: Session) => {
    const c = await createCampaign(s);
    const q1 = await addQuestion(s, c._id, choice('Q1', ['Always', 'Never']));
    const q2 = await addQuestion(s, c._id, choice('Q2', ['A', 'B']));
    const q3 = await addQuestion(s, c._id, choice('Q3', ['A', 'B']));
    const q4 = await addQuestion(s, c._id, choice('Q4', ['A', 'B']));
    const never = q1.options[1]?._id as string;
    const set = await update(s, q1, { pathRules: [{ optionId: never, nextQuestionId: q4._id }] });
    expect(set.statusCode, set.body).toBe(200);
    return { c, q1, q2, q3, q4, rule: { optionId: never, nextQuestionId: q4._id } };
  };
  const ruleOf = (qs: Question[], text: string) => qs.find((q) => q.text === text)?.pathRules;

  it('keeps every path rule that still jumps forward, in a draft and in a running campaign', async () => {
    const s = await ownerSession(ctx);
    for (const running of [false, true]) {
      const { c, q1, q2, q3, q4, rule } = await withNeverToQ4(s);
      if (running) await post(s, api.campaigns.start, c._id);
      // Q4 moves up to second place and Q3 to the end: Q4 still comes after Q1.
      const moved = await reorder(s, c._id, [q1, q4, q2, q3]);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(texts(moved.json().documents)).toEqual(['Q1', 'Q4', 'Q2', 'Q3']);
      expect(ruleOf(moved.json().documents, 'Q1')).toEqual([rule]);
      // Q1 moves down, still before Q4.
      const again = await reorder(s, c._id, [q2, q1, q3, q4]);
      expect(again.statusCode, again.body).toBe(200);
      expect(ruleOf(again.json().documents, 'Q1')).toEqual([rule]);
      expect(ruleOf(await listQuestions(s, c._id), 'Q1')).toEqual([rule]);
    }
  });

  it('in a draft, drops only the rules the new order turns backward', async () => {
    const s = await ownerSession(ctx);
    const { c, q1, q2, q3, q4 } = await withNeverToQ4(s);
    const q1now = (await listQuestions(s, c._id))[0] as Question;
    const ended = await update(s, q1now, {
      pathRules: [...q1now.pathRules, { optionId: q1.options[0]?._id, nextQuestionId: null }],
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const moved = await reorder(s, c._id, [q4, q1, q2, q3]);
    expect(moved.statusCode, moved.body).toBe(200);
    // "Never → Q4" would now jump backward and goes; "Always → end" holds in any order.
    expect(ruleOf(moved.json().documents, 'Q1')).toEqual([
      { optionId: q1.options[0]?._id, nextQuestionId: null },
    ]);
    // Moving back does not bring a dropped rule back: that is why the console asks first.
    const back = await reorder(s, c._id, [q1, q2, q3, q4]);
    expect(ruleOf(back.json().documents, 'Q1')).toEqual([
      { optionId: q1.options[0]?._id, nextQuestionId: null },
    ]);
  });

  it('in a running campaign, refuses an order that would turn a rule backward (409), changing nothing', async () => {
    const s = await ownerSession(ctx);
    const { c, q1, q2, q3, q4, rule } = await withNeverToQ4(s);
    await post(s, api.campaigns.start, c._id);
    const before = await listQuestions(s, c._id);
    const campaignBefore = await getCampaign(s, c._id);
    clock.advance(1000);

    const refused = await reorder(s, c._id, [q4, q1, q2, q3]);
    expectError(refused, 409, 'campaign/path-rules-fixed', 'questions');
    // The reason names the rule by the positions it would have.
    expect(refused.error().message).toContain('question 2 → question 1');
    // Q4 moved to just Q1's place is as backward as before it.
    expectError(await reorder(s, c._id, [q2, q4, q1, q3]), 409, 'campaign/path-rules-fixed');

    expect(await listQuestions(s, c._id)).toEqual(before);
    expect(ruleOf(before, 'Q1')).toEqual([rule]);
    expect((await getCampaign(s, c._id)).updatedAt).toBe(campaignBefore.updatedAt);
  });

  it("reorders a question's options", async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const [a, b, cc] = qs[0].options as [
      Question['options'][0],
      Question['options'][0],
      Question['options'][0],
    ];
    const optionOrder = (options: { _id: string; order: number }[]) =>
      s.api(api.questions.optionOrder, { params: { id: c._id, qid: qs[0]._id }, body: { options } });
    const res = await optionOrder([
      { _id: cc._id, order: 0 },
      { _id: a._id, order: 1 },
      { _id: b._id, order: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options.map((o: { text: string; order: number }) => [o.text, o.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect((await listQuestions(s, c._id))[0]).toEqual(res.json());
    expectError(await optionOrder([{ _id: a._id, order: 0 }]), 400, 'validation', 'options');
    expectError(
      await optionOrder([
        { _id: a._id, order: 0 },
        { _id: b._id, order: 1 },
        { _id: qs[1].options[0]?._id as string, order: 2 },
      ]),
      404,
      'not-found',
      'options.2._id',
    );
  });
});

describe('option tags', () => {
  it("sets an option's tags, without duplicates, in a draft or running campaign", async () => {
    const s = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(s);
    const option = qs[0].options[1];
    const tags = (t: string[]) =>
      s.api(api.questions.optionTags, {
        params: { id: c._id, qid: qs[0]._id, oid: option?._id as string },
        body: { tags: t },
      });
    const res = await tags(['vip', ' vip ', 'beta']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options[1]).toEqual({ ...option, tags: ['vip', 'beta'] });
    await post(s, api.campaigns.start, c._id);
    const again = await tags([]);
    expect(again.json().options[1]?.tags).toEqual([]);
    expectError(await tags(['x'.repeat(51)]), 400, 'validation', 'tags.0');
    expectError(
      await s.api(api.questions.optionTags, {
        params: { id: c._id, qid: qs[0]._id, oid: qs[1].options[0]?._id as string },
        body: { tags: ['x'] },
      }),
      404,
      'not-found',
    );
  });
});

describe('tenancy', () => {
  it("answers 404 for another manufacturer's campaign, question and option on every question call", async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const { c, qs } = await threeQuestions(owner);
    const mine = await threeQuestions(stranger);
    const q = qs[0];
    const opt = q.options[0]?._id ?? '';
    const body = { type: 'FreeText', text: 'Hijacked' } as const;
    const calls = (id: string, qid: string, oid: string) => [
      () => stranger.api(api.questions.list, { params: { id } }),
      () => stranger.api(api.questions.create, { params: { id }, body }),
      () => stranger.api(api.questions.update, { params: { id, qid }, body }),
      () => stranger.api(api.questions.remove, { params: { id, qid } }),
      () => stranger.api(api.questions.replace, { params: { id, qid }, body }),
      () =>
        stranger.api(api.questions.order, { params: { id }, body: { questions: [{ _id: qid, order: 0 }] } }),
      () =>
        stranger.api(api.questions.optionOrder, {
          params: { id, qid },
          body: { options: [{ _id: oid, order: 0 }] },
        }),
      () => stranger.api(api.questions.optionTags, { params: { id, qid, oid }, body: { tags: ['x'] } }),
    ];
    // The stranger names the owner's campaign …
    for (const call of calls(c._id, q._id, opt)) expectError(await call(), 404, 'not-found');
    // … or its own campaign with the owner's question …
    for (const call of calls(mine.c._id, q._id, opt).slice(2)) expectError(await call(), 404, 'not-found');
    // … or its own question with the owner's option.
    const own = mine.qs[0];
    const optionCalls = calls(mine.c._id, own._id, opt).slice(6);
    for (const call of optionCalls) expectError(await call(), 404, 'not-found');
    expectError(
      await stranger.api(api.questions.update, {
        params: { id: mine.c._id, qid: own._id },
        body: { ...own, options: [{ _id: opt, text: 'A' }, { text: 'B' }] },
      }),
      404,
      'not-found',
    );
    // Nothing of the owner's changed.
    expect(await listQuestions(owner, c._id)).toEqual(qs);
  });
});
