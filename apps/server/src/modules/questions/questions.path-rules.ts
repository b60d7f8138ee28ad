import type { PathRule, QuestionType } from '@parley/contract';
import { AppError } from '../../lib/errors.js';

/** A path rule as sent: an existing option by id, or a new one by its index in `options`. */
export type PathRuleInput = {
  optionId?: string | undefined;
  optionIndex?: number | undefined;
  nextQuestionId: string | null;
};

/** D13: path rules only on non-optional single-choice questions. */
export const allowsPathRules = (q: { type: QuestionType; optional: boolean }) =>
  q.type === 'SingleChoice' && !q.optional;

const invalid = (field: string, message: string) => new AppError('validation', `${field}: ${message}`, field);

/**
 * Turns sent rules into stored ones, or refuses them naming the field: each names one option of
 * this question (at most one rule per option) and jumps forward to a later question of the same
 * campaign or to the end (null).
 */
export const resolvePathRules = (
  input: PathRuleInput[],
  ctx: {
    question: { type: QuestionType; optional: boolean; order: number };
    /** The question's options after the change, in the order sent (new ones with their new ids). */
    optionIds: string[];
    /** Every other question of the campaign with its order after the change. */
    others: { id: string; order: number }[];
  },
): PathRule[] => {
  if (input.length === 0) return [];
  if (!allowsPathRules(ctx.question)) {
    throw invalid('pathRules', 'path rules apply only to non-optional single-choice questions');
  }
  const used = new Set<string>();
  return input.map((rule, i) => {
    const at = `pathRules.${i}`;
    if ((rule.optionId === undefined) === (rule.optionIndex === undefined)) {
      throw invalid(at, 'must name an option by optionId or by optionIndex');
    }
    const optionId = rule.optionId ?? ctx.optionIds[rule.optionIndex ?? -1];
    if (optionId === undefined || !ctx.optionIds.includes(optionId)) {
      const field = rule.optionId === undefined ? `${at}.optionIndex` : `${at}.optionId`;
      throw invalid(field, 'must be an option of this question');
    }
    if (used.has(optionId)) throw invalid(`${at}.optionId`, 'has a rule already');
    used.add(optionId);
    if (rule.nextQuestionId !== null) {
      const target = ctx.others.find((q) => q.id === rule.nextQuestionId);
      if (!target || target.order <= ctx.question.order) {
        throw invalid(
          `${at}.nextQuestionId`,
          'must be a later question of this campaign, or null for the end',
        );
      }
    }
    return { optionId, nextQuestionId: rule.nextQuestionId };
  });
};

/**
 * Keeps the stored rules that still hold after a change elsewhere: the question still allows
 * rules, the option still exists, the target still exists and still comes later.
 */
export const pruneRules = (
  rules: PathRule[],
  ctx: {
    question: { type: QuestionType; optional: boolean; order: number };
    optionIds: string[];
    orderById: Map<string, number>;
  },
): PathRule[] => {
  if (!allowsPathRules(ctx.question)) return [];
  return rules.filter((r) => {
    if (!ctx.optionIds.includes(r.optionId)) return false;
    if (r.nextQuestionId === null) return true;
    const target = ctx.orderById.get(r.nextQuestionId);
    return target !== undefined && target > ctx.question.order;
  });
};

export const sameRules = (a: PathRule[], b: PathRule[]) => {
  const key = (rules: PathRule[]) =>
    rules
      .map((r) => `${r.optionId}>${r.nextQuestionId ?? 'end'}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};
