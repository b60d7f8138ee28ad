import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import { translate } from '../components/survey-language';

describe("the public pages' translator", () => {
  it('reads the locale files, in the language asked for', () => {
    expect(translate('en', 'participation.step.back')).toBe(en.participation.step.back);
    expect(translate('de', 'participation.step.back')).toBe(de.participation.step.back);
    expect(translate('de', 'common.appName')).toBe('Parley');
  });

  it('fills {{values}} as i18next does, and leaves a value it was not given as written', () => {
    expect(translate('en', 'participation.freeText.counter', { count: 11, max: 5000 })).toBe(
      '11 of 5000 characters',
    );
    expect(translate('en', 'participation.byManufacturer')).toContain('{{name}}');
  });

  it('chooses the _one or _other key by count, by the language’s plural rules', () => {
    expect(translate('en', 'participation.contact.questionCount', { count: 1 })).toBe('1 question');
    expect(translate('en', 'participation.contact.questionCount', { count: 0 })).toBe('0 questions');
    expect(translate('de', 'participation.contact.questionCount', { count: 1 })).toBe(
      de.participation.contact.questionCount_one.replace('{{count}}', '1'),
    );
  });

  it('falls back to English, then to the key, rather than show nothing', () => {
    expect(translate('de', 'participation.no.such.key')).toBe('participation.no.such.key');
    expect(translate('en', 'participation.step')).toBe('participation.step');
  });
});
