import { z } from 'zod';
import { nameProblem } from './contact-checks.js';
import { emailPattern, limits } from './limits.js';

export { emailPattern, isEmailAddress, isUuidText, limits } from './limits.js';

/*
 * In a browser zod must not compile parsers with `new Function`: its one probe of whether it may is
 * blocked by the console's Content-Security-Policy (no 'unsafe-eval') and reported as a violation,
 * though zod then falls back quietly. Set here, before any schema of the contract is built (every
 * module of the contract imports this one first); the server keeps the faster compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Every entity id is a UUID string carried as `_id` (D3). */
export const idSchema = z.uuid({ message: 'must be a UUID' });

export const isoDateSchema = z.string().describe('ISO-8601 date-time');

export const languageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof languageSchema>;

export const productSchema = z.enum(['connect', 'platform']);
export type Product = z.infer<typeof productSchema>;

/** The one error shape of the API (D3): a stable namespaced code and a human message. */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** D24: page size at most 100, default 20; pages count from 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z
    .string()
    .regex(/^-?[A-Za-z]+$/, 'must be a field name, optionally prefixed by -')
    .optional(),
});

/**
 * A keyset cursor (docs/architecture.md, "Data"): opaque, taken from an earlier answer's `next`. Lists that
 * take it answer the rows after that one in the same sort order, whatever `page` says, so deep pages
 * cost no more than the first.
 */
export const cursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,600}$/, 'must be the `next` value of an earlier answer of this list');

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    documents: z.array(item),
    total: z.number().int(),
    /** The cursor for the rows after this page (lists that take `after`); absent on the last page. */
    next: cursorSchema.optional(),
    /**
     * True when `total` is where the count stopped and more match (the console shows "1,000+"): a list
     * whose filter its kept counts cannot answer counts a bounded number of rows past the page asked for
     * (docs/architecture.md, "Data"). Absent or false: `total` is exact.
     */
    totalAtLeast: z.boolean().optional(),
  });

export const emailSchema = z
  .string()
  .trim()
  .max(limits.emailMax, `must be at most ${limits.emailMax} characters`)
  .pipe(z.email({ pattern: emailPattern, message: 'must be a valid email address' }))
  .transform((v) => v.toLowerCase());

/**
 * A trimmed string checked by one of the rules the light pages use without zod (`problemOf`), with the
 * contract's words for each problem: the rule stays written once, for the page and for the server.
 */
export const checkedText = <P extends string>(
  problemOf: (value: string) => P | undefined,
  messages: Record<P, string>,
) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
    });

/** A person's name on a public form (a post's author, a contact request's first and last name). */
export const personNameSchema = checkedText(nameProblem, {
  required: 'must not be empty',
  tooLong: `must be at most ${limits.nameMax} characters`,
  invalid: 'must be letters only',
});

export const passwordSchema = z
  .string()
  .min(limits.passwordMin, `must be at least ${limits.passwordMin} characters`)
  .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`);

/**
 * The address of a campaign's or question's image (D25): what the upload answered, an http(s) link
 * (the embedded store's host may be `localhost`, so no dot is required). Anything else, such as a
 * `javascript:` or `data:` address, is refused.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v), 'must be an http or https URL');

export const emptySchema = z.null().describe('no content');

/**
 * An array in the query string (`name[]=a&name[]=b`, D3): a single value arrives as a
 * string, so it is wrapped before validation.
 */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(100).optional());

/**
 * The `updatedAt` a client read and sends back with an update (D3): a real ISO date-time, so a
 * garbled one is refused rather than silently skipping the stale check.
 */
export const readUpdatedAtSchema = z.iso.datetime({
  offset: true,
  message: 'must be the ISO date-time you read',
});
