import { randomUUID } from 'node:crypto';
import { type api, prunePathRules, type RouteBody, samePathRules } from '@parley/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { CampaignRow, CampaignService } from '../campaigns/index.js';
// A question's change is refused with its campaign's codes (`campaign/*`): loading the campaigns module's
// face declares them, so this service never throws an undeclared code.
import '../campaigns/index.js';
import { resolvePathRules } from './questions.path-rules.js';
import {
  insertOptions,
  insertQuestion,
  type NewOptionRow,
  type QuestionWithOptions,
  setPathRules,
  setQuestionOrders,
} from './questions.repository.js';

/** What the questions module's use cases share: the bodies, refusals, a reorder's check, the campaign's arrangement. */

export type QuestionInput = RouteBody<typeof api.questions.create>;
export type QuestionUpdate = RouteBody<typeof api.questions.update>;
export type OrderItem = { _id: string; order: number };

export const draftOnly = (what: string) =>
  new AppError('campaign/draft-only', `${what} only while the campaign is a draft.`, 'pathRules');
export const invalid = (field: string, message: string) =>
  new AppError('validation', `${field}: ${message}`, field);
export const uniqueTags = (tags: string[]) => [...new Set(tags)];

/**
 * Checks a reorder body: every listed id is one of `current` (else 404 naming it), none twice,
 * none missing; answers the ids sorted by the orders sent.
 */
export const sortByRequest = (key: 'questions' | 'options', items: OrderItem[], current: string[]) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!current.includes(item._id)) {
      const what = key === 'questions' ? 'question' : 'option';
      throw new AppError('not-found', `The ${what} does not exist.`, `${key}.${i}._id`);
    }
    if (seen.has(item._id)) throw invalid(`${key}.${i}._id`, 'appears twice');
    seen.add(item._id);
  });
  if (seen.size !== current.length) throw invalid(key, `must list each of the ${current.length} ${key} once`);
  // Equal orders keep the current sequence, so a client may send only the moved positions' values.
  return [...items]
    .sort((a, b) => a.order - b.order || current.indexOf(a._id) - current.indexOf(b._id))
    .map((i) => i._id);
};

/**
 * What the questions module tells the others, in the transaction of the change (lib/domain-events.ts):
 * `option.tags-to-past-pickers`, after which the contacts who picked the option in the campaign's
 * answers so far must have its tags (the tags module's, D17: the owner asked to re-apply them).
 */
export type QuestionEvents = {
  'option.tags-to-past-pickers': {
    manufacturerId: string;
    campaignId: string;
    optionId: string;
    tags: string[];
  };
};

export type QuestionDeps = {
  db: Db;
  clock: Clock;
  campaigns: Pick<CampaignService, 'row' | 'lockChangeable' | 'touch'>;
};

/** Finding a question, re-arranging a campaign's questions and inserting a new one, under the campaign's lock. */
export const createQuestionCore = ({ campaigns }: Pick<QuestionDeps, 'campaigns'>) => {
  const touchCampaign = campaigns.touch;
  const findIn = (all: QuestionWithOptions[], id: string) => {
    const q = all.find((x) => x.id === id);
    if (!q) throw notFound('question');
    return q;
  };

  /**
   * Puts the campaign's questions in `sequence` order (0..n-1), drops path rules that no longer
   * jump forward to an existing question, and brings the campaign's counter and updatedAt along.
   */
  const arrange = async (tx: Tx, c: CampaignRow, sequence: QuestionWithOptions[], now: Date) => {
    const orderById = new Map(sequence.map((q, i) => [q.id, i]));
    await setQuestionOrders(
      tx,
      sequence.flatMap((q, i) => (q.order === i ? [] : [{ id: q.id, order: i }])),
    );
    for (const [i, q] of sequence.entries()) {
      const kept = prunePathRules(q.pathRules, {
        question: { type: q.type, optional: q.optional, order: i },
        optionIds: q.options.map((o) => o.id),
        orderById,
      });
      if (!samePathRules(kept, q.pathRules)) await setPathRules(tx, q.id, kept);
    }
    await touchCampaign(tx, c.id, now, { questionCount: sequence.length });
  };

  const newOptions = (questionId: string, manufacturerId: string, input: QuestionInput['options']) =>
    input.map((o, i): NewOptionRow & { id: string; tags: string[] } => ({
      id: randomUUID(),
      questionId,
      manufacturerId,
      text: o.text,
      order: i,
      tags: uniqueTags(o.tags),
    }));

  /** Inserts a new question at `order`, its options and its (validated) path rules. */
  const insertNew = async (
    tx: Tx,
    c: CampaignRow,
    input: QuestionInput,
    order: number,
    others: QuestionWithOptions[],
    now: Date,
  ) => {
    const id = randomUUID();
    const options = newOptions(id, c.manufacturerId, input.options);
    const pathRules = resolvePathRules(input.pathRules, {
      question: { type: input.type, optional: input.optional, order },
      optionIds: options.map((o) => o.id),
      others: others.map((q) => ({ id: q.id, order: q.order })),
    });
    const row = await insertQuestion(tx, {
      id,
      campaignId: c.id,
      manufacturerId: c.manufacturerId,
      type: input.type,
      text: input.text,
      optional: input.optional,
      image: input.image,
      link: input.link,
      order,
      pathRules,
      createdAt: now,
      updatedAt: now,
    });
    await insertOptions(tx, options);
    return { row, options };
  };

  return { findIn, arrange, insertNew };
};
export type QuestionCore = ReturnType<typeof createQuestionCore>;
