import type { Language } from '@parley/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { detectLanguage } from '@/lib/language';
import { common as deCommon, participation as deParticipation } from '@/locales/de.json';
import { common as enCommon, participation as enParticipation } from '@/locales/en.json';

/**
 * The public pages' texts: the `participation` part of the console's locale files (and the product's
 * name), in the survey's language whatever the visitor's console language is. A small translator of
 * its own rather than i18next, so a survey page loads neither i18next nor the console's other texts
 * (docs/architecture.md, "The public pages"). It reads the same files, with i18next's conventions:
 * `{{name}}` values and `_one`/`_other` plural keys chosen by `count`.
 */
const texts = {
  de: { common: deCommon, participation: deParticipation },
  en: { common: enCommon, participation: enParticipation },
} as const;

type Values = Record<string, string | number>;

const lookup = (language: Language, key: string): string | undefined => {
  let node: unknown = texts[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
};

const plurals: Partial<Record<Language, Intl.PluralRules>> = {};
const pluralOf = (language: Language, count: number) => {
  const rules = plurals[language] ?? new Intl.PluralRules(language);
  plurals[language] = rules;
  return rules.select(count);
};

/** One text in `language` (English when a key is missing there; the key itself when missing in both). */
export const translate = (language: Language, key: string, values: Values = {}): string => {
  const { count } = values;
  const text =
    (typeof count === 'number' ? lookup(language, `${key}_${pluralOf(language, count)}`) : undefined) ??
    lookup(language, key) ??
    lookup('en', key) ??
    key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
};

const SurveyLanguageContext = createContext<Language | undefined>(undefined);

/** Public pages speak the survey's language, whatever the console's language is set to. */
export const SurveyLanguageProvider = ({
  language,
  children,
}: {
  language: Language;
  children: ReactNode;
}) => <SurveyLanguageContext.Provider value={language}>{children}</SurveyLanguageContext.Provider>;

/** `t` in the survey's language (outside a survey: the visitor's own, as the console guesses it). */
export const useSurveyTranslation = () => {
  const language = useContext(SurveyLanguageContext) ?? detectLanguage();
  const t = useCallback((key: string, values?: Values) => translate(language, key, values), [language]);
  return useMemo(() => ({ t, language }), [t, language]);
};
