import type { Language } from '@parley/contract';
import { readStorage, storageKeys } from '@/lib/storage';

/**
 * The console's languages and the visitor's choice among them, without the translation library:
 * the public pages need the guess (before a survey says its own language) but none of i18next.
 */
export const languages: readonly Language[] = ['de', 'en'];
export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** A stored choice wins; else the browser's language if it is de or en; else English. */
export const detectLanguage = (): Language => {
  const stored = readStorage<string>(storageKeys.locale);
  if (isLanguage(stored)) return stored;
  const browser = (navigator.language ?? '').toLowerCase().split('-')[0];
  return isLanguage(browser) ? browser : defaultLanguage;
};
