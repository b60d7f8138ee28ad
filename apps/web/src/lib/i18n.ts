import type { Language } from '@parley/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { defaultLanguage, detectLanguage, isLanguage, languages } from '@/lib/language';
import { storageKeys, writeStorage } from '@/lib/storage';
import { connectTexts, textsReady } from '@/lib/texts';

export { defaultLanguage, detectLanguage, isLanguage, languages } from '@/lib/language';

export const i18n: I18n = i18next.createInstance();

const initialLanguage = detectLanguage();
// The texts arrive per language and bundle as the screens that use them load (lib/texts.ts); the
// resources start empty so that i18next counts the namespace as there and never suspends.
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(languages.map((l) => [l, { translation: {} }])),
  lng: initialLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
document.documentElement.lang = initialLanguage;

/** The language a switch is under way to: modules loaded meanwhile load their texts in it too. */
let switchingTo: Language | null = null;

connectTexts({
  languages: () => [...new Set([i18n.language || initialLanguage, switchingTo ?? initialLanguage])],
  add: (language, texts) => i18n.addResourceBundle(language, 'translation', texts, true, true),
});

export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;

/** The UI language as React state: components re-render when it changes. */
export const useLanguage = (): Language => {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : defaultLanguage;
};

/** Shows the console in `language` once the texts its loaded screens use have arrived in it. */
export const changeLanguage = async (language: Language): Promise<void> => {
  switchingTo = language;
  await textsReady(language);
  if (switchingTo !== language) return;
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};

export const setLanguage = async (language: Language): Promise<void> => {
  writeStorage(storageKeys.locale, language);
  await changeLanguage(language);
};
