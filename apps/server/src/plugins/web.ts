import { existsSync } from 'node:fs';
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

/**
 * Serves the built console at `/` with a single-page fallback, the public pages' own entry
 * (`public.html`) for every `/p/…` address and the sign-in page's (`login.html`) at `/login`. Hashed assets are
 * cached for a year; index.html never, so a deploy reaches every browser at once.
 * Unknown /api and /identity paths answer JSON 404, never the page.
 */
export const registerWeb = async (app: FastifyInstance, webDist: string | undefined) => {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  const hasPublicEntry = root !== undefined && existsSync(path.join(root, 'public.html'));
  const hasLoginEntry = root !== undefined && existsSync(path.join(root, 'login.html'));
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Our setHeaders decides; the plugin's own default ('public, max-age=0') would replace it.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
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
