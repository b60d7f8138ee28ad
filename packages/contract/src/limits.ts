/** D24 limits, shared by server validation and console forms. */
export const limits = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  /** An owner's name: at least two characters (docs/product-decisions.md). */
  nameMin: 2,
  nameMax: 100,
  textMax: 5000,
  pageMax: 100,
} as const;

/**
 * Whether a string has the shape of a UUID, as PostgreSQL's `uuid` type reads it (any version):
 * for ids that arrive outside a schema (a token's subject or session, a stored draft) before they
 * reach a query.
 */
export const isUuidText = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** What the API takes as an email address (the contract's emailSchema uses this pattern). */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address the API would take: trimmed, at most `limits.emailMax` characters, of `emailPattern`'s shape. */
export const isEmailAddress = (value: string) => {
  const v = value.trim();
  return v.length <= limits.emailMax && emailPattern.test(v);
};

/** What is wrong with an address typed into a form: `required`, `tooLong` or `invalid`; undefined when fine. */
export const emailProblem = (value: string): 'required' | 'tooLong' | 'invalid' | undefined => {
  const v = value.trim();
  if (v === '') return 'required';
  if (v.length > limits.emailMax) return 'tooLong';
  return emailPattern.test(v) ? undefined : 'invalid';
};
