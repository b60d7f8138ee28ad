import helmet from '@fastify/helmet';
import { defaultPlausibleScriptUrl, holdsSecretLink } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * Paths whose URL holds a secret: a participant's invitation or ticket token, a results token, the
 * password-reset token (`/reset-password?token=`). Their pages send no Referer at all, so the token
 * never reaches another site, an image host or the analytics provider.
 */
const tokenPages = ['/reset-password', '/reset-password/'];

const holdsToken = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return tokenPages.includes(pathname) || holdsSecretLink(pathname);
};

/** The contact-request form's page (`/p/r/:manufacturerId`), which websites may embed. */
const isEmbeddable = (url: string) => /^\/p\/r\/[^/?#]+\/?(?:[?#]|$)/.test(url);

const originOf = (url: string | null) => (url ? new URL(url).origin : undefined);

/**
 * The Content-Security-Policy of every answer (docs/product-decisions.md). The built console has no
 * inline script (Vite emits module files only), so scripts come from our origin alone, plus the
 * analytics script when one is configured. Styles allow 'unsafe-inline': Mantine writes its CSS
 * variables into a <style> element and positions popovers through style attributes. Images come
 * from anywhere on http(s), since a campaign's image may be any link (D25); `blob:` is the upload
 * preview, and the private images and videos the pages fetch with a token and show through object URLs. Connections go to our API, the analytics host and the Sentry DSN's host when configured.
 */
export const contentSecurityPolicy = (config: Pick<Config, 'analytics' | 'tracing'>) => {
  const analytics =
    config.analytics.provider === 'plausible' && config.analytics.domain
      ? originOf(config.analytics.scriptUrl ?? defaultPlausibleScriptUrl)
      : undefined;
  const sentry = originOf(config.tracing.sentryDsn);
  const extra = (...origins: (string | undefined)[]) => origins.filter((o): o is string => Boolean(o));
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra(analytics)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(analytics, sentry)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
};

/**
 * What the pages never use, denied to them and to anything they embed (docs/product-decisions.md,
 * "API-wide"). Left at the browser's default (our origin only): the clipboard (the copy buttons) and
 * fullscreen (the participants' videos).
 */
export const permissionsPolicy = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The Cache-Control of an answer whose route set none (docs/product-decisions.md, "API-wide"):
 * `no-store` for everything private (a route the auth hook guards, every identity answer, which
 * carries tokens, and a public route whose path holds a secret link), errors included, so no browser
 * or shared cache keeps an owner's or participant's data; `no-cache` for HTML pages, so a deploy
 * reaches every browser at once. Other public answers (the survey, the configuration) stay as they are.
 */
const defaultCacheControl = (req: FastifyRequest, contentType: string | undefined) => {
  const route = req.routeOptions.url ?? '';
  const access = req.routeOptions.config?.access;
  if (route.startsWith('/identity/')) return 'no-store';
  if (route.startsWith('/api/') && (access !== 'public' || route.includes(':token'))) return 'no-store';
  return contentType?.startsWith('text/html') ? 'no-cache' : undefined;
};

/** Served over HTTPS: PUBLIC_URL says so, or the request came so (through a trusted proxy's X-Forwarded-Proto). */
const overHttps = (config: Pick<Config, 'publicUrl'>, req: FastifyRequest) =>
  config.publicUrl.startsWith('https://') || req.protocol === 'https';

/**
 * Security headers on every answer (helmet), with what depends on the request decided here:
 * Referrer-Policy by path and HSTS only over HTTPS (over plain HTTP browsers ignore it, and sending
 * it on a local http://localhost would be meaningless); the Permissions-Policy; Cache-Control where
 * the route set none.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  config: Pick<Config, 'analytics' | 'tracing' | 'publicUrl'>,
) => {
  // The contact-request form may be embedded in the manufacturer's own website (an iframe, the
  // console's embed snippet): its page alone may be framed by any site (docs/product-decisions.md,
  // "Contact requests"); it holds no secret and its only action is the form the visitor sends.
  const embeddablePolicy = Object.entries({ ...contentSecurityPolicy(config), 'frame-ancestors': ['*'] })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Uploaded images (/files/) may be shown by other sites and mail clients; the rest stays ours.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    if (holdsToken(req.url)) reply.header('referrer-policy', 'no-referrer');
    if (overHttps(config, req)) reply.header('strict-transport-security', 'max-age=31536000');
    if (req.url.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (isEmbeddable(req.url)) {
      reply.removeHeader('x-frame-options');
      reply.header('content-security-policy', embeddablePolicy);
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const contentType = reply.getHeader('content-type');
    const value = defaultCacheControl(req, typeof contentType === 'string' ? contentType : undefined);
    if (value) reply.header('cache-control', value);
    return payload;
  });
};
