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
  // Texts arrive after the first render (lib/texts.ts): what is shown then (the provider's theme, a
  // screen's frame) renders again when a bundle is added.
  react: { bindI18nStore: 'added' },
});
document.documentElement.lang = initialLanguage;

/** The language a switch is under way to: modules loaded meanwhile load their texts in it too. */
let switchingTo: Language | null = null;

connectTexts({
  languages: () => [...new Set([i18n.language || initialLanguage, switchingTo ?? initialLanguage])],
  add: (language, texts) => i18n.addResourceBundle(language, 'translation', texts, true, true),
});

// The language shown is i18next's `language`, not its `resolvedLanguage`: i18next resolves a language
// only when it has texts in it at a switch, and the texts arrive after that (lib/texts.ts), so
// `resolvedLanguage` would stay unset (read as English) on a console opened in German.

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : defaultLanguage);

/** The UI language as React state: components re-render when it changes. */
export const useLanguage = (): Language => {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : defaultLanguage;
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
