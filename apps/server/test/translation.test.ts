import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from '@parley/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTranslationService } from '../src/modules/translation/index.js';
import { callApi } from './client.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

/**
 * D22 against real HTTP: a local server on 127.0.0.1 speaks DeepL's and LibreTranslate's APIs as
 * documented (and checks what it is sent like they do), and the app is configured to use it.
 */

const deeplKey = 'deepl-secret-key:fx';
const libreKey = 'libre-secret-key';
/** DeepL refuses a request body over 128 KiB. */
const deeplMaxBody = 128 * 1024;

type Seen = { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown>; bytes: number };
type Reply = (res: ServerResponse, seen: Seen) => void;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A made-up translation a test can recognise: `EN-GB(Hallo)`. */
const fake = (lang: string, text: string) => `${lang}(${text})`;

/** DeepL's `POST /v2/translate`, checked as DeepL checks it. */
const deeplTranslate: Reply = (res, { headers, body, bytes }) => {
  if (headers.authorization !== `DeepL-Auth-Key ${deeplKey}`) return json(res, 403, { message: 'Forbidden' });
  if (!String(headers['content-type']).startsWith('application/json'))
    return json(res, 415, { message: 'Unsupported Media Type' });
  if (bytes > deeplMaxBody) return json(res, 413, { message: 'Request Entity Too Large' });
  const { text, source_lang, target_lang } = body;
  if (!Array.isArray(text) || !text.length || text.length > 50 || text.some((t) => typeof t !== 'string'))
    return json(res, 400, { message: "Parameter 'text' not specified." });
  if (!['DE', 'EN'].includes(String(source_lang)))
    return json(res, 400, { message: "Value for 'source_lang' not supported." });
  if (!['DE', 'EN-GB', 'EN-US'].includes(String(target_lang)))
    return json(res, 400, { message: "Value for 'target_lang' not supported." });
  json(res, 200, {
    translations: text.map((t: string) => ({
      detected_source_language: source_lang,
      text: fake(String(target_lang), t),
    })),
  });
};

/** LibreTranslate's `POST /translate`, checked as a server started with API keys checks it. */
const libreTranslate: Reply = (res, { body }) => {
  const { q, source, target, format, api_key } = body;
  if (api_key !== libreKey) return json(res, 403, { error: 'Invalid API key' });
  if (!Array.isArray(q) || q.some((t) => typeof t !== 'string'))
    return json(res, 400, { error: 'Invalid request: missing q parameter' });
  if (!['de', 'en'].includes(String(source)) || !['de', 'en'].includes(String(target)))
    return json(res, 400, { error: `${String(target)} is not supported` });
  if (format !== 'text') return json(res, 400, { error: `${String(format)} format is not supported` });
  json(res, 200, { translatedText: q.map((t: string) => fake(String(target), t)) });
};

/** What the provider saw, in order; `next` answers the next request instead of the documented behaviour. */
const provider = {
  seen: [] as Seen[],
  next: [] as Reply[],
  /** Requests the provider saw end without an answer (the caller gave up). */
  abandoned: 0,
};
const open = new Set<ServerResponse>();

const handle = (req: IncomingMessage, res: ServerResponse) => {
  open.add(res);
  res.on('close', () => {
    open.delete(res);
    if (!res.writableEnded) provider.abandoned++;
  });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return json(res, 400, { message: 'Invalid JSON' });
    }
    const seen: Seen = { path: req.url ?? '', headers: req.headers, body, bytes: raw.length };
    provider.seen.push(seen);
    if (req.method !== 'POST') return json(res, 405, { message: 'Method Not Allowed' });
    const reply =
      provider.next.shift() ??
      (seen.path === '/deepl/v2/translate'
        ? deeplTranslate
        : seen.path === '/libre/translate'
          ? libreTranslate
          : (r: ServerResponse) => json(r, 404, { message: 'Not Found' }));
    reply(res, seen);
  });
};

