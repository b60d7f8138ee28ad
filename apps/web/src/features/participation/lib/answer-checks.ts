import type { AnswerDraft, AnswerDrafts, PublicQuestion, SubmitAnswers } from '@parley/contract';
import { answerIssues, answerValue, isEmailAddress, limits, surveyPath } from '@parley/contract/plain';

/** Why an answer cannot be taken yet; the page words it in the survey's language. */
export type AnswerProblem = 'required' | 'chooseOne' | 'chooseAtLeastOne' | 'tooLong' | 'rankAll';
/** Checked here, before the survey starts. */
export type ContactProblem = 'emailRequired' | 'emailInvalid' | 'nameTooLong';

export type ContactDraft = { email: string; firstname: string; lastname: string };
export type ContactProblems = Partial<Record<keyof ContactDraft, ContactProblem>>;

/** A missing answer is asked for in the words of its question's type. */
const requiredProblem = {
  FreeText: 'required',
  SingleChoice: 'chooseOne',
  MultiChoice: 'chooseAtLeastOne',
  Ranking: 'rankAll',
} as const satisfies Record<PublicQuestion['type'], AnswerProblem>;

/**
 * The server's answer checks, run before each step so mistakes show at once. Only the problems the
 * page's inputs can cause are shown; the others (an unknown option, text on a choice) cannot occur.
 */
export const checkAnswer = (q: PublicQuestion, a: AnswerDraft | undefined): AnswerProblem | null => {
  for (const issue of answerIssues(q, a)) {
    if (issue.kind === 'required') return requiredProblem[q.type];
    if (issue.kind === 'tooLong' || issue.kind === 'chooseOne' || issue.kind === 'rankAll') return issue.kind;
  }
  return null;
};

export const checkContact = (c: ContactDraft): ContactProblems => {
  const problems: ContactProblems = {};
  if (!c.email.trim()) problems.email = 'emailRequired';
  else if (!isEmailAddress(c.email)) problems.email = 'emailInvalid';
  if (c.firstname.trim().length > limits.nameMax) problems.firstname = 'nameTooLong';
  if (c.lastname.trim().length > limits.nameMax) problems.lastname = 'nameTooLong';
  return problems;
};

/** The answers to send: those on the participant's path, left-blank optional ones omitted. */
export const answersToSend = (
  questions: readonly PublicQuestion[],
  drafts: AnswerDrafts,
): SubmitAnswers['answers'] =>
  surveyPath(questions, drafts).flatMap((i): SubmitAnswers['answers'] => {
    const q = questions[i];
    const value = q ? answerValue(q, drafts[q._id]) : undefined;
    return q && value ? [{ questionId: q._id, ...value }] : [];
  });
