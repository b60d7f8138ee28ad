/**
 * The contact-request form's rules (D18), without zod: the public form page (a light page) checks
 * with these before it sends, and the contract's schema applies the same ones on the server.
 */
import { isLoosePhone, nameProblem } from './contact-checks.js';
import { emailProblem } from './limits.js';

/** The longest message a person may write on the form. */
export const contactRequestMessageMax = 2000;

/**
 * The form's hidden bot trap: a field people never see or reach (off screen, out of the tab order,
 * hidden from screen readers). A request that fills it is answered as if stored and then dropped.
 */
export const contactRequestTrapField = 'website';

export type ContactRequestFormInput = {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  message: string;
  consent: boolean;
};

/** What is wrong with each field, by field: `required`, `invalid` or `tooLong`; empty when fine. */
export const contactRequestProblems = (v: ContactRequestFormInput) => {
  const problems: Partial<Record<keyof ContactRequestFormInput, 'required' | 'invalid' | 'tooLong'>> = {};
  for (const key of ['firstname', 'lastname'] as const) {
    const problem = nameProblem(v[key]);
    if (problem) problems[key] = problem;
  }
  const email = emailProblem(v.email);
  if (email) problems.email = email;
  const phone = v.phoneNumber.trim();
  // Loose here (a light page); the server reads the number and refuses one it cannot (phone.ts).
  if (phone !== '' && !isLoosePhone(phone)) problems.phoneNumber = 'invalid';
  if (v.message.trim().length > contactRequestMessageMax) problems.message = 'tooLong';
  if (!v.consent) problems.consent = 'required';
  return problems;
};
