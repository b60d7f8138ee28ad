import type { QuestionType } from './questions.js';

export const questionLimits = {
  textMin: 2,
  textMax: 1000,
  optionMin: 1,
  optionMax: 200,
  optionsMin: 2,
  optionsMax: 50,
} as const;

export const isHttpUrl = (v: string) => /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v) && URL.canParse(v);

/**
 * Why a question body is not valid (D13), with the field it concerns. The contract's body schema
 * words them for the API, the question form in the console's language.
 */
export type QuestionIssue =
  | { kind: 'textMin' | 'textMax'; path: ['text'] }
  | { kind: 'link'; path: ['link'] }
  | { kind: 'freeTextOptions' | 'optionsMin' | 'optionsMax'; path: ['options'] }
  | { kind: 'optionEmpty' | 'optionMax' | 'optionDuplicate'; path: ['options', number, 'text'] };

/**
 * Every reason the question is not valid, in field order; an option is a duplicate when an
 * earlier one has the same text, ignoring case and surrounding spaces.
 */
export const questionIssues = (q: {
  type: QuestionType;
  text: string;
  link?: string | null | undefined;
  options: readonly { text: string }[];
}): QuestionIssue[] => {
  const issues: QuestionIssue[] = [];
  const text = q.text.trim();
  if (text.length < questionLimits.textMin) issues.push({ kind: 'textMin', path: ['text'] });
  else if (text.length > questionLimits.textMax) issues.push({ kind: 'textMax', path: ['text'] });
  const link = (q.link ?? '').trim();
  if (link && !isHttpUrl(link)) issues.push({ kind: 'link', path: ['link'] });
  const count = q.options.length;
  if (q.type === 'FreeText' && count > 0) issues.push({ kind: 'freeTextOptions', path: ['options'] });
  if (q.type !== 'FreeText' && count < questionLimits.optionsMin) {
    issues.push({ kind: 'optionsMin', path: ['options'] });
  }
  if (count > questionLimits.optionsMax) issues.push({ kind: 'optionsMax', path: ['options'] });
  const seen = new Set<string>();
  q.options.forEach((o, i) => {
    const t = o.text.trim();
    const path: ['options', number, 'text'] = ['options', i, 'text'];
    if (t.length < questionLimits.optionMin) issues.push({ kind: 'optionEmpty', path });
    else if (t.length > questionLimits.optionMax) issues.push({ kind: 'optionMax', path });
    if (seen.has(t.toLocaleLowerCase())) issues.push({ kind: 'optionDuplicate', path });
    seen.add(t.toLocaleLowerCase());
  });
  return issues;
};
