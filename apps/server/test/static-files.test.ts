import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.js';

/**
 * The built console as it is served (docs/operations.md, "Static files"): a build of our own,
 * compressed by the build's own script (apps/web/scripts/precompress.mjs), served by the whole app.
 */
const script = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));
const precompress = (dir: string) => execFileSync(process.execPath, [script, dir], { encoding: 'utf8' });

let dist: string;
let ctx: TestContext;

const page = (name: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>` +
  `<script type="module" src="/assets/${name}-Ab3dEf9H.js"></script></head><body><div id="root"></div></body></html>`;
// Text that compresses, as a bundle does.
const bundle = Array.from(
  { length: 300 },
  (_, i) => `export const part${i} = (value) => value.map((x) => x * ${i}).filter(Boolean);`,
).join('\n');
const files: Record<string, string | Buffer> = {
  'index.html': page('index'),
  'public.html': page('public'),
  'login.html': page('login'),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${'<circle cx="8" cy="8" r="7"/>'.repeat(40)}</svg>`,
  'assets/public-Ab3dEf9H.js': bundle,
  'assets/style-Zx81Lk0q.css': `${'.a{color:red}\n'.repeat(200)}`,
  'assets/tiny-Tt11Yy22.js': 'export {};',
  'assets/logo-Qw12Er34.png': randomBytes(4096),
};
const asset = '/assets/public-Ab3dEf9H.js';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'parley-static-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dist, name), content);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  // A variant whose file a later build no longer has.
  await writeFile(path.join(dist, 'assets', 'gone-Pp00Oo99.js.br'), 'stale');
  precompress(dist);
  ctx = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers });
const decoded = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('the build script (apps/web/scripts/precompress.mjs)', () => {
  it('writes a brotli and a gzip file beside every compressible file, each decoding to it', async () => {
    for (const name of [
      'index.html',
      'favicon.svg',
      'assets/public-Ab3dEf9H.js',
      'assets/style-Zx81Lk0q.css',
      'assets/tiny-Tt11Yy22.js',
    ]) {
      const source = await readFile(path.join(dist, name));
      expect(brotliDecompressSync(await readFile(path.join(dist, `${name}.br`))), name).toEqual(source);
      expect(gunzipSync(await readFile(path.join(dist, `${name}.gz`))), name).toEqual(source);
    }
    const js = await stat(path.join(dist, asset));
    expect((await stat(path.join(dist, `${asset}.br`))).size).toBeLessThan(js.size / 5);
  });

  it('leaves images and the manifests alone, removes variants of files that are gone, and runs again', async () => {
    expect(existsSync(path.join(dist, 'assets/logo-Qw12Er34.png.br'))).toBe(false);
    expect(existsSync(path.join(dist, '.vite/manifest.json.gz'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/gone-Pp00Oo99.js.br'))).toBe(false);
    expect(precompress(dist)).toMatch(/^precompress: 7 files/);
    expect(existsSync(path.join(dist, 'index.html.br.br'))).toBe(false);
  });
});

describe('serving the build', () => {
  it('sends brotli when accepted, gzip when only that is, the file itself otherwise; same type, exact length', async () => {
    const source = await readFile(path.join(dist, asset));
    const plain = await get(asset);
    const cases = [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['', undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await get(asset, accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(decoded(encoding, res.rawPayload), accept).toEqual(source);
      const served = path.join(
        dist,
        `${asset}${encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : ''}`,
      );
      expect(Number(res.headers['content-length']), accept).toBe((await stat(served)).size);
      expect(res.headers['content-type'], accept).toBe(plain.headers['content-type']);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers.vary, accept).toBe('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
    const head = await get(asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe((await stat(path.join(dist, `${asset}.br`))).size);
  });

  it('answers 304 to If-None-Match of the variant it would send, with the same caching headers', async () => {
    const br = await get(asset, { 'accept-encoding': 'br' });
    const plain = await get(asset);
    expect(br.headers.etag).toBeTruthy();
    // Each variant is its own representation: a cache never takes one for the other.
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(asset, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers.vary).toBe('accept-encoding');
    const plainAgain = await get(asset, { 'if-none-match': String(plain.headers.etag) });
    expect(plainAgain.statusCode).toBe(304);
  });

  it('sends the pages compressed too, revalidated (no-cache), the survey page with its data preload', async () => {
    for (const [url, file] of [
      ['/', 'index.html'],
      ['/connect/campaigns', 'index.html'],
      ['/login', 'login.html'],
      [`/p/c/${randomUUID()}`, 'public.html'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toBe('accept-encoding');
      expect(decoded('br', res.rawPayload).toString(), url).toBe(files[file]);
    }
    const survey = await get(`/p/c/${randomUUID()}`, { 'accept-encoding': 'gzip' });
    expect(survey.headers['content-encoding']).toBe('gzip');
    expect(survey.headers.link).toMatch(/rel=preload; as=fetch/);
    // An unhashed file is revalidated like a page.
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('leaves a file without variants as it is, and never answers a variant at an address of its own', async () => {
    const png = await get('/assets/logo-Qw12Er34.png', { 'accept-encoding': 'br' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.rawPayload).toEqual(files['assets/logo-Qw12Er34.png']);
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [`${asset}.br`, `${asset}.gz`, '/index.html.br']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
