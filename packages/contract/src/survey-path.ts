import type { PublicQuestion } from './participation.js';

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
