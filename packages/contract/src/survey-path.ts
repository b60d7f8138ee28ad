import type { AnswerDraft } from './answer-checks.js';
import type { PublicQuestion } from './participation.js';
import type { PathRule } from './questions.js';

/**
 * The question after `index` when `optionId` was chosen (D13): a SingleChoice path rule jumps
 * forward or ends the survey (null); otherwise the next in order. A rule pointing backwards or at
 * a missing question is ignored, so a walk always ends. The survey page and the server's answer
 * check both walk with this one function, so the page never asks what the server would drop.
 */
export const nextQuestionIndex = (
  questions: readonly Pick<PublicQuestion, '_id' | 'type' | 'pathRules'>[],
  index: number,
  optionId: string | undefined,
): number | null => {
  const q = questions[index];
  if (q?.type === 'SingleChoice' && optionId) {
    const rule = q.pathRules.find((r) => r.optionId === optionId);
    if (rule) {
      if (rule.nextQuestionId === null) return null;
      const target = questions.findIndex((x) => x._id === rule.nextQuestionId);
      if (target > index) return target;
    }
  }
  return index + 1 < questions.length ? index + 1 : null;
};

/**
 * The indexes of the questions a participant is shown, in order, given their answers: the walk of
 * `nextQuestionIndex` with each question's first chosen option. The survey page recomputes it after
 * every change (so going back and choosing another option reroutes the rest); the server checks the
 * answers on it and stores the others as skipped.
 */
export const surveyPath = (
  questions: readonly Pick<PublicQuestion, '_id' | 'type' | 'pathRules'>[],
  answers: Readonly<Record<string, AnswerDraft | undefined>>,
): number[] => {
  const path: number[] = [];
  for (let i: number | null = questions.length > 0 ? 0 : null; i !== null; ) {
    path.push(i);
    const q = questions[i];
    i = nextQuestionIndex(questions, i, q ? answers[q._id]?.optionIds?.[0] : undefined);
  }
  return path;
};

/** A path rule with the question it belongs to. */
export type PlacedPathRule = PathRule & { questionId: string };

/**
 * The path rules that would no longer jump forward if the questions came in `sequence` order
 * (D13: a rule only ever jumps ahead, as `nextQuestionIndex` walks it). Rules that end the survey
 * hold in any order; a rule whose target is not in `sequence` is not the order's doing and is not
 * listed. The server refuses or prunes by this list, and the console asks with the same one.
 */
export const pathRulesBrokenByOrder = (
  sequence: readonly { _id: string; pathRules: readonly PathRule[] }[],
): PlacedPathRule[] => {
  const position = new Map(sequence.map((q, i) => [q._id, i]));
  return sequence.flatMap((q, index) =>
    q.pathRules
      .filter((r) => {
        if (r.nextQuestionId === null) return false;
        const target = position.get(r.nextQuestionId);
        return target !== undefined && target <= index;
      })
      .map((r) => ({ questionId: q._id, optionId: r.optionId, nextQuestionId: r.nextQuestionId })),
  );
};
