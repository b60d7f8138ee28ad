import { nextQuestionIndex, type PublicQuestion } from '@parley/contract';

export { nextQuestionIndex };

/** What the participant has entered for one question so far. */
export type AnswerDraft = { text?: string; optionIds?: string[] };
export type AnswerDrafts = Record<string, AnswerDraft>;

/**
 * The indexes of the questions the participant is shown, in order, given their answers so far.
 * Recomputed after every change, so going back and choosing another option reroutes the rest,
 * and "back" is simply the step before the current one on this path.
 */
export const surveyPath = (questions: readonly PublicQuestion[], answers: AnswerDrafts): number[] => {
  const path: number[] = [];
  for (let i: number | null = questions.length > 0 ? 0 : null; i !== null; ) {
    path.push(i);
    const q = questions[i];
    i = nextQuestionIndex(questions, i, q ? answers[q._id]?.optionIds?.[0] : undefined);
  }
  return path;
};

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
