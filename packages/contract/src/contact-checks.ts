/**
 * The contact rules the console's forms and the server both apply (D15, D24), without zod so that a
 * light page could use them too. Each rule is written once, here.
 */

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
 * The spec's "letters-only" names (internal first and last name): letters of any script, and the
 * space, hyphen, apostrophe and full stop that real names carry (Anne-Marie, O'Neill, St. John).
 */
export const namePattern = /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*\.?$/u;

/** The spec's "digits-only" phone number: 3 to 20 digits, nothing else. */
export const phonePattern = /^[0-9]{3,20}$/;

/** Postal code: letters, digits, spaces and hyphens (German, British and Dutch codes alike). */
export const zipCodePattern = /^[A-Za-z0-9][A-Za-z0-9 -]{0,15}$/;

/**
 * Splits pasted addresses (one per line, or separated by commas, semicolons or spaces) into the
 * entries the console sends; blank entries go.
 */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
