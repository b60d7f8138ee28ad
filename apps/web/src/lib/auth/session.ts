import type { Language } from '@parley/contract';
import { i18n } from '@/lib/i18n';
import { handToLogin } from '@/lib/leave-page';
import { removeStorage, storageKeys } from '@/lib/storage';
import {
  sessionFromTokens as fromTokens,
  readStoredSession as readStored,
  type StoredSession,
  validFor,
  writeStoredSession,
} from '@/lib/stored-session';
import { notifyAuthError } from './auth-errors';
import { IdentityError, identityClient, isIdentityError, normalizeEmail } from './identity-client';

/** The auth states. */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** Why a session ended: the owner chose to sign out, or the session could not be kept alive. */
/** 'elsewhere': another tab of this browser signed out; this tab keeps its page until the owner decides. */
export type SessionEndReason = 'sign-out' | 'expired' | 'elsewhere';

export type SessionState = {
  status: AuthStatus;
  endReason: SessionEndReason | null;
};

/** Refresh this long before the id token (lifetime ≤ 1 h, D5) expires. */
const refreshMarginMs = 2 * 60_000;
/** A token with less validity left than this is refreshed before it is sent. */
const minValidityMs = 30_000;

let stored: StoredSession | null = null;
let state: SessionState = { status: 'loading', endReason: null };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<string> | null = null;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

