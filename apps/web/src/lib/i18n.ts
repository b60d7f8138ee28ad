import type { Language } from '@parley/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { defaultLanguage, detectLanguage, isLanguage, languages } from '@/lib/language';
import { storageKeys, writeStorage } from '@/lib/storage';

export { defaultLanguage, detectLanguage, isLanguage, languages } from '@/lib/language';

import de from '@/locales/de.json';
import en from '@/locales/en.json';

export const resources = { de: { translation: de }, en: { translation: en } } as const;

export const i18n: I18n = i18next.createInstance();

const initialLanguage = detectLanguage();
// Both languages are bundled (a few KB) so the first paint never waits for a translation request.
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
document.documentElement.lang = initialLanguage;

export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;

/** The UI language as React state: components re-render when it changes. */
export const useLanguage = (): Language => {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : defaultLanguage;
};

export const setLanguage = async (language: Language): Promise<void> => {
  writeStorage(storageKeys.locale, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};
