import type { IdentityErrorCode } from '@parley/contract';

/**
 * Every error code the API answers with (D3), mapped to its HTTP status in one place.
 * Modules add their codes here so the mapping stays exhaustive.
 */
const statusByCode = {
  validation: 400,
  /** A body in a media type or charset the API does not take (JSON must be UTF-8). */
  'validation/media-type': 415,
  'auth/missing-token': 401,
  'auth/invalid-token': 401,
  'auth/id-token-expired': 401,
  'auth/app-not-authorized': 401,
  'auth/invalid-email': 400,
  'auth/user-not-found': 400,
  'auth/wrong-password': 400,
  'auth/invalid-credential': 400,
  'auth/too-many-requests': 429,
  'auth/user-disabled': 403,
  'auth/network-request-failed': 503,
  'auth/invalid-api-key': 400,
  'auth/operation-not-allowed': 400,
  'auth/internal-error': 500,
  'auth/invalid-action-code': 400,
  'connect/not-enabled': 403,
  'feature/disabled': 403,
  'not-found': 404,
  'conflict/stale': 409,
  'conflict/duplicate': 409,
  'rate-limit': 429,
  'campaign/ended': 409,
  'campaign/end-condition-met': 409,
  'campaign/too-few-questions': 409,
  'campaign/draft-only': 409,
  'campaign/type-fixed': 409,
  // A reorder of a started campaign that would turn a path rule backward (rules are draft-only).
  'campaign/path-rules-fixed': 409,
  'campaign/archived': 409,
  'campaign/not-running': 409,
  'file/invalid': 400,
  'file/too-large': 413,
  // The participant's survey page: why an answer cannot be taken now.
  'survey/draft': 409,
  'survey/ended': 409,
  'survey/archived': 409,
  'survey/full': 409,
  'survey/closed': 409,
  'survey/already-answered': 409,
  internal: 500,
} as const satisfies Record<string, number> & Partial<Record<IdentityErrorCode, number>>;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.status = statusByCode[code];
    this.field = field;
  }
}

export const notFound = (what = 'record') => new AppError('not-found', `The ${what} does not exist.`);
