import type { IdentityErrorCode } from '@parley/contract';
import { defineErrorCodes } from '../../lib/errors.js';

/**
 * The embedded identity service's own answers (D5), Firebase-style. The auth hook's refusals
 * (missing or invalid token, disabled owner) are shared codes in lib/errors.ts.
 */
export const identityErrorCodes = defineErrorCodes({
  'auth/invalid-email': 400,
  'auth/user-not-found': 400,
  'auth/wrong-password': 400,
  'auth/invalid-credential': 400,
  'auth/too-many-requests': 429,
  'auth/network-request-failed': 503,
  'auth/invalid-api-key': 400,
  'auth/operation-not-allowed': 400,
  'auth/internal-error': 500,
  'auth/invalid-action-code': 400,
} satisfies Partial<Record<IdentityErrorCode | 'auth/invalid-action-code', number>>);
type IdentityErrorCodes = typeof identityErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends IdentityErrorCodes {}
}
