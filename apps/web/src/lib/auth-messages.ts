import type { IdentityErrorCode } from '@parley/contract';

/**
 * Which text of `auth.errors` explains an identity failure's code: one mapping for the console
 * (lib/auth/auth-errors.ts) and the light sign-in page (src/login).
 */
export type AuthMessage =
  | 'invalidEmail'
  | 'userNotFound'
  | 'wrongPassword'
  | 'invalidCredential'
  | 'tooManyRequests'
  | 'idTokenExpired'
  | 'networkRequestFailed'
  | 'invalidApiKey'
  | 'operationNotAllowed'
  | 'internalError'
  | 'appNotAuthorized'
  | 'invalidActionCode'
  | 'unknown';

/** Every identity code has its message; exhaustive over the contract's code list. */
const messages: Record<IdentityErrorCode, AuthMessage> = {
  'auth/invalid-email': 'invalidEmail',
  'auth/user-not-found': 'userNotFound',
  'auth/wrong-password': 'wrongPassword',
  'auth/invalid-credential': 'invalidCredential',
  'auth/too-many-requests': 'tooManyRequests',
  // A disabled user sees the too-many-requests message rather than learning the account's state.
  'auth/user-disabled': 'tooManyRequests',
  'auth/id-token-expired': 'idTokenExpired',
  'auth/network-request-failed': 'networkRequestFailed',
  'auth/invalid-api-key': 'invalidApiKey',
  'auth/operation-not-allowed': 'operationNotAllowed',
  'auth/internal-error': 'internalError',
  'auth/app-not-authorized': 'appNotAuthorized',
};

// Not among the codes the console was first given: Firebase's codes for a used or expired reset link, so that a
// failed password reset says why instead of "unknown error".
const extraMessages: Record<string, AuthMessage> = {
  'auth/invalid-action-code': 'invalidActionCode',
  'auth/expired-action-code': 'invalidActionCode',
};

export const authErrorMessageKey = (code: string): `auth.errors.${AuthMessage}` => {
  const message = messages[code as IdentityErrorCode] ?? extraMessages[code] ?? 'unknown';
  return `auth.errors.${message}`;
};
