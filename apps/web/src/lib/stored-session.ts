import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

/**
 * The session's tokens as this browser keeps them (localStorage, shared by every tab): written by the
 * sign-in page, which is a light page of its own, and read and refreshed by the console
 * (lib/auth/session.ts). One shape and one check for both.
 */
export type StoredSession = { idToken: string; refreshToken: string; expiresAt: number };

/** The identity service's answer (D5): `expiresIn` in seconds, as a string like Firebase's. */
export type Tokens = { idToken: string; refreshToken: string; expiresIn: string };

export const isTokens = (value: unknown): value is Tokens => {
  const v = value as Partial<Tokens> | null;
  return (
    typeof v?.idToken === 'string' && typeof v.refreshToken === 'string' && typeof v.expiresIn === 'string'
  );
};

const isStoredSession = (value: unknown): value is StoredSession => {
  const v = value as Partial<StoredSession> | null;
  return (
    typeof v?.idToken === 'string' && typeof v.refreshToken === 'string' && typeof v.expiresAt === 'number'
  );
};

export const readStoredSession = (): StoredSession | null => {
  const saved = readStorage<unknown>(storageKeys.session);
  return isStoredSession(saved) ? saved : null;
};

export const writeStoredSession = (session: StoredSession): void =>
  writeStorage(storageKeys.session, session);

/** Whether the id token is good for at least `ms` more. */
export const validFor = (session: StoredSession, ms: number) => session.expiresAt - Date.now() > ms;

export const sessionFromTokens = (tokens: Tokens): StoredSession => {
  const seconds = Number(tokens.expiresIn);
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : 3600;
  return {
    idToken: tokens.idToken,
    refreshToken: tokens.refreshToken,
    expiresAt: Date.now() + lifetime * 1000,
  };
};
