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

/** Served over HTTPS: PUBLIC_URL says so, or the request came so (through a trusted proxy's X-Forwarded-Proto). */
const overHttps = (config: Pick<Config, 'publicUrl'>, req: FastifyRequest) =>
  config.publicUrl.startsWith('https://') || req.protocol === 'https';

/**
 * Security headers on every answer (helmet), with what depends on the request decided here:
 * Referrer-Policy by path and HSTS only over HTTPS (over plain HTTP browsers ignore it, and sending
 * it on a local http://localhost would be meaningless).
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
    if (holdsToken(req.url)) reply.header('referrer-policy', 'no-referrer');
    if (overHttps(config, req)) reply.header('strict-transport-security', 'max-age=31536000');
    if (req.url.startsWith('/files/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (isEmbeddable(req.url)) {
      reply.removeHeader('x-frame-options');
      reply.header('content-security-policy', embeddablePolicy);
    }
  });
};
