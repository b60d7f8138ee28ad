import type { IdentityErrorCode } from '@parley/contract';
import { i18n } from '@/lib/i18n';
import { dismissNotification, notifyError } from '@/lib/notifications';
import { isIdentityError } from './identity-client';

type AuthMessage =
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

export const authErrorMessage = (error: unknown): string =>
  i18n.t(authErrorMessageKey(isIdentityError(error) ? error.code : 'unknown'));

/** Identity failures appear as an error notification with a title and the description. */
const authErrorNotification = 'auth-error';

export const notifyAuthError = (error: unknown, title: string): void => {
  notifyError({ id: authErrorNotification, title, message: authErrorMessage(error) });
};

/** A later success makes an earlier identity failure moot: its notification goes. */
export const dismissAuthError = (): void => dismissNotification(authErrorNotification);
