import type { PublicQuestion, Question } from '@parley/contract';
import type { QuestionRow, QuestionWithOptions } from './questions.repository.js';

export const toQuestion = (
  q: QuestionRow,
  options: { id: string; text: string; order: number; tags: string[] }[],
): Question => ({
  _id: q.id,
  campaignId: q.campaignId,
  type: q.type,
  text: q.text,
  optional: q.optional,
  image: q.image,
  link: q.link,
  order: q.order,
  options: [...options]
    .sort((a, b) => a.order - b.order)
    .map((o) => ({ _id: o.id, text: o.text, order: o.order, tags: o.tags })),
  pathRules: q.pathRules,
  createdAt: q.createdAt.toISOString(),
  updatedAt: q.updatedAt.toISOString(),
});

/** A question as the participant's page shows it: no tags, no order numbers, no timestamps. */
export const toPublicQuestion = (q: QuestionWithOptions): PublicQuestion => ({
  _id: q.id,
  type: q.type,
  text: q.text,
  optional: q.optional,
  image: q.image,
  link: q.link,
  options: q.options.map((o) => ({ _id: o.id, text: o.text })),
  pathRules: q.pathRules,
});
