import { describe, expect, it } from 'vitest';
import { createTranslator, type TextKey } from './translator';

const texts = {
  en: {
    greeting: 'Hello {{name}}',
    items: { count_one: '{{count}} item', count_other: '{{count}} items', only: 'only English' },
  },
  de: {
    greeting: 'Hallo {{name}}',
    items: { count_one: '{{count}} Eintrag', count_other: '{{count}} Einträge', only: '' },
  },
};
const translate = createTranslator(texts);
type Key = TextKey<typeof texts.en>;

describe("the light pages' translator", () => {
  it('reads the text in the language asked for and fills {{values}} as i18next does', () => {
    expect(translate('en', 'greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(translate('de', 'greeting', { name: 'Ada' })).toBe('Hallo Ada');
    // A value it was not given stays as written rather than become "undefined".
    expect(translate('en', 'greeting')).toBe('Hello {{name}}');
  });

  it('chooses the _one or _other key by count, by the language’s plural rules', () => {
    expect(translate('en', 'items.count', { count: 1 })).toBe('1 item');
    expect(translate('en', 'items.count', { count: 0 })).toBe('0 items');
    expect(translate('de', 'items.count', { count: 2 })).toBe('2 Einträge');
  });

  it('falls back to English (plurals too), then to the key, rather than show nothing', () => {
    const partial = createTranslator({ en: texts.en, de: { greeting: 'Hallo {{name}}' } as typeof texts.en });
    expect(partial('de', 'items.count', { count: 3 })).toBe('3 items');
    expect(translate('de', 'no.such.key' as Key)).toBe('no.such.key');
    expect(translate('en', 'items' as Key)).toBe('items');
  });
});
