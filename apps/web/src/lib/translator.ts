import type { Language } from '@parley/contract';

/**
 * A small translator for the light pages (the public pages and the sign-in page; docs/architecture.md,
 * "The public pages"): parts of the console's locale files, without i18next. It keeps i18next's
 * conventions, so the same files serve both: dotted keys, `{{name}}` values, and `_one`/`_other`
 * plural keys chosen by `count`. A missing text falls back to English, then to the key itself.
 */
type Values = Record<string, string | number>;

/** `a.b.c` for every text of a nested locale object (plural variants by their base key too). */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
      ? K | Base
      : K
    : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

export type TextKey<T> = Leaves<T>;

export type Translate<T> = (language: Language, key: TextKey<T>, values?: Values) => string;

const plurals: Partial<Record<Language, Intl.PluralRules>> = {};
const pluralOf = (language: Language, count: number) => {
  const rules = plurals[language] ?? new Intl.PluralRules(language);
  plurals[language] = rules;
  return rules.select(count);
};

export const createTranslator = <T extends object>(texts: Record<Language, T>): Translate<T> => {
  const lookup = (language: Language, key: string): string | undefined => {
    let node: unknown = texts[language];
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  const find = (language: Language, key: string, count: unknown) =>
    (typeof count === 'number' ? lookup(language, `${key}_${pluralOf(language, count)}`) : undefined) ??
    lookup(language, key);
  return (language, key, values = {}) => {
    const text = find(language, key, values.count) ?? find('en', key, values.count) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) =>
      name in values ? String(values[name]) : all,
    );
  };
};
