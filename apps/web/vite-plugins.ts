import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The console build's own plugins (vite.config.ts; the first two in vitest.config.ts too), each keeping
 * out of the first screen what only other screens need (docs/architecture.md, "The console's weight").
 */

const src = fileURLToPath(new URL('./src', import.meta.url));
const virtualPrefix = '\0';

/**
 * `virtual:console-api`: the contract's `api` as plain data (each route's method, base, path and access),
 * read from the contract when the build starts. The contract's own `api` holds every route's zod
 * schemas and the phone rules (libphonenumber-js): over 70 KiB of compressed JavaScript in whatever
 * chunk imports it. The console's calls need none of it (the server validates), so `@/lib/api-routes`
 * answers this table typed as the contract's `api`, and the shell loads no zod.
 */
export const consoleApiRoutes = (): Plugin => {
  const id = 'virtual:console-api';
  let code: Promise<string> | undefined;
  return {
    name: 'parley-console-api',
    resolveId: (source) => (source === id ? virtualPrefix + id : null),
    load(resolved) {
      if (resolved !== virtualPrefix + id) return null;
      code ??= (async () => {
        // tsx runs the contract's TypeScript in this Node process (it is the repository's runner of
        // TypeScript scripts already); the route definitions are plain objects, read once per build.
        const { tsImport } = await import('tsx/esm/api');
        const contract = (await tsImport('@parley/contract', import.meta.url)) as {
          api: Record<
            string,
            Record<string, { method: string; base?: string; path: string; access: string }>
          >;
        };
        const table = Object.fromEntries(
          Object.entries(contract.api).map(([area, routes]) => [
            area,
            Object.fromEntries(
              Object.entries(routes).map(([name, { method, base, path, access }]) => [
                name,
                { method, base, path, access },
              ]),
            ),
          ]),
        );
        return `export const api = ${JSON.stringify(table)};\n`;
      })();
      return code;
    },
  };
};

type Locale = Record<string, unknown>;

/**
 * The console's texts as bundles loaded on demand, per language (docs/architecture.md, "The console's
 * weight"). `src/locales/{en,de}.json` stay one file per language (a test keeps their keys equal, `t()`
 * keys are typed from en.json); the build splits them by top-level group into the bundles below, each
 * its own chunk per language. Every module of the console that names a key of a group (`'campaigns.…'`,
 * `` `nav.${…}` ``) registers that group when it is evaluated (`needTexts` of `src/lib/texts.ts`, added
 * here), which starts loading its bundle in the current language; a screen renders once the bundles of
 * its modules have arrived (`textsReady`). A group not listed here is a bundle of its own.
 */
const textBundles: Record<string, string[]> = {
  // What the shell and the dashboard say, and the small groups nearly every screen uses.
  base: [
    'common',
    'nav',
    'pages',
    'apiErrors',
    'history',
    'account',
    'language',
    'pageError',
    'errorBoundary',
    'notFound',
    'auth',
    'dashboard',
    'connect',
    'publicAddress',
    'dateTimeField',
  ],
  campaign: ['campaigns', 'questions', 'results', 'statistics', 'participants', 'participation'],
  audience: ['contacts', 'contactLists', 'contactRequests', 'tagGroups'],
  conversations: ['tickets', 'posts'],
  settings: ['profile', 'templates'],
};

const languages = ['en', 'de'] as const;

const readLocale = (language: string): Locale =>
  JSON.parse(readFileSync(`${src}/locales/${language}.json`, 'utf8')) as Locale;

/** Group → bundle for every top-level group of en.json. */
const bundleOfGroups = (groups: string[]) => {
  const bundleOf: Record<string, string> = {};
  for (const [bundle, members] of Object.entries(textBundles)) for (const g of members) bundleOf[g] = bundle;
  for (const g of groups) bundleOf[g] ??= g;
  return bundleOf;
};

/** Whether a module's texts are registered: the console's sources, not tests, fixtures or locale files. */
const registersTexts = (id: string) =>
  id.startsWith(`${src}/`) &&
  /\.(ts|tsx)$/.test(id) &&
  !/\.test\.tsx?$/.test(id) &&
  !id.startsWith(`${src}/testing/`) &&
  !id.startsWith(`${src}/locales/`) &&
  id !== `${src}/lib/texts.ts`;

export const consoleTexts = (): Plugin => {
  const id = 'virtual:console-texts';
  const groups = Object.keys(readLocale('en'));
  const bundleOf = bundleOfGroups(groups);
  const bundles = [...new Set(Object.values(bundleOf))];
  const keyPattern = new RegExp(`['"\`](${groups.join('|')})\\.[A-Za-z$]`, 'g');
  return {
    name: 'parley-console-texts',
    resolveId: (source) => (source === id || source.startsWith(`${id}/`) ? virtualPrefix + source : null),
    load(resolved) {
      if (resolved === virtualPrefix + id) {
        const loaders = languages
          .map(
            (language) =>
              `  ${language}: {\n${bundles
                .map(
                  (b) =>
                    `    ${JSON.stringify(b)}: () => import(${JSON.stringify(`${id}/${language}/${b}`)}),`,
                )
                .join('\n')}\n  },`,
          )
          .join('\n');
        return `export const bundleOf = ${JSON.stringify(bundleOf)};\nexport const loaders = {\n${loaders}\n};\n`;
      }
      const match = resolved.startsWith(`${virtualPrefix}${id}/`)
        ? /^([a-z]+)\/([A-Za-z]+)$/.exec(resolved.slice(virtualPrefix.length + id.length + 1))
        : null;
      if (!match) return null;
      const [, language = '', bundle = ''] = match;
      this.addWatchFile(`${src}/locales/${language}.json`);
      const locale = readLocale(language);
      const texts = Object.fromEntries(
        groups.filter((g) => bundleOf[g] === bundle).map((g) => [g, locale[g]]),
      );
      return `export default ${JSON.stringify(texts)};\n`;
    },
    transform(code, moduleId) {
      const file = moduleId.split('?')[0] ?? moduleId;
      if (!registersTexts(file)) return null;
      const used = [...new Set([...code.matchAll(keyPattern)].map((m) => m[1] as string))];
      if (used.length === 0) return null;
      // Prepended on one line, so the module's own lines (and its source map) keep their numbers.
      return {
        code: `import { needTexts as __needTexts } from '@/lib/texts'; __needTexts(${JSON.stringify(used)});${code}`,
        map: null,
      };
    },
  };
};

/**
 * Mantine's CSS per component (its "CSS files list" guide): the one `@mantine/core/styles.css` is 230 KiB,
 * of which a screen uses a part. Each of Mantine's components reads its class names from its own
 * `X.module.mjs`, and `@mantine/core/styles/X.css` holds exactly that component's rules, so the build adds
 * the stylesheet to that module: a chunk that contains a component brings its CSS, dependencies before
 * the component that uses them (a module's imports run first). The global styles (baseline, variables)
 * are imported by src/main.tsx. The development server pre-bundles Mantine, so there src/main.tsx gets the
 * whole stylesheet instead.
 */
export const mantineCssPerComponent = (): Plugin => {
  let serving = false;
  return {
    name: 'parley-mantine-css-per-component',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, moduleId) {
      const file = moduleId.split('?')[0] ?? moduleId;
      if (serving) {
        return file === `${src}/main.tsx`
          ? { code: `import '@mantine/core/styles.css';${code}`, map: null }
          : null;
      }
      const component = /[/\\]@mantine[/\\]core[/\\]esm[/\\].*[/\\]([A-Za-z]+)\.module\.mjs$/.exec(file)?.[1];
      if (!component) return null;
      return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    },
  };
};
