import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isUuidText, publicPaths } from '@parley/contract';
import type { FastifyInstance } from 'fastify';

/**
 * A survey page's own data, announced with the page (docs/operations.md, "Page weight"): the browser
 * fetches it while it loads the script, instead of after. Only for an id of the right shape.
 */
const surveyPreload = (url: string) => {
  const id = /^\/p\/c\/([^/]+)\/?$/.exec(url)?.[1] ?? '';
  // A UUID has nothing to decode: any other id (or a malformed escape) gets no preload.
  if (!isUuidText(id)) return undefined;
  return `<${`/api${publicPaths.survey}`.replace(':id', id)}>; rel=preload; as=fetch; crossorigin`;
};

/** Vite's hashed output (`assets/<name>-<hash>.<ext>`): its name changes whenever its content does. */
const hashedAsset = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;
/** The files the build compressed beforehand (apps/web/scripts/precompress.mjs). */
const variantSuffix = /\.(?:br|gz)$/;

/**
 * Which built files have precompressed variants beside them, by their path under `root` (`/`
 * separated); read once at start, as @fastify/static reads its routes once (`wildcard: false`).
 */
const precompressedFiles = (root: string) => {
  const files = new Set(
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/')),
  );
  return new Set(
    [...files].filter((f) => !variantSuffix.test(f) && (files.has(`${f}.br`) || files.has(`${f}.gz`))),
  );
};

/**
 * Serves the built console at `/` with a single-page fallback, the public pages' own entry
 * (`public.html`) for every `/p/…` address and the sign-in page's (`login.html`) at `/login`.
 *
 * Compressed once: the build writes a brotli and a gzip file beside every compressible file, and a
 * browser that accepts one gets it as it is (`preCompressed`), with `Vary: Accept-Encoding` on every
 * answer of such a file, compressed or not; @fastify/compress leaves an answer that has its
 * Content-Encoding alone (docs/operations.md, "Static files").
 *
 * Cached: hashed assets for a year (`immutable`: a repeat visit asks for none of them again); the pages
 * and any file without a hash are revalidated (`no-cache`), so a deploy reaches every browser at once.
 * @fastify/static calls `setHeaders` on the raw response and then copies @fastify/send's own headers
 * onto the reply, which Fastify writes over the raw ones: with `cacheControl` on, send's
 * `public, max-age=0` replaced ours on every file. So send writes none and `setHeaders` decides (also
 * on a 304, which carries the same headers).
 *
 * Unknown /api and /identity paths answer JSON 404, never the page.
 */
export const registerWeb = async (app: FastifyInstance, webDist: string | undefined) => {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  const hasPublicEntry = root !== undefined && existsSync(path.join(root, 'public.html'));
  const hasLoginEntry = root !== undefined && existsSync(path.join(root, 'login.html'));
  if (root) {
    const precompressed = precompressedFiles(root);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The variants are answers to their file's address, not addresses of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (res, file) => {
        const served = path.relative(root, file).split(path.sep).join('/');
        // The file asked for: the served one, or the one whose variant it is.
        const asked = variantSuffix.test(served) ? served.slice(0, -3) : served;
        res.setHeader(
          'cache-control',
          hashedAsset.test(asked) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (precompressed.has(asked)) res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'the console is not built; run `npm run build` to serve it');
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/identity');
    if (isApi || !root || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ code: 'not-found', message: `No route ${req.method} ${url}.` });
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.code(404).send({ code: 'not-found', message: `No file ${url}.` });
    }
    reply.header('cache-control', 'no-cache');
    // The public pages (D10) are their own small application (apps/web/public.html): a participant's
    // phone loads none of the console. A build from before it existed answers them with the console.
    const isPublicPage = url === '/p' || url.startsWith('/p/');
    const preload = isPublicPage && hasPublicEntry ? surveyPreload(url) : undefined;
    if (preload) reply.header('link', preload);
    // The sign-in page is a light application too (apps/web/login.html): the console opens after it.
    if (url === '/login' && hasLoginEntry) return reply.sendFile('login.html', root);
    return reply.sendFile(isPublicPage && hasPublicEntry ? 'public.html' : 'index.html', root);
  });
};
