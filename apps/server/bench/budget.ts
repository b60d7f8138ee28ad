import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kib, measurePage, pages } from './lib/page-weight.js';

/**
 * The page-weight budget check of `npm test` (after the console build): each measured page's gzipped
 * JavaScript, and its stylesheets where the page has a CSS budget, must stay within its budget
 * (bench/lib/page-weight.ts). A size check, never a timing.
 * Exit 0 when all pages fit; 1, with the page's files listed, when one grew past its budget.
 */
const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
let failed = 0;
for (const spec of pages) {
  const page = measurePage(dist, spec);
  const size = kib(page.gzip);
  const line = `${spec.name} (${spec.url}): ${size.toFixed(1)} KiB gzipped JavaScript (${kib(page.brotli).toFixed(1)} brotli), budget ${spec.budgetKiB} KiB, target ${spec.targetKiB} KiB`;
  const listFiles = (files: typeof page.files) => {
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip))
      process.stdout.write(`       ${kib(f.gzip).toFixed(1).padStart(6)} KiB  ${f.file}  (${f.why})\n`);
  };
  if (size <= spec.budgetKiB) {
    process.stdout.write(`ok   ${line}\n`);
  } else {
    failed++;
    process.stdout.write(`FAIL ${line}\n`);
    listFiles(page.files);
    for (const n of page.notes) process.stdout.write(`       note: ${n}\n`);
  }
  if (spec.cssBudgetKiB === undefined) continue;
  const css = kib(page.cssGzip);
  const cssLine = `${spec.name} (${spec.url}): ${css.toFixed(1)} KiB gzipped CSS in ${page.css.length} files, budget ${spec.cssBudgetKiB} KiB, target ${spec.cssTargetKiB ?? spec.cssBudgetKiB} KiB`;
  if (css <= spec.cssBudgetKiB) {
    process.stdout.write(`ok   ${cssLine}\n`);
  } else {
    failed++;
    process.stdout.write(`FAIL ${cssLine}\n`);
    listFiles(page.css);
  }
}
if (failed) {
  process.stdout.write(
    '\nA page grew past its budget. Make it lighter, or raise its budgetKiB (cssBudgetKiB) in apps/server/bench/lib/page-weight.ts on purpose (docs/operations.md, "Page weight").\n',
  );
}
process.exit(failed ? 1 : 0);
