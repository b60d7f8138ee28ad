// Compresses the built console once, at build time: a brotli (.br) and a gzip (.gz) file beside every
// compressible file of the build (scripts, stylesheets, pages, SVG, JSON, …), which the server sends as
// they are to a browser that accepts them (apps/server/src/plugins/web.ts, `preCompressed`) instead of
// compressing the same file again for every request (docs/operations.md, "Static files").
//
// `npm run build` runs it after the console's and the light pages' builds:
//   node scripts/precompress.mjs [dist]      (default: apps/web/dist)
// Every compressible file gets both, even when one is not smaller (a tiny file): then no request
// for a compressible file is ever compressed on the fly. Variants whose file is gone are removed.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses (text, or binary formats without compression of their own). */
export const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.wasm',
  '.ttf',
  '.otf',
]);
const variants = ['.br', '.gz'];

/** Every file under `dir`, relative to it, but what lies in dot folders (Vite's .vite manifests). */
const filesUnder = async (dir) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .filter((rel) => !rel.split(path.sep).some((part) => part.startsWith('.')));

/**
 * Written beside and then renamed over: a server or a test run that copies the build meanwhile finds the
 * variant whole or not at all, never cut short.
 */
const writeWhole = async (file, bytes) => {
  const part = `${file}.${process.pid}.part`;
  await writeFile(part, bytes);
  await rename(part, file);
};

const compress = async (file) => {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeWhole(`${file}.br`, br), writeWhole(`${file}.gz`, gz)]);
  return { raw: bytes.length, br: br.length, gz: gz.length };
};

/** Compresses every compressible file under `dist`; answers the totals. */
export const precompress = async (dist) => {
  if (!(await stat(dist).catch(() => null))?.isDirectory()) throw new Error(`${dist} is not a folder`);
  const files = await filesUnder(dist);
  const present = new Set(files);
  const stale = files.filter((f) => {
    const variant = variants.find((v) => f.endsWith(v));
    return variant !== undefined && !present.has(f.slice(0, -variant.length));
  });
  await Promise.all(stale.map((f) => rm(path.join(dist, f))));
  const sources = files.filter(
    (f) => compressible.has(path.extname(f).toLowerCase()) && !variants.some((v) => f.endsWith(v)),
  );
  const totals = { files: 0, raw: 0, br: 0, gz: 0, removed: stale.length };
  // Four at a time: zlib works in libuv's pool of four threads.
  for (let i = 0; i < sources.length; i += 4) {
    for (const r of await Promise.all(sources.slice(i, i + 4).map((f) => compress(path.join(dist, f))))) {
      totals.files++;
      totals.raw += r.raw;
      totals.br += r.br;
      totals.gz += r.gz;
    }
  }
  return totals;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
  );
  const started = Date.now();
  const t = await precompress(dist);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  process.stdout.write(
    `precompress: ${t.files} files in ${path.relative(process.cwd(), dist) || '.'}, ${kib(t.raw)} -> brotli ${kib(t.br)}, gzip ${kib(t.gz)}` +
      `${t.removed ? `; ${t.removed} stale variants removed` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