const server = createServer(handle);
let base = '';
/** A port nothing listens on: a server opened and closed again. */
let closedPort = 0;
let deepl: TestContext;
let libre: TestContext;
let none: TestContext;
/** The DeepL app answers translation/timeout after this long. */
const timeoutMs = 1500;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  [deepl, libre, none] = await Promise.all([
    createTestApp({
      TRANSLATION_PROVIDER: 'deepl',
      TRANSLATION_URL: `${base}/deepl/`,
      TRANSLATION_API_KEY: deeplKey,
      TRANSLATION_TIMEOUT_MS: String(timeoutMs),
    }),
    createTestApp({
      TRANSLATION_PROVIDER: 'libretranslate',
      TRANSLATION_URL: `${base}/libre`,
      TRANSLATION_API_KEY: libreKey,
    }),
    createTestApp(),
  ]);
});

afterAll(async () => {
  await Promise.all([deepl?.close(), libre?.close(), none?.close()]);
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  provider.seen = [];
  provider.next = [];
  provider.abandoned = 0;
});

/** One signed-in owner per app. */
const sessions = new Map<TestContext, ReturnType<typeof ownerSession>>();
const sessionOf = (ctx: TestContext) => {
  const s = sessions.get(ctx) ?? ownerSession(ctx);
  sessions.set(ctx, s);
  return s;
};

const translate = async (
  ctx: TestContext,
  body: { sourceLanguage: 'de' | 'en'; targetLanguage: 'de' | 'en'; texts: string[] },
) => {
  const s = await sessionOf(ctx);
  const res = await s.api(api.translation.translate, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('POST /api/translation/translate with DeepL', () => {
  it('translates every text in order, with the languages in each suggestion', async () => {
    const texts = ['Guten Tag', 'Vielen Dank für Ihre Antwort', 'Tschüss'];
    const out = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts });
    expect(out).toEqual({
      success: true,
      data: {
        suggestions: texts.map((t) => ({
          originalText: t,
          originalTextLanguage: 'de',
          translatedText: fake('EN-GB', t),
          translatedTextLanguage: 'en',
        })),
      },
    });
    expect(provider.seen).toHaveLength(1);
    const [seen] = provider.seen;
    expect(seen?.path).toBe('/deepl/v2/translate');
    expect(seen?.headers.authorization).toBe(`DeepL-Auth-Key ${deeplKey}`);
    expect(seen?.body).toEqual({ text: texts, source_lang: 'DE', target_lang: 'EN-GB' });
  });

  it('asks DeepL for German as DE', async () => {
    const out = await translate(deepl, { sourceLanguage: 'en', targetLanguage: 'de', texts: ['Hello'] });
    expect(out).toMatchObject({ success: true, data: { suggestions: [{ translatedText: 'DE(Hello)' }] } });
    expect(provider.seen[0]?.body).toMatchObject({ source_lang: 'EN', target_lang: 'DE' });
  });

  it('splits texts past DeepL’s request size into batches and keeps their order', async () => {
    // 50,000 characters of three bytes each in UTF-8: more than one request's 128 KiB.
    const texts = Array.from({ length: 10 }, (_, i) => `${i}:${'€'.repeat(4990)}`);
    const out = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts });
    expect(out.success).toBe(true);
    if (!out.success) return;
    expect(out.data.suggestions.map((s) => s.translatedText)).toEqual(texts.map((t) => fake('EN-GB', t)));
    expect(provider.seen.length).toBeGreaterThan(1);
    for (const seen of provider.seen) expect(seen.bytes).toBeLessThanOrEqual(deeplMaxBody);
  });

  it('answers provider-failed with DeepL’s message when DeepL refuses (4xx), never the key', async () => {
    provider.next.push((res) => json(res, 456, { message: 'Quota exceeded' }));
    const out = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(out).toMatchObject({ success: false, code: 'translation/provider-failed' });
    if (out.success) return;
    expect(out.reason).toContain('DeepL');
    expect(out.reason).toContain('456');
    expect(out.reason).toContain('Quota exceeded');

    provider.next.push((res, seen) =>
      json(res, 403, { message: `Wrong key: ${String(seen.headers.authorization)}` }),
    );
    const echoed = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(echoed).toMatchObject({ success: false, code: 'translation/provider-failed' });
    expect(JSON.stringify(echoed)).not.toContain(deeplKey);
  });

  it('answers provider-failed with the message of a server error (5xx)', async () => {
    provider.next.push((res) => json(res, 503, { message: 'Service temporarily unavailable' }));
    const out = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(out).toMatchObject({ success: false, code: 'translation/provider-failed' });
    if (out.success) return;
    expect(out.reason).toMatch(/DeepL.*503.*Service temporarily unavailable/);
  });

  it('answers provider-failed for an answer of the wrong shape or count', async () => {
    provider.next.push((res) => json(res, 200, { translated: ['Hello'] }));
    const wrongShape = await translate(deepl, {
      sourceLanguage: 'de',
      targetLanguage: 'en',
      texts: ['Hallo'],
    });
    expect(wrongShape).toMatchObject({ success: false, code: 'translation/provider-failed' });

    provider.next.push((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>gateway</html>');
    });
    const notJson = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(notJson).toMatchObject({ success: false, code: 'translation/provider-failed' });

    provider.next.push((res) =>
      json(res, 200, { translations: [{ detected_source_language: 'DE', text: 'Hello' }] }),
    );
    const tooFew = await translate(deepl, {
      sourceLanguage: 'de',
      targetLanguage: 'en',
      texts: ['Hallo', 'Welt'],
    });
    expect(tooFew).toMatchObject({ success: false, code: 'translation/provider-failed' });
    if (tooFew.success) return;
    expect(tooFew.reason).toContain('1 translations for 2 texts');
  });

  it('answers translation/timeout when DeepL is too slow, and gives up the request', async () => {
    // The provider answers only long after the timeout (or when the caller hangs up first).
    provider.next.push((res) => {
      const late = setTimeout(() => json(res, 200, { translations: [{ text: 'too late' }] }), 10 * timeoutMs);
      res.on('close', () => clearTimeout(late));
    });
    const started = Date.now();
    const out = await translate(deepl, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(out).toMatchObject({ success: false, code: 'translation/timeout' });
    if (out.success) return;
    expect(out.reason).toContain('DeepL');
    expect(Date.now() - started).toBeLessThan(5 * timeoutMs);
    // The aborted request is closed, not left hanging at the provider.
    await expect.poll(() => provider.abandoned, { timeout: 2000 }).toBe(1);
    expect(open.size).toBe(0);
  });
});

