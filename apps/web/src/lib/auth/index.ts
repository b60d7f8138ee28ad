export { loginPathFor, safeDestination } from '@/lib/destination';
export { authErrorMessage, authErrorMessageKey, dismissAuthError, notifyAuthError } from './auth-errors';
export { IdentityError, isIdentityError, normalizeEmail } from './identity-client';
export {
  type AuthStatus,
  changePassword,
  checkPasswordReset,
  confirmPasswordReset,
  expireSession,
  getIdToken,
  getSessionState,
  initSession,
  onSessionEnd,
  refreshIdToken,
  requestPasswordReset,
  resumeSession,
  revocationSettled,
  type SessionEndReason,
  type SessionState,
  signIn,
  signOut,
  stopSession,
  syncSessionFromStorage,
} from './session';
export { useAuth } from './use-auth';
