import { limits } from './limits.js';
import type { PublicQuestion } from './participation.js';

/** What a participant has entered for one question (the survey page's draft or a sent answer). */
export type AnswerDraft = { text?: string | undefined; optionIds?: string[] | undefined };
export type AnswerDrafts = Record<string, AnswerDraft>;

/**
 * Why an answer cannot be taken, with the field it concerns relative to the answer. The server
 * words it in English for the API, the survey page in the survey's language.
 */
export type AnswerIssue =
  | { kind: 'required'; path: [] }
  | { kind: 'freeTextTakesText' | 'chooseOne' | 'rankAll'; path: ['optionIds'] }
  | { kind: 'tooLong'; path: ['text']; max: number }
  | { kind: 'choiceTakesOptions'; path: ['text'] }
  | { kind: 'notAnOption' | 'chosenTwice'; path: ['optionIds', number] };

export const isBlankAnswer = (a: AnswerDraft | undefined) =>
  a === undefined || ((a.text ?? '').trim() === '' && (a.optionIds ?? []).length === 0);

/**
 * Every reason `a` is not a valid answer to `q`, most basic first; empty when it is valid or an
 * optional question was left blank. The server refuses on the first; the survey page shows the
 * ones a participant can cause.
 */
export const answerIssues = (q: PublicQuestion, a: AnswerDraft | undefined): AnswerIssue[] => {
  if (isBlankAnswer(a) || !a) return q.optional ? [] : [{ kind: 'required', path: [] }];
  const issues: AnswerIssue[] = [];
  const ids = a.optionIds ?? [];
  if (q.type === 'FreeText') {
    if (ids.length > 0) issues.push({ kind: 'freeTextTakesText', path: ['optionIds'] });
    if ((a.text ?? '').trim().length > limits.textMax) {
      issues.push({ kind: 'tooLong', path: ['text'], max: limits.textMax });
    }
    return issues;
  }
  if ((a.text ?? '').trim() !== '') issues.push({ kind: 'choiceTakesOptions', path: ['text'] });
  const known = new Set(q.options.map((o) => o._id));
  const seen = new Set<string>();
  ids.forEach((id, m) => {
    if (!known.has(id)) issues.push({ kind: 'notAnOption', path: ['optionIds', m] });
    else if (seen.has(id)) issues.push({ kind: 'chosenTwice', path: ['optionIds', m] });
    seen.add(id);
  });
  if (q.type === 'SingleChoice' && ids.length !== 1) issues.push({ kind: 'chooseOne', path: ['optionIds'] });
  // Counted without repeats: a ranking with a repeat is incomplete, whatever its length.
  if (q.type === 'Ranking' && new Set(ids).size !== q.options.length) {
    issues.push({ kind: 'rankAll', path: ['optionIds'] });
  }
  return issues;
};

/** The answer as stored and sent: trimmed text or the chosen option ids; undefined when left blank. */
export const answerValue = (
  q: Pick<PublicQuestion, 'type'>,
  a: AnswerDraft | undefined,
): { text: string } | { optionIds: string[] } | undefined => {
  if (isBlankAnswer(a)) return undefined;
  return q.type === 'FreeText' ? { text: (a?.text ?? '').trim() } : { optionIds: a?.optionIds ?? [] };
};