describe('POST /api/translation/translate with LibreTranslate', () => {
  it('translates every text in order, sending the API key and plain text format', async () => {
    const texts = ['Thanks for your feedback', 'We fixed it'];
    const out = await translate(libre, { sourceLanguage: 'en', targetLanguage: 'de', texts });
    expect(out).toEqual({
      success: true,
      data: {
        suggestions: texts.map((t) => ({
          originalText: t,
          originalTextLanguage: 'en',
          translatedText: fake('de', t),
          translatedTextLanguage: 'de',
        })),
      },
    });
    expect(provider.seen).toHaveLength(1);
    expect(provider.seen[0]?.path).toBe('/libre/translate');
    expect(provider.seen[0]?.body).toEqual({
      q: texts,
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: libreKey,
    });
  });

  it('answers provider-failed with LibreTranslate’s error message', async () => {
    provider.next.push((res) =>
      json(res, 400, { error: 'Invalid request: request (6000) exceeds text limit (5000)' }),
    );
    const out = await translate(libre, { sourceLanguage: 'en', targetLanguage: 'de', texts: ['Hello'] });
    expect(out).toMatchObject({ success: false, code: 'translation/provider-failed' });
    if (out.success) return;
    expect(out.reason).toMatch(/LibreTranslate.*400.*exceeds text limit/);

    provider.next.push((res) => json(res, 500, { error: 'Cannot translate text: model crashed' }));
    const crashed = await translate(libre, { sourceLanguage: 'en', targetLanguage: 'de', texts: ['Hello'] });
    expect(crashed).toMatchObject({ success: false, code: 'translation/provider-failed' });
    if (crashed.success) return;
    expect(crashed.reason).toContain('model crashed');
  });

  it('answers provider-failed when translatedText is not one string per text', async () => {
    // A single q answers a string; asked with an array it must answer an array.
    provider.next.push((res) => json(res, 200, { translatedText: 'Hallo' }));
    const out = await translate(libre, { sourceLanguage: 'en', targetLanguage: 'de', texts: ['Hello'] });
    expect(out).toMatchObject({ success: false, code: 'translation/provider-failed' });
  });
});

