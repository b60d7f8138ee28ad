import type { Language } from '@parley/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

const SurveyLanguageContext = createContext<Language | undefined>(undefined);

/** Public pages speak the survey's language, whatever the console's language is set to. */
export const SurveyLanguageProvider = ({
  language,
  children,
}: {
  language: Language;
  children: ReactNode;
}) => <SurveyLanguageContext.Provider value={language}>{children}</SurveyLanguageContext.Provider>;

/** `t` fixed to the survey's language, leaving the console's own language untouched. */
export const useSurveyTranslation = () => {
  const language = useContext(SurveyLanguageContext);
  return useTranslation(undefined, language ? { lng: language } : {});
};
