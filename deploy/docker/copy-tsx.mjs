// Used by deploy/Dockerfile: copies tsx and everything it needs at run time, at the versions
// package-lock.json pins and as installed, from a full install's node_modules into OUT/node_modules.
// The server runs through tsx (`node --import tsx apps/server/src/main.ts`), which is a
// devDependency, so the image's production install (`npm ci --omit=dev`) lacks it.
//
//   node deploy/docker/copy-tsx.mjs OUT
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
if (!out) throw new Error('usage: node deploy/docker/copy-tsx.mjs OUT');
const { packages } = JSON.parse(readFileSync('package-lock.json', 'utf8'));

/** Where `name` is found from the package at `from`, the way Node looks: its own node_modules, then each parent's. */
const lookUp = (from, name) => {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate] && existsSync(candidate)) return candidate;
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
};

const seen = new Set();
const visit = (at) => {
  if (seen.has(at)) return;
  seen.add(at);
  const entry = packages[at];
  for (const [name, optional] of [
    ...Object.keys(entry.dependencies ?? {}).map((n) => [n, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, true]),
  ]) {
    const found = lookUp(at, name);
    if (found) visit(found);
    // An optional dependency for another platform (fsevents, @esbuild/darwin-arm64) is not installed.
    else if (!optional) throw new Error(`${at} needs ${name}, which is not installed`);
  }
};
const start = lookUp('', 'tsx');
if (!start) throw new Error('tsx is not installed (run npm ci with dev dependencies first)');
visit(start);

for (const at of [...seen].sort()) {
  cpSync(at, path.join(out, at), { recursive: true, verbatimSymlinks: true });
  process.stdout.write(`${at}@${packages[at].version}\n`);
}
