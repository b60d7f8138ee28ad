import { useCallback } from 'react';
import { createTranslator, type TextKey } from '@/lib/translator';
import { participation as deParticipation } from '@/locales/de.json';
import { participation as enParticipation } from '@/locales/en.json';
import deTicket from '@/locales/ticket-page/de.json';
import enTicket from '@/locales/ticket-page/en.json';
import { useSurveyTranslation } from './survey-language';

/**
 * The ticket page's own texts with the public pages' shared ones. Its own live in their own locale
 * files (`locales/ticket-page/`): a bundler keeps a JSON module whole in one chunk, so texts in
 * de.json would load with every survey page; imported from here they load with the ticket's chunk.
 */
const ticketTexts = {
  de: { participation: deParticipation, ...deTicket },
  en: { participation: enParticipation, ...enTicket },
};
const translate = createTranslator(ticketTexts);
export type TicketTextKey = TextKey<(typeof ticketTexts)['en']>;

/** `t` in the survey's language (the ticket page's SurveyLanguageProvider). */
export const useTicketTranslation = () => {
  const { language } = useSurveyTranslation();
  const t = useCallback(
    (key: TicketTextKey, values?: Record<string, string | number>) => translate(language, key, values),
    [language],
  );
  return { t, language };
};
