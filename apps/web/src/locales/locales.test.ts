import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('locales', () => {
  it('have the same keys in German and English, none of them empty', () => {
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
