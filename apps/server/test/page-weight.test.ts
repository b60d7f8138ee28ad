import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { measurePage, type PageSpec } from '../bench/lib/page-weight.js';

/**
 * The page-weight walk that the budget check in `npm test` and the benchmark share: on a made-up
 * build it must count the entry, its preloads, the page's route chunk and that chunk's imports,
 * each once, and nothing of other routes.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'parley-page-weight-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const file = (name: string, content: string) => {
  mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  writeFileSync(path.join(dist, name), content);
  return gzipSync(Buffer.from(content)).length;
};

const spec: PageSpec = {
  name: 'login',
  url: '/login',
  html: 'index.html',
  routes: ['src/app/routes/login.tsx'],
  manifest: '.vite/manifest.json',
  budgetKiB: 1,
  targetKiB: 1,
};

describe('page weight', () => {
  const sizes = {
    entry: file('assets/index.js', 'export const entry = 1;'.repeat(40)),
    shared: file('assets/shared.js', 'export const shared = 2;'.repeat(30)),
    login: file('assets/login.js', 'export const login = 3;'.repeat(20)),
    form: file('assets/form.js', 'export const form = 4;'.repeat(10)),
    other: file('assets/campaigns.js', 'export const campaigns = 5;'.repeat(50)),
  };
  file('assets/index.css', 'body{color:red}');
  file(
    'index.html',
    `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/shared.js">
      <link rel="stylesheet" crossorigin href="/assets/index.css">
      <script type="module" src="https://analytics.example/script.js"></script>
    </head><body><div id="root"></div></body></html>`,
  );
  file(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_form.js': { file: 'assets/form.js', imports: ['_shared.js'] },
      'src/app/routes/login.tsx': {
        file: 'assets/login.js',
        name: 'login',
        src: 'src/app/routes/login.tsx',
        isDynamicEntry: true,
        imports: ['index.html', '_form.js'],
      },
      'src/app/routes/campaigns.tsx': { file: 'assets/campaigns.js', isDynamicEntry: true },
    }),
  );

  it('counts the entry, its preloads, the route chunk and its imports, each once', () => {
    const page = measurePage(dist, spec);
    expect(page.files.map((f) => f.file).sort()).toEqual([
      'assets/form.js',
      'assets/index.js',
      'assets/login.js',
      'assets/shared.js',
    ]);
    expect(page.gzip).toBe(sizes.entry + sizes.shared + sizes.login + sizes.form);
    expect(page.cssGzip).toBeGreaterThan(0);
    expect(page.notes).toContain('not counted (another origin): https://analytics.example/script.js');
  });

  it('says so when a route has no chunk, rather than counting nothing silently', () => {
    const page = measurePage(dist, { ...spec, routes: ['src/app/routes/gone.tsx'] });
    expect(page.files.map((f) => f.file).sort()).toEqual(['assets/index.js', 'assets/shared.js']);
    expect(page.notes.join(' ')).toContain('src/app/routes/gone.tsx');
  });
});
