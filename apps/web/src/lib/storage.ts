/**
 * The console's localStorage keys (saved user, language locale, sidebar status; plus the
 * session's tokens) and a JSON wrapper that never throws: storage can be full, disabled or
 * hold garbage from an older version, and none of that may break the console.
 */
export const storageKeys = {
  session: 'parley.session',
  savedUser: 'parley.savedUser',
  locale: 'parley.locale',
  sidebarStatus: 'parley.sidebarStatus',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const readStorage = <T>(key: StorageKey): T | null => {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
};

export const writeStorage = (key: StorageKey, value: unknown): void => {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the console keeps working, just without persistence.
  }
};

export const removeStorage = (key: StorageKey): void => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
};
