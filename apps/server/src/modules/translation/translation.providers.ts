import type { Language } from '@parley/contract';
import { z } from 'zod';
import type { TranslationConfig } from '../../config.js';

/** What a provider is asked: texts in one language, into another. */
export type TranslationRequest = { texts: string[]; source: Language; target: Language };

/**
 * One translation service (D22). `translate` answers the translations in the order of the texts,
 * exactly one per text, or throws: a `ProviderError` when the provider refused or answered something
 * unusable, whatever `fetch` throws when it could not be reached or `signal` ended the call.
 */
export interface TranslationProvider {
  /** The provider's name as a person knows it, for reasons and logs. */
  readonly name: string;
  translate(request: TranslationRequest, signal: AbortSignal): Promise<string[]>;
}

/**
 * The provider answered, but not with translations; `message` is for a person and never holds the key.
 * `charged` says whether the provider may have counted the texts: not when it refused them (an HTTP error),
 * but when it answered 200 with something unusable or had translated part of them already; the service
 * gives the budget's characters back only for an uncharged failure (docs/product-decisions.md, "Translation").
 */
export class ProviderError extends Error {
  readonly charged: boolean;
  constructor(message: string, charged = true) {
    super(message);
    this.charged = charged;
  }
}

/** Why `fetch` failed, in words: its cause (ECONNREFUSED, a DNS failure, a redirect), not "fetch failed". */
export const networkReason = (name: string, err: unknown) => {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const detail =
    (typeof cause?.code === 'string' && cause.code) ||
    (typeof cause?.message === 'string' && cause.message) ||
    (err instanceof Error ? err.message : String(err));
  return `${name} could not be reached: ${detail}`;
};

/** Reasons quote a provider's message, but not at any length. */
const quoteMax = 300;

/** The provider's own words, without the key (a provider may echo what it was sent) and not too long. */
const quote = (text: string, secret: string | undefined) => {
  let t = text.replace(/\s+/g, ' ').trim();
  if (secret) t = t.split(secret).join('***');
  return t.length > quoteMax ? `${t.slice(0, quoteMax)}…` : t;
};

/** The answer's body: JSON when it is JSON, else its text (an error page of a proxy, plain text). */
const readBody = async (res: Response): Promise<{ json: unknown } | { text: string }> => {
  const text = await res.text();
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { text };
  }
};

/** The message of an error answer: the text `fields` of a JSON body (joined), or a plain-text body. */
const messageOf = (body: { json: unknown } | { text: string }, fields: string[]) => {
  if ('json' in body) {
    const values = fields
      .map((f) => (body.json as Record<string, unknown> | null)?.[f])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    return values.length ? values.join(': ') : undefined;
  }
  // An HTML error page says nothing a person could act on in a notification.
  return body.text.trim() && !/^\s*</.test(body.text) ? body.text : undefined;
};

/** A refusal (4xx) or failure (5xx) of the provider, in words: its status, its own message, what to check. */
const refusal = (
  name: string,
  status: number,
  message: string | undefined,
  secret: string | undefined,
  hint: string | undefined,
) =>
  new ProviderError(
    [
      `${name} answered HTTP ${status}`,
      message ? `: ${quote(message, secret)}` : '',
      hint ? ` (${hint})` : '',
    ]
      .join('')
      .trim(),
    false,
  );

const postJson = (url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
    redirect: 'error',
  });

// ---- DeepL ----------------------------------------------------------------------------------

const deeplLanguage = { source: { de: 'DE', en: 'EN' }, target: { de: 'DE', en: 'EN-GB' } } as const;

const deeplAnswer = z.object({
  translations: z.array(z.object({ text: z.string(), detected_source_language: z.string().optional() })),
});

/** DeepL refuses a request body over 128 KiB; batches stay below it with room for the other fields. */
const deeplBatchBytes = 120 * 1024;

