import type { PathRule, PathRuleInput, QuestionType } from './questions.js';

/** Why a question cannot have path rules (D13), or null when it can. */
export type QuestionPathRuleBlock = 'notSingleChoice' | 'optional';

export const questionPathRuleBlock = (q: {
  type: QuestionType;
  optional: boolean;
}): QuestionPathRuleBlock | null => {
  if (q.type !== 'SingleChoice') return 'notSingleChoice';
  return q.optional ? 'optional' : null;
};

/** D13: path rules only on non-optional single-choice questions. */
export const allowsPathRules = (q: { type: QuestionType; optional: boolean }) =>
  questionPathRuleBlock(q) === null;

/** Why sent path rules cannot be stored, with the field it concerns. */
export type PathRuleIssue =
  | { kind: 'notAllowed'; path: ['pathRules'] }
  | { kind: 'noOptionNamed'; path: ['pathRules', number] }
  | { kind: 'notAnOption'; path: ['pathRules', number, 'optionId' | 'optionIndex'] }
  | { kind: 'optionHasRule'; path: ['pathRules', number, 'optionId'] }
  | { kind: 'notForward'; path: ['pathRules', number, 'nextQuestionId'] };

type PathRuleContext = {
  question: { type: QuestionType; optional: boolean; order: number };
  /** The question's options after the change, in the order sent (new ones with their new ids). */
  optionIds: readonly string[];
  /** Every other question of the campaign with its order after the change. */
  others: readonly { id: string; order: number }[];
};

/**
 * Sent rules as stored ones, or the first reason they cannot be: each names one option of this
 * question (at most one rule per option) and jumps forward to a later question of the same
 * campaign or to the end (null).
 */
export const resolvePathRules = (
  input: readonly PathRuleInput[],
  ctx: PathRuleContext,
): { rules: PathRule[] } | { issue: PathRuleIssue } => {
  if (input.length === 0) return { rules: [] };
  if (!allowsPathRules(ctx.question)) return { issue: { kind: 'notAllowed', path: ['pathRules'] } };
  const used = new Set<string>();
  const rules: PathRule[] = [];
  for (const [i, rule] of input.entries()) {
    if ((rule.optionId === undefined) === (rule.optionIndex === undefined)) {
      return { issue: { kind: 'noOptionNamed', path: ['pathRules', i] } };
    }
    const optionId = rule.optionId ?? ctx.optionIds[rule.optionIndex ?? -1];
    if (optionId === undefined || !ctx.optionIds.includes(optionId)) {
      const field = rule.optionId === undefined ? 'optionIndex' : 'optionId';
      return { issue: { kind: 'notAnOption', path: ['pathRules', i, field] } };
    }
    if (used.has(optionId)) return { issue: { kind: 'optionHasRule', path: ['pathRules', i, 'optionId'] } };
    used.add(optionId);
    if (rule.nextQuestionId !== null) {
      const target = ctx.others.find((q) => q.id === rule.nextQuestionId);
      if (!target || target.order <= ctx.question.order) {
        return { issue: { kind: 'notForward', path: ['pathRules', i, 'nextQuestionId'] } };
      }
    }
    rules.push({ optionId, nextQuestionId: rule.nextQuestionId });
  }
  return { rules };
};

/**
 * The stored rules that still hold after a change elsewhere: the question still allows rules,
 * the option still exists, the target still exists and still comes later.
 */
export const prunePathRules = (
  rules: readonly PathRule[],
  ctx: {
    question: { type: QuestionType; optional: boolean; order: number };
    optionIds: readonly string[];
    orderById: ReadonlyMap<string, number>;
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

/** Whether two rule lists say the same, in any order. */
export const samePathRules = (a: readonly PathRule[], b: readonly PathRule[]) => {
  const key = (rules: readonly PathRule[]) =>
    rules
      .map((r) => `${r.optionId}>${r.nextQuestionId ?? 'end'}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};
