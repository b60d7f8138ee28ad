/**
 * The contact rules the console's forms and the server both apply (D15, D24), without zod so that a
 * light page could use them too. Each rule is written once, here.
 */

import { limits } from './limits.js';

/** D15: at most this many addresses in one `POST /contact` (more is `contact/6`). */
export const contactInviteMax = 500;

/** D15's problem codes of an invitation, by meaning. */
export const contactCodes = {
  invalidEmail: 'contact/1',
  duplicateInRequest: 'contact/2',
  alreadyContact: 'contact/3',
  alreadyInvited: 'contact/4',
  campaignNotRunning: 'contact/5',
  tooMany: 'contact/6',
  unsubscribed: 'contact/7',
} as const;
export type ContactCode = (typeof contactCodes)[keyof typeof contactCodes];

/**
 * The API's "letters-only" names (internal first and last name): letters of any script, and the
 * space, hyphen, apostrophe and full stop that real names carry (Anne-Marie, O'Neill, St. John).
 */
export const namePattern = /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*\.?$/u;

/**
 * What is wrong with a person's name typed into a form (trimmed): `required` when empty, `tooLong` past
 * `limits.nameMax`, `invalid` when it is not letters only; undefined when fine. The one rule for the public
 * forms' names: their light pages call it, the contract's `personNameSchema` applies it on the server.
 */
export const nameProblem = (value: string): 'required' | 'tooLong' | 'invalid' | undefined => {
  const v = value.trim();
  if (v === '') return 'required';
  if (v.length > limits.nameMax) return 'tooLong';
  return namePattern.test(v) ? undefined : 'invalid';
};

/** The API's "digits-only" phone number: 3 to 20 digits, nothing else (a number's digits, as the import reads them). */
export const phonePattern = /^[0-9]{3,20}$/;

/**
 * A phone number as people write it (docs/product-decisions.md, "Contacts"): digits, spaces and
 * `+ - ( ) / .`, a `+` only first, at most 30 characters. This loose check needs no library (the
 * light public pages use it); the server reads the number with `toE164` (phone.ts) and stores it in
 * E.164.
 */
export const loosePhonePattern = /^\+?[0-9 ()/.-]{3,29}$/;

/** The contract's English words for a number the loose check refuses. */
export const loosePhoneMessage = 'must be a phone number: digits, spaces and + - ( ) / (3 to 20 digits)';

/** Whether a written number passes the loose check: `loosePhonePattern` with 3 to 20 digits. */
export const isLoosePhone = (text: string) => {
  const v = text.trim();
  if (!loosePhonePattern.test(v)) return false;
  const digits = v.replace(/[^0-9]/g, '').length;
  return digits >= 3 && digits <= 20;
};

/** Postal code: letters, digits, spaces and hyphens (German, British and Dutch codes alike). */
export const zipCodePattern = /^[A-Za-z0-9][A-Za-z0-9 -]{0,15}$/;

/** The separators a contact import takes, in the order a tie is decided. */
export const csvDelimiters = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** The first line of a text, ending at a line break outside quotes (a quoted name may hold one). */
export const csvFirstLine = (text: string): string => {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return body.slice(0, i);
  }
  return body;
};

/**
 * The separator of a CSV file, from its header line (the console's column picker and the server's
 * import use this one rule): the one of comma, semicolon and tab that occurs most often outside
 * quotes, a comma if none does. The whole file is then read with that one separator, so a comma in a
 * semicolon file's "Müller, Hans" stays in its cell.
 */
export const csvDelimiterOf = (headerLine: string): CsvDelimiter => {
  const counts = new Map<CsvDelimiter, number>(csvDelimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of csvDelimiters) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
};