describe('POST /api/translation/translate without a provider', () => {
  it('answers success false with translation/not-configured', async () => {
    const out = await translate(none, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    expect(out).toMatchObject({ success: false, code: 'translation/not-configured' });
    if (out.success) return;
    expect(out.reason).toMatch(/TRANSLATION_PROVIDER/);
    expect(provider.seen).toHaveLength(0);
  });

  it('counts nothing against the budget, which says no provider is configured', async () => {
    await translate(none, { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] });
    const res = await (await sessionOf(none)).api(api.translation.budget);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      configured: false,
      hour: { limit: 200_000, used: 0 },
      day: { limit: 1_000_000, used: 0 },
    });
  });
});

describe('POST /api/translation/translate refuses', () => {
  it('the same language twice, naming targetLanguage, without asking the provider', async () => {
    const s = await sessionOf(deepl);
    const res = await s.apiUnchecked(api.translation.translate, {
      body: { sourceLanguage: 'de', targetLanguage: 'de', texts: ['Hallo'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'validation', field: 'targetLanguage' });
    expect(provider.seen).toHaveLength(0);
  });

  it('more than 50 texts, an empty text and one past 5000 characters', async () => {
    const s = await sessionOf(deepl);
    const send = (texts: string[]) =>
      s.apiUnchecked(api.translation.translate, {
        body: { sourceLanguage: 'de', targetLanguage: 'en', texts },
      });
    const many = await send(Array.from({ length: 51 }, (_, i) => `Text ${i}`));
    expect(many.statusCode).toBe(400);
    expect(many.error()).toMatchObject({ code: 'validation', field: 'texts' });
    const empty = await send(['Hallo', '']);
    expect(empty.statusCode).toBe(400);
    expect(empty.error()).toMatchObject({ code: 'validation', field: 'texts.1' });
    const long = await send(['x'.repeat(5001)]);
    expect(long.statusCode).toBe(400);
    expect(long.error()).toMatchObject({ code: 'validation', field: 'texts.0' });
    expect(provider.seen).toHaveLength(0);
  });

  it('more than 50,000 characters in one call, naming texts', async () => {
    const s = await sessionOf(deepl);
    const send = (texts: string[]) =>
      s.apiUnchecked(api.translation.translate, {
        body: { sourceLanguage: 'de', targetLanguage: 'en', texts },
      });
    // 50 texts at their longest were 250,000 characters for the paid provider in one call.
    const most = await send(Array.from({ length: 50 }, () => 'x'.repeat(5000)));
    expect(most.statusCode).toBe(400);
    expect(most.error()).toMatchObject({ code: 'validation', field: 'texts' });
    expect(most.error().message).toContain('50,000 characters');
    const justOver = await send([...Array.from({ length: 10 }, () => 'x'.repeat(4999)), 'x'.repeat(11)]);
    expect(justOver.statusCode).toBe(400);
    expect(provider.seen).toHaveLength(0);
    const justSo = await send([...Array.from({ length: 10 }, () => 'x'.repeat(4999)), 'x'.repeat(10)]);
    expect(justSo.statusCode).toBe(200);
    expect(provider.seen).toHaveLength(1);
  });

  it('a call without a token (401)', async () => {
    const res = await callApi(deepl.app, api.translation.translate, {
      body: { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Hallo'] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.error()).toMatchObject({ code: 'auth/missing-token' });
    expect(provider.seen).toHaveLength(0);
  });
});

describe('the translation service', () => {
  const warnings: unknown[] = [];
  const log = { warn: (o: unknown) => warnings.push(o) };
  const budget = { charsPerHour: 200_000, charsPerDay: 1_000_000 };
  /** The budget's row refers to a manufacturer that exists. */
  const manufacturerOf = async (ctx: TestContext) => (await sessionOf(ctx)).manufacturerId;

  it('answers provider-failed, naming the cause, when the provider cannot be reached', async () => {
    const service = createTranslationService({
      config: {
        provider: 'libretranslate',
        url: `http://127.0.0.1:${closedPort}`,
        apiKey: undefined,
        timeoutMs,
      },
      budget,
      log,
      db: none.rt.db,
      clock: none.rt.clock,
    });
    const manufacturerId = await manufacturerOf(none);
    const out = await service.translate(manufacturerId, {
      sourceLanguage: 'de',
      targetLanguage: 'en',
      texts: ['Hallo'],
    });
    expect(out).toMatchObject({ success: false, code: 'translation/provider-failed' });
    // Nothing reached the provider: the budget has its characters back.
    expect((await service.budget(manufacturerId)).hour.used).toBe(0);
    if (out.success) return;
    expect(out.reason).toMatch(/LibreTranslate could not be reached: ECONNREFUSED/);
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'translation/provider-failed' }));
  });

  it('sends no api_key to a LibreTranslate without one', async () => {
    provider.next.push((res, seen) =>
      json(res, 200, { translatedText: (seen.body.q as string[]).map((t) => t) }),
    );
    const service = createTranslationService({
      config: { provider: 'libretranslate', url: `${base}/libre`, apiKey: undefined, timeoutMs },
      budget,
      log,
      db: none.rt.db,
      clock: none.rt.clock,
    });
    const out = await service.translate(await manufacturerOf(none), {
      sourceLanguage: 'de',
      targetLanguage: 'en',
      texts: ['Hallo'],
    });
    expect(out.success).toBe(true);
    expect(provider.seen[0]?.body).not.toHaveProperty('api_key');
  });
});

describe('TRANSLATION_* configuration', () => {
  it('defaults to no provider, and DeepL to its free API', () => {
    expect(loadConfig({}).translation).toEqual({ provider: 'none' });
    expect(loadConfig({ TRANSLATION_PROVIDER: 'deepl', TRANSLATION_API_KEY: 'k' }).translation).toEqual({
      provider: 'deepl',
      url: 'https://api-free.deepl.com',
      apiKey: 'k',
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        TRANSLATION_PROVIDER: 'LibreTranslate',
        TRANSLATION_URL: 'https://libre.example/',
        TRANSLATION_TIMEOUT_MS: '2500',
      }).translation,
    ).toEqual({
      provider: 'libretranslate',
      url: 'https://libre.example',
      apiKey: undefined,
      timeoutMs: 2500,
    });
  });

  it('stops the start on a combination that cannot work, naming the variable', () => {
    const fails = (env: Record<string, string>, pattern: RegExp) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(pattern);
    };
    fails({ TRANSLATION_PROVIDER: 'google' }, /TRANSLATION_PROVIDER: must be none, deepl or libretranslate/);
    fails(
      { TRANSLATION_PROVIDER: 'deepl' },
      /TRANSLATION_API_KEY: is required with TRANSLATION_PROVIDER=deepl/,
    );
    fails(
      { TRANSLATION_PROVIDER: 'libretranslate' },
      /TRANSLATION_URL: is required with TRANSLATION_PROVIDER=libretranslate/,
    );
    fails(
      { TRANSLATION_URL: 'https://libre.example' },
      /TRANSLATION_URL: is set but TRANSLATION_PROVIDER is none/,
    );
    fails({ TRANSLATION_API_KEY: 'k' }, /TRANSLATION_API_KEY: is set but TRANSLATION_PROVIDER is none/);
    fails(
      { TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_URL: 'ftp://libre.example' },
      /TRANSLATION_URL: must be an http/,
    );
    fails(
      { TRANSLATION_PROVIDER: 'deepl', TRANSLATION_API_KEY: 'k', TRANSLATION_TIMEOUT_MS: '0' },
      /TRANSLATION_TIMEOUT_MS/,
    );
  });
});