const setState = (next: SessionState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const getSessionState = (): SessionState => state;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called whenever a signed-in session ends (cache clearing, "session expired" notices). */
export const onSessionEnd = (listener: (reason: SessionEndReason) => void): (() => void) => {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
};

const scheduleRefresh = (session: StoredSession) => {
  clearTimeout(refreshTimer);
  const remaining = session.expiresAt - Date.now();
  // Jitter keeps two open tabs from refreshing at the same instant (refresh tokens rotate).
  const jitter = Math.random() * Math.min(10_000, remaining / 10);
  const delay = Math.max(remaining - refreshMarginMs - jitter, remaining / 2, 0);
  refreshTimer = setTimeout(() => {
    refreshIdToken().catch(() => undefined);
  }, delay);
};

const adopt = (session: StoredSession, persist: boolean) => {
  stored = session;
  if (persist) writeStoredSession(session);
  scheduleRefresh(session);
  if (state.status !== 'signed-in') setState({ status: 'signed-in', endReason: null });
};

const end = (reason: SessionEndReason) => {
  clearTimeout(refreshTimer);
  const wasSignedIn = stored !== null;
  stored = null;
  removeStorage(storageKeys.session);
  // The cached profile belongs to the session (spec "saved user"); it must not outlive it.
  removeStorage(storageKeys.savedUser);
  setState({ status: 'signed-out', endReason: reason });
  if (wasSignedIn) for (const listener of endListeners) listener(reason);
};

const isTransient = (error: unknown) =>
  isIdentityError(error) && (error.code === 'auth/network-request-failed' || error.status >= 500);

/** Reads the session of an earlier visit, so a reload keeps it. Called when the app mounts. */
export const initSession = (): void => {
  clearTimeout(refreshTimer);
  refreshing = null;
  stored = readStored();
  if (!stored) {
    setState({ status: 'signed-out', endReason: null });
    return;
  }
  if (validFor(stored, minValidityMs)) {
    scheduleRefresh(stored);
    setState({ status: 'signed-in', endReason: null });
    return;
  }
  // The id token expired while the console was closed; the refresh token may still be good.
  setState({ status: 'loading', endReason: null });
  refreshIdToken().catch(() => undefined);
};

/** Restarts the refresh timer after stopSession (React may unmount and remount the app). */
export const resumeSession = (): void => {
  if (stored && state.status === 'signed-in') scheduleRefresh(stored);
};

/** Stops the refresh timer (app unmount, tests). */
export const stopSession = (): void => {
  clearTimeout(refreshTimer);
};

const doRefresh = async (): Promise<string> => {
  // Another tab may have refreshed already: localStorage holds the newest tokens of all tabs.
  const latest = readStored();
  if (latest && latest.idToken !== stored?.idToken && validFor(latest, minValidityMs)) {
    adopt(latest, false);
    return latest.idToken;
  }
  const current = latest ?? stored;
  if (!current) throw new IdentityError('auth/id-token-expired');
  try {
    const next = fromTokens(await identityClient.refresh(current.refreshToken));
    adopt(next, true);
    return next.idToken;
  } catch (error) {
    if (isTransient(error)) {
      // Offline or server trouble: keep the tokens so a later reload can still restore them.
      if (state.status === 'loading') setState({ status: 'signed-out', endReason: null });
      throw error;
    }
    // Lost a race against another tab that rotated the refresh token meanwhile: use its result.
    const after = readStored();
    if (after && after.refreshToken !== current.refreshToken && validFor(after, minValidityMs)) {
      adopt(after, false);
      return after.idToken;
    }
    end('expired');
    throw error;
  }
};

/** One refresh at a time: refresh tokens rotate, so two parallel refreshes would revoke each other. */
export const refreshIdToken = (): Promise<string> => {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/** The id token for x-auth-token, refreshed first if it is about to expire; '' when signed out. */
export const getIdToken = async (): Promise<string> => {
  if (refreshing) return refreshing.catch(() => stored?.idToken ?? '');
  if (!stored) return '';
  if (validFor(stored, minValidityMs)) return stored.idToken;
  return refreshIdToken().catch(() => stored?.idToken ?? '');
};

export const signIn = async (email: string, password: string): Promise<void> => {
  const tokens = await identityClient.signIn(normalizeEmail(email), password);
  removeStorage(storageKeys.savedUser);
  adopt(fromTokens(tokens), true);
};

/** The revocation of the last ended session's refresh token, while it is under way. */
let revoking: Promise<unknown> = Promise.resolve();

const revoke = (refreshToken: string) => {
  const request = identityClient.signOut(refreshToken);
  revoking = request.catch(() => undefined);
  return request;
};

/**
 * Resolves once the revocation of an ended session has been answered, or after `capMs`: the console
 * waits for it before it leaves for the sign-in page, whose page load would cancel the request.
 */
export const revocationSettled = (capMs = 3000): Promise<void> =>
  Promise.race([revoking.then(() => undefined), new Promise<void>((done) => setTimeout(done, capMs))]);

/**
 * Ends the session here at once (the owner asked to leave), then revokes the refresh token.
 * A failure of the revocation is shown as an error notification (here and on the sign-in page the
 * console then opens) and rethrown.
 */
export const signOut = async (): Promise<void> => {
  const current = stored;
  end('sign-out');
  if (!current) return;
  try {
    await revoke(current.refreshToken);
  } catch (error) {
    notifyAuthError(error, i18n.t('auth.signOut.failedTitle'));
    handToLogin({ reason: 'sign-out-failed', code: isIdentityError(error) ? error.code : 'unknown' });
    throw error;
  }
};

/** The API rejected the token even after a refresh: sign out without asking. */
export const expireSession = (): void => {
  const current = stored;
  if (!current) return;
  end('expired');
  revoke(current.refreshToken).catch(() => undefined);
};

/** Keeps this tab in step with sign-ins, refreshes and sign-outs of other tabs. */
export const syncSessionFromStorage = (): void => {
  const saved = readStored();
  if (!saved) {
    if (stored) end('elsewhere');
    return;
  }
  if (saved.refreshToken !== stored?.refreshToken) adopt(saved, false);
};

/** Password change for the signed-in owner; the identity service answers fresh tokens. */
export const changePassword = async (currentPassword: string, newPassword: string) => {
  const idToken = await getIdToken();
  const tokens = await identityClient.changePassword(idToken, currentPassword, newPassword);
  adopt(fromTokens(tokens), true);
};

/** The mail comes in `language`, the page's (docs/product-decisions.md, "Identity"). */
export const requestPasswordReset = (email: string, language: Language) =>
  identityClient.requestPasswordReset(normalizeEmail(email), language);

/** Whether a mailed reset link still works; asking does not use it up. */
export const checkPasswordReset = (token: string) => identityClient.checkPasswordReset(token);

/** D5: a password reset ends the owner's sessions, so this browser's session ends too. */
export const confirmPasswordReset = async (token: string, newPassword: string) => {
  await identityClient.confirmPasswordReset(token, newPassword);
  if (stored) end('sign-out');
};
