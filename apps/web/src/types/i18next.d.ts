import type en from '@/locales/en.json';

// Typed translation keys: t('missing.key') fails the type check. English is the reference
// language; a test keeps de.json's keys identical.
declare module 'i18next' {
  // Module augmentation needs an interface (declaration merging).
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
