import { randomUUID } from 'node:crypto';
import {
  allowsPathRules,
  type api,
  type PathRule,
  pathRulesBrokenByOrder,
  prunePathRules,
  type RouteBody,
  samePathRules,
} from '@parley/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import type { CampaignRow, CampaignService } from '../campaigns/index.js';
// A question's change is refused with its campaign's codes (`campaign/*`): loading the campaigns module's
// face declares them, so this service never throws an undeclared code.
import '../campaigns/index.js';
import { copyQuestions } from './questions.copy.js';
import { toPublicQuestion, toQuestion } from './questions.dto.js';
import { resolvePathRules } from './questions.path-rules.js';
import {
  deleteOptions,
  deleteQuestion,
  insertOptions,
  insertQuestion,
  listQuestions,
  type NewOptionRow,
  type QuestionWithOptions,
  questionTouchedAt,
  setOptionOrders,
  setPathRules,
  setQuestionOrders,
  updateOption,
  updateQuestion,
} from './questions.repository.js';

type QuestionInput = RouteBody<typeof api.questions.create>;
type QuestionUpdate = RouteBody<typeof api.questions.update>;
type OrderItem = { _id: string; order: number };

const draftOnly = (what: string) =>
  new AppError('campaign/draft-only', `${what} only while the campaign is a draft.`, 'pathRules');
const invalid = (field: string, message: string) => new AppError('validation', `${field}: ${message}`, field);
const uniqueTags = (tags: string[]) => [...new Set(tags)];

/**
 * Checks a reorder body: every listed id is one of `current` (else 404 naming it), none twice,
 * none missing; answers the ids sorted by the orders sent.
 */
