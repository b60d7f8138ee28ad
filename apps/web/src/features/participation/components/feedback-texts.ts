import { useCallback, useMemo } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { createTranslator, type TextKey } from '@/lib/translator';
import { participation as deParticipation } from '@/locales/de.json';
import { participation as enParticipation } from '@/locales/en.json';
import deFeedback from '@/locales/feedback-page/de.json';
import enFeedback from '@/locales/feedback-page/en.json';
import { useSurveyTranslation } from './survey-language';

/**
 * The feedback pages' own texts with the public pages' shared ones. Their own live in their own
 * locale files (`locales/feedback-page/`): a bundler keeps a JSON module whole in one chunk, so texts
 * in de.json would load with every survey page; imported from here they load with the feedback chunk.
 */
const feedbackTexts = {
  de: { participation: deParticipation, ...deFeedback },
  en: { participation: enParticipation, ...enFeedback },
};
export const translateFeedback = createTranslator(feedbackTexts);
export type FeedbackTextKey = TextKey<(typeof feedbackTexts)['en']>;

/** `t` in the page's language (the feedback page's SurveyLanguageProvider), with its date format. */
export const useFeedbackTranslation = () => {
  const { language } = useSurveyTranslation();
  const t = useCallback(
    (key: FeedbackTextKey, values?: Record<string, string | number>) =>
      translateFeedback(language, key, values),
    [language],
  );
  return useMemo(
    () => ({ t, language, date: (value: string) => formatDateTime(value, language) }),
    [t, language],
  );
};
