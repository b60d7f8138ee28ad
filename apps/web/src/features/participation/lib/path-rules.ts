import type { PublicQuestion } from '@parley/contract';

/** The question shown after `questionId` on the current path; null when it is the last. */
export const nextOnPath = (
  path: readonly number[],
  questions: readonly PublicQuestion[],
  questionId: string,
) => {
  const at = path.findIndex((i) => questions[i]?._id === questionId);
  const next = at >= 0 ? path[at + 1] : undefined;
  return next === undefined ? null : (questions[next]?._id ?? null);
};

/** The question shown before `questionId`; null on the first question (back leads to the contact step). */
export const previousOnPath = (
  path: readonly number[],
  questions: readonly PublicQuestion[],
  questionId: string,
) => {
  const at = path.findIndex((i) => questions[i]?._id === questionId);
  const previous = at > 0 ? path[at - 1] : undefined;
  return previous === undefined ? null : (questions[previous]?._id ?? null);
};
