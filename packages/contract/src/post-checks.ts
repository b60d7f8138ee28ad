/**
 * The public feedback form's rules (D19), without zod: the public page (a light page) checks with
 * these before it sends, and the contract's schema applies the same ones on the server.
 */
import { nameProblem } from './contact-checks.js';
import { emailProblem, limits } from './limits.js';

/** The longest post (D24's text limit). */
export const postTextMax = limits.textMax;
/** The shortest post. */
export const postTextMin = 2;
/** The longest reason a report may give. */
export const postReportReasonMax = 500;
/**
 * Visitors' confirmed reports (each from another confirmed address and another client network) that
 * hide a published post until the owner decides (docs/product-decisions.md, "The platform area").
 */
export const postReportThreshold = 3;
/** How long a report's confirmation link mailed to the reporter stays good, in hours. */
export const postReportConfirmHours = 48;

/**
 * The form's hidden bot trap: a field people never see or reach (off screen, out of the tab order,
 * hidden from screen readers). A post that fills it is answered as if stored and then dropped.
 */
export const postTrapField = 'website';

export type PostFormInput = { name: string; email: string; text: string; consent: boolean };

/** What is wrong with a post's text (trimmed): `required`, `tooShort` or `tooLong`; undefined when fine. */
export const postTextProblem = (value: string): 'required' | 'tooShort' | 'tooLong' | undefined => {
  const v = value.trim();
  if (v === '') return 'required';
  if (v.length < postTextMin) return 'tooShort';
  return v.length > postTextMax ? 'tooLong' : undefined;
};

type PostFormProblem = 'required' | 'invalid' | 'tooShort' | 'tooLong';

/**
 * What is wrong with each field, by field: `required`, `invalid`, `tooShort` or `tooLong`; empty when fine.
 * The same checks as the contract's `postFormSchema`, which is built from them.
 */
export const postFormProblems = (v: PostFormInput) => {
  const found: [keyof PostFormInput, PostFormProblem | undefined][] = [
    ['name', nameProblem(v.name)],
    ['email', emailProblem(v.email)],
    ['text', postTextProblem(v.text)],
    ['consent', v.consent ? undefined : 'required'],
  ];
  const problems: Partial<Record<keyof PostFormInput, PostFormProblem>> = {};
  for (const [field, problem] of found) if (problem) problems[field] = problem;
  return problems;
};
