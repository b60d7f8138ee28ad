import type { Language } from '@parley/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { detectLanguage } from '@/lib/language';
import { createTranslator, type TextKey } from '@/lib/translator';
import { common as deCommon, participation as deParticipation } from '@/locales/de.json';
import { common as enCommon, participation as enParticipation } from '@/locales/en.json';

/**
 * The public pages' texts: the `participation` part of the console's locale files (and the product's
 * name), in the survey's language whatever the visitor's console language is, by the light pages'
 * translator (lib/translator.ts): a survey page loads neither i18next nor the console's other texts
 * (docs/architecture.md, "The public pages").
 */
const texts = {
  de: { common: { appName: deCommon.appName }, participation: deParticipation },
  en: { common: { appName: enCommon.appName }, participation: enParticipation },
};

export type ParticipationTextKey = TextKey<(typeof texts)['en']>;

export const translate = createTranslator(texts);

type Values = Record<string, string | number>;

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
  const t = useCallback(
    (key: ParticipationTextKey, values?: Values) => translate(language, key, values),
    [language],
  );
  return useMemo(() => ({ t, language }), [t, language]);
};
