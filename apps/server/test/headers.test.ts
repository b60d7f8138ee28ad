import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, signIn, type TestContext } from './helpers.js';

/** Security headers per kind of path (docs/product-decisions.md), on a console build of our own. */
let webDist: string;
const apps: TestContext[] = [];
const start = async (env: Record<string, string> = {}) => {
  const ctx = await createTestApp({ WEB_DIST: webDist, ...env });
  apps.push(ctx);
  return ctx;
};

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'parley-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-Bx3kQ9zL.js"></script></head><body></body></html>',
  );
  await writeFile(
    path.join(webDist, 'public.html'),
    '<!doctype html><html><head><script type="module" src="/assets/public.js"></script></head><body></body></html>',
  );
  await writeFile(
    path.join(webDist, 'login.html'),
    '<!doctype html><html><head><script type="module" src="/assets/login.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'app-Bx3kQ9zL.js'), 'export {};');
});
afterAll(async () => {
  for (const ctx of apps) await ctx.close();
  await rm(webDist, { recursive: true, force: true });
});

const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe('on plain HTTP (PUBLIC_URL http, no proxy)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await start();
  });

  it("answers every /p/ address with the public pages' own entry, /login with the sign-in page's, every other page with the console", async () => {
    const consolePage = await ctx.app.inject({ method: 'GET', url: '/connect/campaigns' });
    for (const url of ['/p', `/p/c/${randomUUID()}`, '/p/t/some-token', '/p/f/later-page?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/public.js');
      // Cached like the console's page: a deploy reaches every phone at once.
      expect(res.headers['cache-control'], url).toBe(consolePage.headers['cache-control']);
    }
    for (const url of ['/login', '/login?destination=%2Fprofile']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/login.js');
      expect(res.headers['cache-control'], url).toBe(consolePage.headers['cache-control']);
    }
    for (const url of ['/', '/login/more', '/connect/campaigns', '/pages', '/public']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/app-Bx3kQ9zL.js');
    }
  });

  it("announces a survey page's data with the page (Link preload), and nothing for any other address", async () => {
    const id = randomUUID();
    const survey = await ctx.app.inject({ method: 'GET', url: `/p/c/${id}` });
    expect(survey.headers.link).toBe(`</api/public/campaign/${id}>; rel=preload; as=fetch; crossorigin`);
    for (const url of [`/p/t/${id}`, '/p/c/not-a-uuid', '/p/c/%41', `/p/c/${id}/more`, '/login', '/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('the console page: a CSP without inline scripts, no framing, no sniffing, no HSTS', async () => {
    for (const url of [
      '/',
      '/login',
      '/connect/campaigns',
      `/p/c/${randomUUID()}`,
      '/assets/app-Bx3kQ9zL.js',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['script-src-attr'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      // Campaign images are external http(s) links (D25); Mantine needs inline styles.
      expect(csp['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:', 'blob:']));
      expect(csp['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('the contact-request form alone may be framed by other sites (the embed snippet), with the rest of the policy kept', async () => {
    const id = randomUUID();
    for (const url of [`/p/r/${id}`, `/p/r/${id}?lang=de`, `/p/r/${id}/`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors'], url).toEqual(['*']);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Neither a longer path below it nor the form's API call nor a look-alike may be framed.
    for (const url of [`/p/r/${id}/x`, `/api/public/contact-request/${id}`, `/p/rx/${id}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(directives(res.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('pages whose path holds a token send no Referer at all', async () => {
    const token = 'a'.repeat(43);
    for (const url of [
      `/p/t/${token}`,
      `/p/i/${token}`,
      `/p/unsubscribe/${token}`,
      `/p/results/${token}`,
      `/p/f/${randomUUID()}/report/${token}`,
      `/reset-password?token=${token}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    // A path that merely starts alike is not a token page.
    const other = await ctx.app.inject({ method: 'GET', url: '/reset-password-help' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('API answers, errors included, carry the headers too', async () => {
    for (const [url, status] of [
      ['/api/config', 200],
      ['/api/owner/me/small', 401],
      ['/api/does-not-exist', 404],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const token = await ctx.app.inject({ method: 'GET', url: `/api/public/ticket/${'b'.repeat(43)}` });
    expect(token.headers['x-content-type-options']).toBe('nosniff');
  });

  it('private answers, errors included, are never stored (no-store); pages are revalidated (no-cache)', async () => {
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    const auth = { 'x-auth-token': tokens.idToken };
    for (const [method, url, headers, status] of [
      ['GET', '/api/owner/me/small', auth, 200],
      ['GET', '/api/v2/campaign/all', auth, 200],
      ['GET', '/api/owner/me/small', {}, 401],
      ['GET', `/api/campaign/${randomUUID()}`, auth, 404],
      // A participant's conversation by its secret link, and the identity service's tokens.
      ['GET', `/api/public/ticket/${'b'.repeat(43)}`, {}, 404],
      ['POST', '/identity/sign-out', {}, 204],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/identity/sign-in',
      payload: { email: owner.email, password: owner.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    // The public key set may be cached briefly, as before.
    const jwks = await ctx.app.inject({ method: 'GET', url: '/identity/jwks.json' });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');

    for (const url of [
      '/',
      '/index.html',
      '/login',
      '/connect/campaigns',
      `/p/c/${randomUUID()}`,
      '/api/docs',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // Hashed assets keep their year (the static plugin's own default no longer replaces it).
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-Bx3kQ9zL.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('denies the pages what they never use (Permissions-Policy), on pages and API answers alike', async () => {
    for (const url of ['/', `/p/r/${randomUUID()}`, '/login', '/api/config', '/api/owner/me/small']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
      }
      // The copy buttons and the participants' videos keep the clipboard and fullscreen.
      expect(policy, url).not.toMatch(/clipboard|fullscreen/);
    }
  });

  it('does not believe X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the API docs outside production, under their own policy that no one may frame', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Over plain HTTP the upgrade would send its scripts to https and leave the page blank.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('over HTTPS', () => {
  it('PUBLIC_URL https: HSTS on every answer; the configured analytics and Sentry hosts are allowed', async () => {
    const ctx = await start({
      PUBLIC_URL: 'https://parley.example',
      NODE_ENV: 'production',
      ANALYTICS_PROVIDER: 'plausible',
      ANALYTICS_DOMAIN: 'parley.example',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.org/js/script.manual.js',
      SENTRY_DSN: 'https://abc123@o42.ingest.sentry.example/7',
    });
    for (const url of ['/', '/api/config', '/p/t/x']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const csp = directives(
      (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://stats.example.org']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://stats.example.org',
      'https://o42.ingest.sentry.example',
    ]);
    // Production without API_DOCS: no Swagger UI, no OpenAPI document.
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('behind a trusted proxy, X-Forwarded-Proto https turns HSTS on; API_DOCS=true keeps the docs in production', async () => {
    const ctx = await start({ TRUST_PROXY: '10.0.0.0/8', NODE_ENV: 'production', API_DOCS: 'true' });
    const viaProxy = await ctx.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.0.0.3',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.3',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('the default Plausible script is allowed when analytics names no script URL', async () => {
    const ctx = await start({ ANALYTICS_PROVIDER: 'plausible', ANALYTICS_DOMAIN: 'parley.example' });
    const csp = directives(
      (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://plausible.io']);
  });
});
