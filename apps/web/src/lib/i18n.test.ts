import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the console language', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('is the stored choice from the first render on, before any of its texts have arrived', async () => {
    // A console opened in German: the texts load per language and bundle after i18next has started
    // (lib/texts.ts), so i18next has not resolved a language yet; German must not read as English.
    window.localStorage.setItem('parley.locale', JSON.stringify('de'));
    vi.resetModules();
    const fresh = await import('@/lib/i18n');
    expect(fresh.i18n.language).toBe('de');
    expect(fresh.currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
