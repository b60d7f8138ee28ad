import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The JavaScript a page of the built console loads, gzipped one file at a time as it is sent: the
 * entry script and module preloads of its HTML file, plus its lazy route chunks and their static
 * imports, found through Vite's manifest (dist/.vite/manifest.json, or a light page's own). Used by the benchmark's
 * page-weight scenario and by the budget check in `npm test` (bench/budget.ts), so both count alike.
 */
export type PageSpec = {
  /** Short name, as the report and the budget check print it. */
  name: string;
  /** The address a person opens (for the report). */
  url: string;
  /** The HTML file under dist the server answers for `url`. */
  html: string;
  /** Manifest keys (source paths under apps/web) of the lazy route modules the page renders first. */
  routes: string[];
  /** The build's manifest under dist: the console's, or a light page's own (their separate builds). */
  manifest: '.vite/manifest.json' | '.vite/public-manifest.json' | '.vite/login-manifest.json';
  /** The size `npm test` refuses to let it grow past (KiB gzipped): a guard against regressions. */
  budgetKiB: number;
  /** Where the page should get to (KiB gzipped), from docs/operations.md's targets. */
  targetKiB: number;
  /** Its stylesheets' budget and target (KiB gzipped), for a page whose CSS is checked too. */
  cssBudgetKiB?: number;
  cssTargetKiB?: number;
};

/**
 * The pages that are measured. Budgets sit just above the sizes of the build they were set on (see
 * docs/operations.md, "Page weight"): a change that makes a page heavier fails `npm test` until its
 * budget is raised on purpose, or the page is made lighter again.
 */
export const pages: PageSpec[] = [
  {
    name: 'login',
    url: '/login',
    // The sign-in page's own light build (Preact; apps/web/vite.light.config.ts --mode login), like the survey page.
    html: 'login.html',
    routes: [],
    manifest: '.vite/login-manifest.json',
    budgetKiB: 19,
    targetKiB: 100,
  },
  {
    name: 'survey',
    url: '/p/c/:campaignId',
    // The public pages' own entry and build (Preact): everything the survey page renders is in it (no
    // lazy route; Sentry's chunk loads only when tracing is configured).
    html: 'public.html',
    routes: [],
    manifest: '.vite/public-manifest.json',
    // 27: raised from 26 on 28 November 2026, when the footer's link to the manufacturer's imprint (its
    // label in German and English) took the page to 26.05 KiB, 49 bytes over.
    budgetKiB: 27,
    targetKiB: 80,
  },
  {
    name: 'feedback',
    url: '/p/f/:manufacturerId',
    // The public entry plus the feedback pages' lazy chunk (D19's public page), with what it imports.
    html: 'public.html',
    routes: ['src/features/participation/components/feedback-page.tsx'],
    manifest: '.vite/public-manifest.json',
    // 42: raised from 41 with the survey page's (the imprint link, 41.003 KiB).
    budgetKiB: 42,
    targetKiB: 80,
  },
  {
    name: 'console',
    url: '/',
    // The console's first screen after sign-in, the dashboard: the entry and what it preloads, the
    // console's shell (root.tsx: layout, navigation, history button, account button) and the dashboard's
    // chunk, with the base bundle of texts in English (apps/web/vite-plugins.ts). What the shell fetches
    // once the screen is up (the account menu, the notifications' host, the next screens on hover or
    // idle) is not counted.
    html: 'index.html',
    routes: [
      'src/app/routes/app/root.tsx',
      'src/app/routes/app/dashboard.tsx',
      'virtual:console-texts/en/base',
    ],
    manifest: '.vite/manifest.json',
    // Set on 28 November 2026 at 210.1 KiB (from 385.4: the contract's schemas, both languages' texts,
    // Mantine's whole stylesheet, floating-ui, the history drawer and the account menu left the first
    // screen); 213.0 with the routes' loaders and their data preloads (app/route-data.ts, in the entry so
    // that a first load asks for its data at once); lowered to 205 the same day at 203.1, when the
    // console's frame replaced Mantine's AppShell (its resize handle and react-remove-scroll). What
    // remains is mostly React DOM (~62 KiB), react-router's data router (~30), i18next (~19), TanStack
    // Query and Mantine's core.
    budgetKiB: 205,
    targetKiB: 150,
    // 18.2 KiB (from 35.8): Mantine's stylesheets per component, the frame's own rules.
    cssBudgetKiB: 19,
    cssTargetKiB: 20,
  },
];

