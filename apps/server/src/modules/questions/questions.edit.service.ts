import { randomUUID } from 'node:crypto';
import {
  allowsPathRules,
  type PathRule,
  pathRulesBrokenByOrder,
  prunePathRules,
  samePathRules,
} from '@parley/contract';
import { AppError } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { toQuestion } from './questions.dto.js';
import { resolvePathRules } from './questions.path-rules.js';
import {
  deleteOptions,
  deleteQuestion,
  insertOptions,
  listQuestions,
  questionTouchedAt,
  setPathRules,
  updateOption,
  updateQuestion,
} from './questions.repository.js';
import {
  draftOnly,
  invalid,
  type OrderItem,
  type QuestionCore,
  type QuestionDeps,
  type QuestionInput,
  type QuestionUpdate,
  sortByRequest,
  uniqueTags,
} from './questions.shared.js';

/**
 * Editing a campaign's questions (D12, D13): the list, adding, the whole-body update, deleting,
 * replacing (drafts only) and reordering, each under the campaign's row lock.
 */
export const createQuestionEditing = ({
  db,
  clock,
  campaigns,
  core,
}: QuestionDeps & { core: QuestionCore }) => {
  const lockChangeable = campaigns.lockChangeable;
  const touchCampaign = campaigns.touch;
  const { findIn, arrange, insertNew } = core;
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
  };
};
