/**
 * The public feedback form's rules (D19), without zod: the public page (a light page) checks with
 * these before it sends, and the contract's schema applies the same ones on the server.
 */
import { namePattern } from './contact-checks.js';
import { isEmailAddress, limits } from './limits.js';

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

/** What is wrong with each field, by field: `required`, `invalid`, `tooShort` or `tooLong`; empty when fine. */
export const postFormProblems = (v: PostFormInput) => {
  const problems: Partial<Record<keyof PostFormInput, 'required' | 'invalid' | 'tooShort' | 'tooLong'>> = {};
  const name = v.name.trim();
  if (name === '') problems.name = 'required';
  else if (name.length > limits.nameMax) problems.name = 'tooLong';
  else if (!namePattern.test(name)) problems.name = 'invalid';
  const email = v.email.trim();
  if (email === '') problems.email = 'required';
  else if (email.length > limits.emailMax) problems.email = 'tooLong';
  else if (!isEmailAddress(email)) problems.email = 'invalid';
  const text = v.text.trim();
  if (text === '') problems.text = 'required';
  else if (text.length < postTextMin) problems.text = 'tooShort';
  else if (text.length > postTextMax) problems.text = 'tooLong';
  if (!v.consent) problems.consent = 'required';
  return problems;
};
