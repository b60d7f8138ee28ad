/**
 * Error codes and their HTTP statuses (D3). This file holds only the codes every part of the server
 * shares (validation, not-found, conflicts, rate limits, the auth hook's refusals, internal); a module
 * declares its own codes beside it, in `<module>.errors.ts`, with `defineErrorCodes`, so adding a
 * domain edits no shared table. The one error handler answers with the status the error carries.
 */
const sharedCodes = {
  validation: 400,
  /** A body in a media type or charset the API does not take (JSON must be UTF-8). */
  'validation/media-type': 415,
  // The auth hook's refusals (plugins/auth.ts); the identity service and token verifier use them too.
  'auth/missing-token': 401,
  'auth/invalid-token': 401,
  'auth/id-token-expired': 401,
  'auth/app-not-authorized': 401,
  'auth/user-disabled': 403,
  'connect/not-enabled': 403,
  'feature/disabled': 403,
  'not-found': 404,
  'conflict/stale': 409,
  'conflict/duplicate': 409,
  /** A record the change refers to was deleted meanwhile (a foreign key found nothing). */
  'conflict/gone': 409,
  'rate-limit': 429,
  internal: 500,
} as const;

/**
 * Every code the server answers with, by its status. Declaration merging is the point of this
 * interface: each `<module>.errors.ts` adds its codes to it (see `defineErrorCodes`), so
 * `new AppError(code, …)` accepts exactly the declared codes without a central list.
 */
export interface ErrorCodes extends SharedCodes {}
type SharedCodes = typeof sharedCodes;

export type ErrorCode = keyof ErrorCodes & string;

const statusByCode = new Map<string, number>(Object.entries(sharedCodes));

/**
 * Declares a module's error codes with their statuses. A module calls it in its `<module>.errors.ts`
 * and adds the result's type to `ErrorCodes`:
 *
 *     export const campaignErrorCodes = defineErrorCodes({ 'campaign/ended': 409 });
 *     declare module '../../lib/errors.js' { interface ErrorCodes extends CampaignErrorCodes {} }
 *
 * A code declared twice must keep its status.
 */
export const defineErrorCodes = <const T extends Record<string, number>>(codes: T): T => {
  for (const [code, status] of Object.entries(codes)) {
    const known = statusByCode.get(code);
    if (known !== undefined && known !== status) {
      throw new Error(`error code ${code} is declared with the statuses ${known} and ${status}`);
    }
    statusByCode.set(code, status);
  }
  return codes;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    const status = statusByCode.get(code);
    // Only a code whose module never loaded its `<module>.errors.ts` lands here: a server fault.
    if (status === undefined) throw new Error(`undeclared error code ${code}: ${message}`);
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

export const notFound = (what = 'record') => new AppError('not-found', `The ${what} does not exist.`);
