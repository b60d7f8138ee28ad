import { bundleOf, loaders } from 'virtual:console-texts';

/**
 * The console's texts, loaded per language and bundle as the modules that use them are loaded
 * (vite-plugins.ts, `consoleTexts`, adds `needTexts([...groups])` to each module naming a key). This
 * file imports nothing of the console so that any module may register; `lib/i18n.ts` connects it.
 */
type Sink = {
  /** The languages texts load in: the one shown, and the one being switched to. */
  languages: () => string[];
  add: (language: string, texts: Record<string, unknown>) => void;
};

const wanted = new Set<string>();
const loads = new Map<string, Promise<void>>();
let sink: Sink | null = null;

const load = (language: string, bundle: string): Promise<void> => {
  const key = `${language}/${bundle}`;
  let loading = loads.get(key);
  if (!loading) {
    const loader = loaders[language]?.[bundle];
    loading = loader
      ? loader().then(
          (m) => sink?.add(language, m.default),
          (error: unknown) => {
            // A failed load (offline, a new deploy) is tried again by the next caller.
            loads.delete(key);
            throw error;
          },
        )
      : Promise.resolve();
    loads.set(key, loading);
  }
  return loading;
};

/** Registers text groups a module uses and starts loading their bundles in the current language. */
export const needTexts = (groups: readonly string[]): void => {
  for (const group of groups) {
    const bundle = bundleOf[group] ?? group;
    if (wanted.has(bundle)) continue;
    wanted.add(bundle);
    for (const language of sink?.languages() ?? []) load(language, bundle).catch(() => undefined);
  }
};

/** Resolves once every registered bundle is there in `language` (by default in the languages of the sink). */
export const textsReady = async (language?: string): Promise<void> => {
  const languages = language ? [language] : (sink?.languages() ?? []);
  await Promise.all(languages.flatMap((l) => [...wanted].map((bundle) => load(l, bundle))));
};

/** Every bundle in every language (the unit tests render any screen in either language at once). */
export const loadAllTexts = async (): Promise<void> => {
  await Promise.all(
    Object.keys(loaders).flatMap((language) =>
      Object.keys(loaders[language] ?? {}).map((b) => load(language, b)),
    ),
  );
};

/** Called once by lib/i18n.ts: from then on registered bundles load into i18next. */
export const connectTexts = (next: Sink): void => {
  sink = next;
  textsReady().catch(() => undefined);
};
