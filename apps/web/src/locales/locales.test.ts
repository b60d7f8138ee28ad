import { describe, expect, it } from 'vitest';
import deForm from './contact-request-form/de.json';
import enForm from './contact-request-form/en.json';
import de from './de.json';
import en from './en.json';
import deFeedback from './feedback-page/de.json';
import enFeedback from './feedback-page/en.json';
import deReport from './report-confirmation/de.json';
import enReport from './report-confirmation/en.json';
import deResults from './shared-results/de.json';
import enResults from './shared-results/en.json';
import deTicket from './ticket-page/de.json';
import enTicket from './ticket-page/en.json';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

/**
 * Each pair of locale files: the console's, and the contact-request form's and the ticket page's own
 * (kept apart so that only that page loads them).
 */
const pairs = [
  ['the console', de, en],
  ['the contact-request form', deForm, enForm],
  ['the ticket page', deTicket, enTicket],
  ['the shared results page', deResults, enResults],
  ['the feedback pages', deFeedback, enFeedback],
  ['the report confirmation page', deReport, enReport],
] as const;

describe('locales', () => {
  it.each(pairs)('%s: the same keys in German and English, none of them empty', (_name, de, en) => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const locale of [de, en]) {
      const empty = keys(locale).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
