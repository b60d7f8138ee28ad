import { emailSchema, limits, type PublicQuestion, type SubmitAnswers } from '@parley/contract';
import { type AnswerDraft, type AnswerDrafts, surveyPath } from './path-rules';

/** Why an answer cannot be taken yet; the page words it in the survey's language. */
export type AnswerProblem = 'required' | 'chooseOne' | 'chooseAtLeastOne' | 'tooLong' | 'rankAll';
/** `alreadyAnswered` comes from the server's check of the address (the rest are checked here). */
export type ContactProblem = 'emailRequired' | 'emailInvalid' | 'alreadyAnswered' | 'nameTooLong';

export type ContactDraft = { email: string; firstname: string; lastname: string };
export type ContactProblems = Partial<Record<keyof ContactDraft, ContactProblem>>;

export const isBlankAnswer = (a: AnswerDraft | undefined) =>
  a === undefined || ((a.text ?? '').trim() === '' && (a.optionIds ?? []).length === 0);

/** The same rules the server applies, checked before each step so mistakes show at once. */
export const checkAnswer = (q: PublicQuestion, a: AnswerDraft | undefined): AnswerProblem | null => {
  if (q.type === 'FreeText' && (a?.text ?? '').trim().length > limits.textMax) return 'tooLong';
  if (isBlankAnswer(a)) {
    if (q.optional) return null;
    if (q.type === 'SingleChoice') return 'chooseOne';
    if (q.type === 'MultiChoice') return 'chooseAtLeastOne';
    return q.type === 'Ranking' ? 'rankAll' : 'required';
  }
  const ids = a?.optionIds ?? [];
  if (q.type === 'SingleChoice' && ids.length !== 1) return 'chooseOne';
  if (q.type === 'Ranking' && new Set(ids).size !== q.options.length) return 'rankAll';
  return null;
};

export const checkContact = (c: ContactDraft): ContactProblems => {
  const problems: ContactProblems = {};
  if (!c.email.trim()) problems.email = 'emailRequired';
  else if (!emailSchema.safeParse(c.email).success) problems.email = 'emailInvalid';
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
    const a = q ? drafts[q._id] : undefined;
    if (!q || isBlankAnswer(a)) return [];
    return q.type === 'FreeText'
      ? [{ questionId: q._id, text: (a?.text ?? '').trim() }]
      : [{ questionId: q._id, optionIds: a?.optionIds ?? [] }];
  });
