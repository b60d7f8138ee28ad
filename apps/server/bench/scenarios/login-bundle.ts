import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatTable, kib } from '../lib/table.js';
import type { BenchContext, Scenario, ScenarioResult } from '../types.js';

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

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

/**
 * The JavaScript a browser downloads to show /login, gzipped one file at a time as it is sent:
 * the entry script and module preloads of index.html, plus the login route's lazy chunk and its
 * static imports, found through Vite's manifest. The console's other routes are not counted:
 * route-level code splitting keeps them off the login page.
 */
export const loginBundle: Scenario = {
  name: 'login-bundle',
  run: async (ctx) => {
    try {
      return await measureLoginPage(ctx);
    } catch (err) {
      // A build in another terminal empties dist/ first; say so rather than fail the whole run.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      const line = `login page JavaScript: not measured, a file vanished from apps/web/dist while it was read (a build running?): ${(err as Error).message}`;
      return { report: line, summary: line };
    }
  },
};

const measureLoginPage = async (ctx: BenchContext): Promise<ScenarioResult> => {
  const dist = ctx.rt.config.webDist ?? path.join(ctx.repoRoot, 'apps/web/dist');
  const indexHtml = path.join(dist, 'index.html');
  const notes: string[] = [];
  if (!existsSync(indexHtml)) {
    ctx.progress('apps/web/dist is missing: npm run build');
    // The build's output goes to stderr: stdout is the report.
    const built = spawnSync('npm', ['run', 'build'], { cwd: ctx.repoRoot, stdio: ['ignore', 2, 2] });
    if (built.status !== 0 || !existsSync(indexHtml)) {
      const line = `login page JavaScript: not measured, \`npm run build\` failed (exit ${built.status})`;
      return { report: line, summary: line };
    }
    notes.push('built with `npm run build` for this run.');
  } else {
    notes.push(`dist built ${statSync(indexHtml).mtime.toISOString()} (delete apps/web/dist to rebuild).`);
  }

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
  const html = readFileSync(indexHtml, 'utf8');
  const css: string[] = [];
  for (const { tag, a } of tags(html)) {
    if (tag === 'script' && a.type === 'module' && a.src) add(a.src, 'entry script');
    if (tag === 'link' && a.rel === 'modulepreload' && a.href) add(a.href, 'module preload');
    if (tag === 'link' && a.rel === 'stylesheet' && a.href) css.push(a.href.replace(/^\//, ''));
  }

  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const matches = Object.entries(manifest).filter(
      ([key, c]) => !c.isEntry && `${c.name ?? ''} ${c.src ?? key}`.toLowerCase().includes('login'),
    );
    const lazy = matches.filter(([, c]) => c.isDynamicEntry);
    const chosen = lazy.length ? lazy : matches;
    if (!chosen.length) notes.push('the manifest has no chunk named like "login": entry and preloads only.');
    // Loading a chunk loads its static imports too (Vite preloads them alongside).
    const visit = (key: string, why: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.set(chunk.file, why);
      for (const dep of chunk.imports ?? []) visit(dep, `import of ${chunk.name ?? key}`);
    };
    for (const [key, c] of chosen) visit(key, `login route chunk (${c.src ?? key})`);
  } else {
    notes.push('no dist/.vite/manifest.json: entry and preloads only, the login route chunk is not counted.');
  }

  let raw = 0;
  let gz = 0;
  const rows = [...files].map(([file, why]) => {
    const bytes = readFileSync(path.join(dist, file));
    const zipped = gzipSync(bytes).length;
    raw += bytes.length;
    gz += zipped;
    return [file, why, kib(bytes.length), kib(zipped)];
  });
  rows.push(['total JavaScript', `${files.size} files`, kib(raw), kib(gz)]);
  const cssGz = css.reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, f))).length, 0);

  return {
    report: [
      'JavaScript the login page loads (gzip, zlib default level, each file as sent):',
      '',
      formatTable(['file', 'loaded as', 'raw', 'gzip'], rows, 2),
      '',
      `Stylesheets (not counted above): ${css.length} file(s), ${kib(cssGz)} gzipped.`,
      ...notes.map((n) => `Note: ${n}`),
    ].join('\n'),
    summary: `login page JavaScript: ${kib(gz)} gzipped (${kib(raw)} raw, ${files.size} files)`,
  };
};