/** The texts in order, in batches whose JSON stays under DeepL's request size. */
const deeplBatches = (texts: string[]) => {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const text of texts) {
    const size = Buffer.byteLength(JSON.stringify(text)) + 1;
    if (current.length && bytes + size > deeplBatchBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(text);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
};

const deeplHints: Record<number, string> = {
  403:
    'check TRANSLATION_API_KEY, and TRANSLATION_URL: a DeepL Free key needs https://api-free.deepl.com, ' +
    'a Pro key https://api.deepl.com',
  429: 'too many requests; try again in a moment',
  456: 'the DeepL account has used up its character quota',
};

/**
 * DeepL's API: `POST {base}/v2/translate` with `Authorization: DeepL-Auth-Key <key>` and
 * `{text: [...], source_lang, target_lang}`, answering `{translations: [{detected_source_language, text}]}`
 * in the order of the texts; errors carry `{message}` (and sometimes `{detail}`). English is written as
 * British English.
 */
export const createDeeplProvider = (o: { url: string; apiKey: string }): TranslationProvider => {
  const name = 'DeepL';
  const translateBatch = async (texts: string[], r: TranslationRequest, signal: AbortSignal) => {
    const res = await postJson(
      `${o.url}/v2/translate`,
      {
        text: texts,
        source_lang: deeplLanguage.source[r.source],
        target_lang: deeplLanguage.target[r.target],
      },
      { authorization: `DeepL-Auth-Key ${o.apiKey}` },
      signal,
    );
    const body = await readBody(res);
    if (!res.ok)
      throw refusal(
        name,
        res.status,
        messageOf(body, ['message', 'detail']),
        o.apiKey,
        deeplHints[res.status],
      );
    const parsed = 'json' in body ? deeplAnswer.safeParse(body.json) : undefined;
    if (!parsed?.success) throw new ProviderError(`${name} answered in an unexpected form (no translations)`);
    const translated = parsed.data.translations.map((t) => t.text);
    if (translated.length !== texts.length)
      throw new ProviderError(`${name} answered ${translated.length} translations for ${texts.length} texts`);
    return translated;
  };
  return {
    name,
    translate: async (r, signal) => {
      // One batch in almost every call; a large one goes in turn, so the account's rate limit holds.
      const out: string[] = [];
      for (const batch of deeplBatches(r.texts)) {
        try {
          out.push(...(await translateBatch(batch, r, signal)));
        } catch (err) {
          // The batches before were translated, and DeepL has counted them: the failure is a charged one.
          if (!out.length || signal.aborted) throw err;
          const reason = err instanceof ProviderError ? err.message : networkReason(name, err);
          throw new ProviderError(`${reason} (after ${out.length} of ${r.texts.length} texts)`, true);
        }
      }
      return out;
    },
  };
};

// ---- LibreTranslate -------------------------------------------------------------------------

const libreAnswer = z.object({ translatedText: z.array(z.string()) });

const libreHints: Record<number, string> = {
  403: 'check TRANSLATION_API_KEY',
  429: 'too many requests; try again in a moment',
};

/**
 * LibreTranslate's API: `POST {base}/translate` with `{q: [...], source, target, format: 'text', api_key?}`,
 * answering `{translatedText: [...]}` for an array `q`; errors carry `{error}`.
 */
export const createLibreTranslateProvider = (o: {
  url: string;
  apiKey: string | undefined;
}): TranslationProvider => {
  const name = 'LibreTranslate';
  return {
    name,
    translate: async (r, signal) => {
      const res = await postJson(
        `${o.url}/translate`,
        {
          q: r.texts,
          source: r.source,
          target: r.target,
          format: 'text',
          ...(o.apiKey ? { api_key: o.apiKey } : {}),
        },
        {},
        signal,
      );
      const body = await readBody(res);
      if (!res.ok)
        throw refusal(name, res.status, messageOf(body, ['error']), o.apiKey, libreHints[res.status]);
      const parsed = 'json' in body ? libreAnswer.safeParse(body.json) : undefined;
      if (!parsed?.success)
        throw new ProviderError(`${name} answered in an unexpected form (no translations)`);
      const translated = parsed.data.translatedText;
      if (translated.length !== r.texts.length)
        throw new ProviderError(
          `${name} answered ${translated.length} translations for ${r.texts.length} texts`,
        );
      return translated;
    },
  };
};

/** The configured provider, or undefined when none is (D22: the call then answers not-configured). */
export const createTranslationProvider = (config: TranslationConfig): TranslationProvider | undefined => {
  switch (config.provider) {
    case 'deepl':
      return createDeeplProvider(config);
    case 'libretranslate':
      return createLibreTranslateProvider(config);
    default:
      return undefined;
  }
};
