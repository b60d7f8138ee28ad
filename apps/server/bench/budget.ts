import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kib, measurePage, pages } from './lib/page-weight.js';

/**
 * The page-weight budget check of `npm test` (after the console build): each measured page's gzipped
 * JavaScript must stay within its budget (bench/lib/page-weight.ts). A size check, never a timing.
 * Exit 0 when all pages fit; 1, with the page's files listed, when one grew past its budget.
 */
const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
let failed = 0;
for (const spec of pages) {
  const page = measurePage(dist, spec);
  const size = kib(page.gzip);
  const line = `${spec.name} (${spec.url}): ${size.toFixed(1)} KiB gzipped JavaScript, budget ${spec.budgetKiB} KiB, target ${spec.targetKiB} KiB`;
  if (size <= spec.budgetKiB) {
    process.stdout.write(`ok   ${line}\n`);
    continue;
  }
  failed++;
  process.stdout.write(`FAIL ${line}\n`);
  for (const f of [...page.files].sort((a, b) => b.gzip - a.gzip))
    process.stdout.write(`       ${kib(f.gzip).toFixed(1).padStart(6)} KiB  ${f.file}  (${f.why})\n`);
  for (const n of page.notes) process.stdout.write(`       note: ${n}\n`);
}
if (failed) {
  process.stdout.write(
    '\nA page grew past its budget. Make it lighter, or raise its budgetKiB in apps/server/bench/lib/page-weight.ts on purpose (docs/operations.md, "Page weight").\n',
  );
}
process.exit(failed ? 1 : 0);
