import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { insertOptions, insertQuestion, listQuestions } from './questions.repository.js';

/**
 * Copies a campaign's questions with their options, option tags and path rules into another
 * campaign (D12's copy), in the caller's transaction, with fresh ids that the copied path rules
 * point at. Answers how many questions it copied. The campaigns module calls it through the
 * composition root.
 */
export const copyQuestions = async (
  tx: DbOrTx,
  q: { manufacturerId: string; fromCampaignId: string; toCampaignId: string; now: Date },
) => {
  const { manufacturerId, now } = q;
  const questions = await listQuestions(tx, q.fromCampaignId, manufacturerId);
  const newIds = new Map<string, string>();
  for (const question of questions) newIds.set(question.id, randomUUID());
  for (const o of questions.flatMap((question) => question.options)) newIds.set(o.id, randomUUID());
  const mapped = (oldId: string) => newIds.get(oldId) ?? oldId;
  for (const question of questions) {
    await insertQuestion(tx, {
      id: mapped(question.id),
      campaignId: q.toCampaignId,
      manufacturerId,
      type: question.type,
      text: question.text,
      optional: question.optional,
      image: question.image,
      link: question.link,
      order: question.order,
      pathRules: question.pathRules.map((r) => ({
        optionId: mapped(r.optionId),
        nextQuestionId: r.nextQuestionId === null ? null : mapped(r.nextQuestionId),
      })),
      createdAt: now,
      updatedAt: now,
    });
    await insertOptions(
      tx,
      question.options.map((o) => ({
        id: mapped(o.id),
        questionId: mapped(question.id),
        manufacturerId,
        text: o.text,
        order: o.order,
        tags: o.tags,
      })),
    );
  }
  return questions.length;
};
