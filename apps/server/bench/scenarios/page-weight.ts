import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { kib, measurePage, pages } from '../lib/page-weight.js';
import { formatTable } from '../lib/table.js';
import type { BenchContext, Figure, Scenario, ScenarioResult } from '../types.js';

const k = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

/**
 * The JavaScript each measured page loads (bench/lib/page-weight.ts: the login page, a survey page, the
 * feedback page and the console's first screen),
 * file by file, against its target. Builds apps/web/dist first when it is missing.
 */
export const pageWeight: Scenario = {
  name: 'page-weight',
  run: async (ctx) => {
    try {
      return await measure(ctx);
    } catch (err) {
      // A build in another terminal empties dist/ first; say so rather than fail the whole run.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      const line = `page weight: not measured, a file vanished from apps/web/dist while it was read (a build running?): ${(err as Error).message}`;
      return { report: line, summary: line };
    }
  },
};

const measure = async (ctx: BenchContext): Promise<ScenarioResult> => {
  const dist = ctx.rt.config.webDist ?? path.join(ctx.repoRoot, 'apps/web/dist');
  const indexHtml = path.join(dist, 'index.html');
  const notes: string[] = [];
  if (!existsSync(indexHtml)) {
    ctx.progress('apps/web/dist is missing: npm run build');
    // The build's output goes to stderr: stdout is the report.
    const built = spawnSync('npm', ['run', 'build'], { cwd: ctx.repoRoot, stdio: ['ignore', 2, 2] });
    if (built.status !== 0 || !existsSync(indexHtml)) {
      const line = `page weight: not measured, \`npm run build\` failed (exit ${built.status})`;
      return { report: line, summary: line };
    }
    notes.push('built with `npm run build` for this run.');
  } else {
    notes.push(`dist built ${statSync(indexHtml).mtime.toISOString()} (delete apps/web/dist to rebuild).`);
  }

  const sections: string[] = [];
  const summaries: string[] = [];
  const figures: Figure[] = [];
  for (const spec of pages) {
    const page = measurePage(dist, spec);
    const rows = page.files.map((f) => [f.file, f.why, k(f.raw), k(f.gzip)]);
    rows.push(['total JavaScript', `${page.files.length} files`, k(page.raw), k(page.gzip)]);
    sections.push(
      `JavaScript ${spec.url} loads (${spec.name}; gzip, zlib default level, each file as sent):`,
      '',
      formatTable(['file', 'loaded as', 'raw', 'gzip'], rows, 2),
      '',
      `The same JavaScript with brotli (quality 11, as precompressed): ${k(page.brotli)}.`,
      `Stylesheets (not counted above): ${k(page.cssGzip)} gzipped, ${k(page.cssBrotli)} brotli, in ${page.css.length} files.`,
      ...page.notes.map((n) => `Note: ${n}`),
      '',
    );
    summaries.push(`${spec.name} ${k(page.gzip)} gzipped (${page.files.length} files)`);
    if (spec.cssTargetKiB !== undefined) {
      figures.push({
        label: `${spec.name} page CSS (gzip)`,
        measured: k(page.cssGzip),
        target: `<= ${spec.cssTargetKiB} KiB`,
        met: kib(page.cssGzip) <= spec.cssTargetKiB,
      });
    }
    figures.push({
      label: `${spec.name} page JavaScript (gzip)`,
      measured: k(page.gzip),
      target: `<= ${spec.targetKiB} KiB`,
      met: kib(page.gzip) <= spec.targetKiB,
    });
  }
  return {
    report: [...sections, ...notes.map((n) => `Note: ${n}`)].join('\n'),
    summary: `page JavaScript: ${summaries.join('; ')}`,
    figures,
  };
};