type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type PageFile = { file: string; why: string; raw: number; gzip: number; brotli: number };
export type PageWeight = {
  spec: PageSpec;
  files: PageFile[];
  raw: number;
  gzip: number;
  /** The same files compressed with brotli (quality 11), as a server sends precompressed assets. */
  brotli: number;
  /** Stylesheets the HTML links and the route chunks bring, gzipped (reported, not counted in `gzip`). */
  cssGzip: number;
  cssBrotli: number;
  /** Those stylesheets one by one. */
  css: PageFile[];
  notes: string[];
};

/** The attributes of every <script> and <link> tag (Vite writes plain, well-formed tags). */
const tags = (html: string) =>
  [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, tag = '', attrs = '']) => {
    const a: Record<string, string> = {};
    for (const [, name = '', dq, sq, bare] of attrs.matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    ))
      a[name.toLowerCase()] = dq ?? sq ?? bare ?? '';
    return { tag: tag.toLowerCase(), a };
  });

export const kib = (bytes: number) => bytes / 1024;

/** Measures one page in `dist`. Throws when the HTML file is missing (the console is not built). */
export const measurePage = (dist: string, spec: PageSpec): PageWeight => {
  const notes: string[] = [];
  // Files by their path under dist, with why they are loaded; the first reason wins.
  const files = new Map<string, string>();
  const add = (url: string, why: string) => {
    if (/^[a-z]+:\/\//i.test(url)) {
      notes.push(`not counted (another origin): ${url}`);
      return;
    }
    const rel = url.replace(/^\//, '');
    if (!files.has(rel)) files.set(rel, why);
  };
  const css: string[] = [];
  for (const { tag, a } of tags(readFileSync(path.join(dist, spec.html), 'utf8'))) {
    if (tag === 'script' && a.type === 'module' && a.src) add(a.src, 'entry script');
    if (tag === 'link' && a.rel === 'modulepreload' && a.href) add(a.href, 'module preload');
    if (tag === 'link' && a.rel === 'stylesheet' && a.href) css.push(a.href.replace(/^\//, ''));
  }

  const manifestPath = path.join(dist, spec.manifest);
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    // Loading a chunk loads its static imports too (Vite preloads them alongside).
    const visit = (key: string, why: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.set(chunk.file, why);
      // A chunk's stylesheets load with it (Vite adds them when it loads the chunk).
      for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
      for (const dep of chunk.imports ?? []) visit(dep, `import of ${chunk.name ?? key}`);
    };
    for (const route of spec.routes) {
      if (manifest[route]) visit(route, `route chunk (${route})`);
      else notes.push(`the manifest has no chunk for ${route}: it is not counted.`);
    }
  } else {
    notes.push(`no dist/${spec.manifest}: entry and preloads only, route chunks are not counted.`);
  }

  const sizes = (file: string) => {
    const bytes = readFileSync(path.join(dist, file));
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return { raw: bytes.length, gzip: gzipSync(bytes).length, brotli: brotli.length };
  };
  const measured = [...files].map(([file, why]): PageFile => ({ file, why, ...sizes(file) }));
  const sheets = css.map((file): PageFile => ({ file, why: 'stylesheet', ...sizes(file) }));
  return {
    spec,
    files: measured,
    raw: measured.reduce((n, f) => n + f.raw, 0),
    gzip: measured.reduce((n, f) => n + f.gzip, 0),
    brotli: measured.reduce((n, f) => n + f.brotli, 0),
    cssGzip: sheets.reduce((n, f) => n + f.gzip, 0),
    cssBrotli: sheets.reduce((n, f) => n + f.brotli, 0),
    css: sheets,
    notes,
  };
};
