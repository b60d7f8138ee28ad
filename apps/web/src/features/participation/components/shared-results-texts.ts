import type { Language } from '@parley/contract';
import { useCallback, useMemo } from 'react';
import { createTranslator, type TextKey } from '@/lib/translator';
import deResults from '@/locales/shared-results/de.json';
import enResults from '@/locales/shared-results/en.json';
import { useSurveyTranslation } from './survey-language';

/**
 * The shared results page's texts, in their own locale files (`locales/shared-results/`): a bundler
 * keeps a JSON module whole in one chunk, so texts in de.json would load with every survey page;
 * imported from here they load with the results page's chunk only.
 */
const resultsTexts = { de: deResults, en: enResults };
const translate = createTranslator(resultsTexts);
export type ResultsTextKey = TextKey<(typeof resultsTexts)['en']>;

/** Shares (0–1) as whole percentages, in the campaign's language ("42 %" in German). */
export const formatShare = (share: number, language: Language) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share);

/** A mean position with one decimal ("2.4", "2,4"). */
export const formatMean = (value: number, language: Language) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** `t` in the campaign's language (the page's SurveyLanguageProvider), with its number formats. */
export const useResultsTranslation = () => {
  const { language } = useSurveyTranslation();
  const t = useCallback(
    (key: ResultsTextKey, values?: Record<string, string | number>) => translate(language, key, values),
    [language],
  );
  return useMemo(
    () => ({
      t,
      language,
      share: (value: number) => formatShare(value, language),
      mean: (value: number) => formatMean(value, language),
    }),
    [t, language],
  );
};
