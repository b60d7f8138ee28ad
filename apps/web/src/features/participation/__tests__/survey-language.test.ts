import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import { translate } from '../components/survey-language';

// The translator's rules are tested in lib/translator.test.ts; here: the survey page reads the locale files.
describe("the public pages' texts", () => {
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
});
