import type { Language } from '@parley/contract';
import { createTranslator, type TextKey } from '@/lib/translator';
import { auth as deAuth, common as deCommon, language as deLanguage } from '@/locales/de.json';
import { auth as enAuth, common as enCommon, language as enLanguage } from '@/locales/en.json';

/**
 * The sign-in page's texts: the console's own (`auth.login`, `auth.errors`, the language names and a
 * few common ones) from the same locale files, by the light pages' translator, so the page loads
 * neither i18next nor the rest of the console's texts.
 */
const pick = (common: typeof enCommon, language: typeof enLanguage, auth: typeof enAuth) => ({
  common: {
    appName: common.appName,
    required: common.required,
    invalidEmail: common.invalidEmail,
    maxLength: common.maxLength,
    support: common.support,
    supportEmail: common.supportEmail,
    showPassword: common.showPassword,
    close: common.close,
  },
  language,
  auth: {
    login: auth.login,
    errors: auth.errors,
    signOut: auth.signOut,
    resetConfirm: { doneTitle: auth.resetConfirm.doneTitle, doneMessage: auth.resetConfirm.doneMessage },
  },
});

const texts = {
  de: pick(deCommon, deLanguage, deAuth),
  en: pick(enCommon, enLanguage, enAuth),
};

export type LoginTextKey = TextKey<(typeof texts)['en']>;

const translate = createTranslator(texts);

export const translatorFor =
  (language: Language) =>
  (key: LoginTextKey, values?: Record<string, string | number>): string =>
    translate(language, key, values);