const sortByRequest = (key: 'questions' | 'options', items: OrderItem[], current: string[]) => {
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

/** Gives tags to the contacts who picked an option before (the tags module, late-bound; D17). */
export type TagPickers = (
  tx: Tx,
  q: { manufacturerId: string; campaignId: string; optionId: string; tags: string[] },
) => Promise<void>;

/**
 * D12, D13. Every change locks the campaign row first, so concurrent edits of one campaign run
 * one after the other and `order` stays 0..n-1, `questionCount` exact and path rules consistent.
 * Questions of a running campaign may be edited, added, reordered and deleted (answers live in
 * the tickets as the participant saw them, D13) but keep their type; path rules and
 * replace-question belong to drafts.
 */
export const createQuestionService = ({
  db,
  clock,
  campaigns,
  tagPickers,
}: {
  db: Db;
  clock: Clock;
  campaigns: Pick<CampaignService, 'row' | 'lockChangeable' | 'touch'>;
  tagPickers: TagPickers;
}) => {
  const lockChangeable = campaigns.lockChangeable;
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

  return {
    list: async (manufacturerId: string, campaignId: string) => {
      const c = await campaigns.row(manufacturerId, campaignId);
      const all = await listQuestions(db, c.id, manufacturerId);
      return { documents: all.map((q) => toQuestion(q, q.options)) };
    },

    /** Adds a question at the end; its path rules can only point to the end of the survey. */
    create: async (manufacturerId: string, campaignId: string, input: QuestionInput) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        if (input.pathRules.length > 0 && c.state !== 'draft') throw draftOnly('Path rules can be set');
        const all = await listQuestions(tx, c.id, manufacturerId);
        const { row, options } = await insertNew(tx, c, input, all.length, all, now);
        await touchCampaign(tx, c.id, now, { questionCount: all.length + 1 });
        return toQuestion(row, options);
      });
    },

    /**
     * Whole-body update. Options keep their ids (sent without one: new; not sent: deleted). Path
     * rules: set freely in a draft; outside a draft they stay as stored (an empty list counts as
     * "not sent", a different one is refused); a question that stops allowing them loses them.
     */
    update: async (manufacturerId: string, campaignId: string, id: string, body: QuestionUpdate) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        const all = await listQuestions(tx, c.id, manufacturerId);
        const q = findIn(all, id);
        assertFresh(q.updatedAt, body.updatedAt);
        if (body.type !== q.type && c.hasStarted) {
          throw new AppError(
            'campaign/type-fixed',
            'A question keeps its type once the campaign has started.',
            'type',
          );
        }

        const existing = new Set(q.options.map((o) => o.id));
        const kept = new Set<string>();
        body.options.forEach((o, i) => {
          if (o._id === undefined) return;
          if (!existing.has(o._id))
            throw new AppError('not-found', 'The option does not exist.', `options.${i}._id`);
          if (kept.has(o._id)) throw invalid(`options.${i}._id`, 'appears twice');
          kept.add(o._id);
        });
        const options = body.options.map((o, i) => ({
          id: o._id ?? randomUUID(),
          isNew: o._id === undefined,
          text: o.text,
          order: i,
          tags: uniqueTags(o.tags),
        }));

        // Rules sent back for options deleted by this very update go with their option.
        const removed = new Set(q.options.filter((o) => !kept.has(o.id)).map((o) => o.id));
        const sentRules = body.pathRules.filter((r) => r.optionId === undefined || !removed.has(r.optionId));

        const next = { type: body.type, optional: body.optional, order: q.order };
        const ctx = {
          question: next,
          optionIds: options.map((o) => o.id),
          others: all.filter((x) => x.id !== q.id).map((x) => ({ id: x.id, order: x.order })),
        };
        let pathRules: PathRule[];
        if (!allowsPathRules(next)) {
          // Rules sent for a question that never allowed them are a mistake; losing them by
          // becoming optional or another type is the expected consequence.
          if (!allowsPathRules(q)) resolvePathRules(sentRules, ctx);
          pathRules = [];
        } else if (c.state === 'draft') {
          pathRules = resolvePathRules(sentRules, ctx);
        } else {
          pathRules = prunePathRules(q.pathRules, {
            question: next,
            optionIds: ctx.optionIds,
            orderById: new Map(all.map((x) => [x.id, x.order])),
          });
          if (sentRules.length > 0) {
            const sent = resolvePathRules(sentRules, ctx);
            if (!samePathRules(sent, pathRules) && !samePathRules(sent, q.pathRules)) {
              throw draftOnly('Path rules can be changed');
            }
          }
        }

        await deleteOptions(tx, [...removed]);
        for (const o of options.filter((x) => !x.isNew)) {
          await updateOption(tx, o.id, { text: o.text, order: o.order, tags: o.tags });
        }
        await insertOptions(
          tx,
          options
            .filter((o) => o.isNew)
            .map((o) => ({
              id: o.id,
              questionId: q.id,
              manufacturerId,
              text: o.text,
              order: o.order,
              tags: o.tags,
            })),
        );
        const row = await updateQuestion(tx, q.id, {
          type: body.type,
          text: body.text,
          optional: body.optional,
          image: body.image,
          link: body.link,
          pathRules,
          updatedAt: questionTouchedAt(now),
        });
        await touchCampaign(tx, c.id, now);
        return toQuestion(row, options);
      });
    },

    /**
     * Deletes a question, in a draft or a running campaign (answers already given stay in their
     * tickets). A running campaign keeps at least one question. Rules that jumped to it go.
     */
    remove: async (manufacturerId: string, campaignId: string, id: string) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        const all = await listQuestions(tx, c.id, manufacturerId);
        const q = findIn(all, id);
        if (c.state === 'running' && all.length === 1) {
          throw new AppError(
            'campaign/too-few-questions',
            'A running campaign keeps at least one question; stop it first.',
          );
        }
        await deleteQuestion(tx, q.id);
        await arrange(
          tx,
          c,
          all.filter((x) => x.id !== q.id),
          now,
        );
      });
    },

    /** D13: swaps a question for a new one (any type) at the same place, in a draft only. */
    replace: async (manufacturerId: string, campaignId: string, id: string, input: QuestionInput) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        if (c.state !== 'draft') {
          throw new AppError('campaign/draft-only', 'A question can be replaced only in a draft.');
        }
        const all = await listQuestions(tx, c.id, manufacturerId);
        const old = findIn(all, id);
        const others = all.filter((x) => x.id !== old.id);
        await deleteQuestion(tx, old.id);
        const { row, options } = await insertNew(tx, c, input, old.order, others, now);
        // Rules that jumped to the old question now jump to its replacement, at the same place.
        for (const other of others) {
          if (!other.pathRules.some((r) => r.nextQuestionId === old.id)) continue;
          await setPathRules(
            tx,
            other.id,
            other.pathRules.map((r) => (r.nextQuestionId === old.id ? { ...r, nextQuestionId: row.id } : r)),
          );
        }
        await touchCampaign(tx, c.id, now, { questionCount: all.length });
        return toQuestion(row, options);
      });
    },

    /**
     * Reorders all questions. Path rules that still jump forward are kept. In a draft, rules the
     * new order would turn backward are dropped (the console names them and asks first); outside
     * a draft such an order is refused with nothing changed, since the rules could never be set
     * again there (docs/product-decisions.md).
     */
    order: async (manufacturerId: string, campaignId: string, items: OrderItem[]) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        const all = await listQuestions(tx, c.id, manufacturerId);
        const ids = sortByRequest(
          'questions',
          items,
          all.map((q) => q.id),
        );
        const sequence = ids.map((qid) => findIn(all, qid));
        if (c.state !== 'draft') {
          const broken = pathRulesBrokenByOrder(sequence.map((q) => ({ _id: q.id, pathRules: q.pathRules })));
          if (broken.length > 0) {
            const at = (id: string) => ids.indexOf(id) + 1;
            const which = broken
              .map((r) => `question ${at(r.questionId)} → question ${at(r.nextQuestionId ?? '')}`)
              .join(', ');
            throw new AppError(
              'campaign/path-rules-fixed',
              `This order would make path rules jump backward (${which}); path rules cannot change once the campaign has started.`,
              'questions',
            );
          }
        }
        await arrange(tx, c, sequence, now);
        const documents = await listQuestions(tx, c.id, manufacturerId);
        return { documents: documents.map((q) => toQuestion(q, q.options)) };
      });
    },

    optionOrder: async (manufacturerId: string, campaignId: string, id: string, items: OrderItem[]) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        const q = findIn(await listQuestions(tx, c.id, manufacturerId), id);
        const ids = sortByRequest(
          'options',
          items,
          q.options.map((o) => o.id),
        );
        await setOptionOrders(
          tx,
          ids.map((oid, i) => ({ id: oid, order: i })),
        );
        const row = await updateQuestion(tx, q.id, { updatedAt: questionTouchedAt(now) });
        await touchCampaign(tx, c.id, now);
        return toQuestion(
          row,
          q.options.map((o) => ({ ...o, order: ids.indexOf(o.id) })),
        );
      });
    },

    /**
     * Sets an option's tags (D17: given to contacts who pick it from now on); `applyToPast` gives them
     * to those who picked it already, in the same transaction.
     */
    optionTags: async (
      manufacturerId: string,
      campaignId: string,
      id: string,
      optionId: string,
      tags: string[],
      applyToPast = false,
    ) => {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const c = await lockChangeable(tx, manufacturerId, campaignId);
        const q = findIn(await listQuestions(tx, c.id, manufacturerId), id);
        const option = q.options.find((o) => o.id === optionId);
        if (!option) throw notFound('option');
        const unique = uniqueTags(tags);
        await updateOption(tx, option.id, { tags: unique });
        const row = await updateQuestion(tx, q.id, { updatedAt: questionTouchedAt(now) });
        await touchCampaign(tx, c.id, now);
        if (applyToPast && unique.length > 0) {
          await tagPickers(tx, { manufacturerId, campaignId: c.id, optionId: option.id, tags: unique });
        }
        return toQuestion(
          row,
          q.options.map((o) => (o.id === option.id ? { ...o, tags: unique } : o)),
        );
      });
    },

    /** The manufacturer's option of a question of a campaign, or 404 (the tags module's simulate preview). */
    option: async (manufacturerId: string, campaignId: string, id: string, optionId: string) => {
      await campaigns.row(manufacturerId, campaignId);
      const q = findIn(await listQuestions(db, campaignId, manufacturerId), id);
      const option = q.options.find((o) => o.id === optionId);
      if (!option) throw notFound('option');
      return { id: option.id, text: option.text, tags: option.tags, questionType: q.type };
    },
    /**
     * What the answer's transaction needs of a campaign's questions, read once: the questions as the
     * participant saw them, and the tags of the options chosen among them (D17).
     */
    forAnswer: async (tx: DbOrTx, campaignId: string) => {
      const all = await listQuestions(tx, campaignId);
      return {
        questions: all.map(toPublicQuestion),
        optionTags: (optionIds: string[]) => {
          const chosen = new Set(optionIds);
          return [
            ...new Set(all.flatMap((q) => q.options.filter((o) => chosen.has(o.id)).flatMap((o) => o.tags))),
          ];
        },
      };
    },
    /** Copies a campaign's questions into another in the caller's transaction (the campaign copy). */
    copy: copyQuestions,
    /** A campaign's questions in order with their options in order, as a participant sees them. */
    listPublic: async (tx: DbOrTx, campaignId: string) =>
      (await listQuestions(tx, campaignId)).map(toPublicQuestion),
  };
};
export type QuestionService = ReturnType<typeof createQuestionService>;
