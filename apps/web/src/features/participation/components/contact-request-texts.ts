import { useCallback } from 'react';
import { createTranslator, type TextKey } from '@/lib/translator';
import deForm from '@/locales/contact-request-form/de.json';
import enForm from '@/locales/contact-request-form/en.json';
import { participation as deParticipation } from '@/locales/de.json';
import { participation as enParticipation } from '@/locales/en.json';
import { useSurveyTranslation } from './survey-language';

/**
 * The form's own texts with the public pages' shared ones. The form's live in their own locale files
 * (`locales/contact-request-form/`): a bundler keeps a JSON module whole in one chunk, so texts in
 * de.json would load with every survey page; imported from here they load with this page's chunk.
 */
const formTexts = {
  de: { participation: deParticipation, ...deForm },
  en: { participation: enParticipation, ...enForm },
};
export const translateContactRequest = createTranslator(formTexts);
export type FormTextKey = TextKey<(typeof formTexts)['en']>;

/** `t` in the page's language (the survey pages' choice of it: `?lang=`, else the visitor's). */
export const useFormTranslation = () => {
  const { language } = useSurveyTranslation();
  const t = useCallback(
    (key: FormTextKey, values?: Record<string, string | number>) =>
      translateContactRequest(language, key, values),
    [language],
  );
  return { t, language };
};
