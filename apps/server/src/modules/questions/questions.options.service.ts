import type { Publisher } from '../../lib/domain-events.js';
import { notFound } from '../../lib/errors.js';
import { toQuestion } from './questions.dto.js';
import {
  listQuestions,
  questionTouchedAt,
  setOptionOrders,
  updateOption,
  updateQuestion,
} from './questions.repository.js';
import {
  type OrderItem,
  type QuestionCore,
  type QuestionDeps,
  type QuestionEvents,
  sortByRequest,
  uniqueTags,
} from './questions.shared.js';

/**
 * A question's options (D13, D17): their order, their tags (applied to past pickers on request,
 * through the tags module) and one option for the tags module's preview.
 */
export const createQuestionOptions = ({
  db,
  clock,
  campaigns,
  events,
  core,
}: QuestionDeps & { events: Publisher<QuestionEvents>; core: Pick<QuestionCore, 'findIn'> }) => {
  const lockChangeable = campaigns.lockChangeable;
  const touchCampaign = campaigns.touch;
  const { findIn } = core;
  return {
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
          await events.publish(tx, 'option.tags-to-past-pickers', {
            manufacturerId,
            campaignId: c.id,
            optionId: option.id,
            tags: unique,
          });
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
  };
};
