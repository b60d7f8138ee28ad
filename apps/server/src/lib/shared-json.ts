import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers smaller than this go uncompressed (as @fastify/compress's own threshold in app.ts): the
 * headers would cost about what compression saves.
 */
export const compressThreshold = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * A JSON answer built once and sent to many (the public survey): its text, and its brotli and gzip forms,
 * each made on first need (off the event loop, in zlib's threads) and then kept, instead of compressed
 * again for every request as @fastify/compress would.
 */
export type SharedJson = { readonly text: string; encoded: (encoding: Encoding) => Promise<Buffer> };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const sharedJson = (text: string): SharedJson => {
  const made = new Map<Encoding, Promise<Buffer>>();
  return {
    text,
    encoded: (encoding) => {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotli(text, {
                params: {
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
                },
              })
            : gzip(text, { level: zlib.constants.Z_BEST_COMPRESSION });
        made.set(encoding, bytes);
      }
      return bytes;
    },
  };
};

/**
 * The encoding to send for an Accept-Encoding header: brotli or gzip, whichever it weighs higher (`q`,
 * 1 when absent; a coding it does not name takes the weight of `*`; 0 refuses), brotli on a tie; none
 * when it takes neither.
 */
export const preferredEncoding = (header: string | undefined): Encoding | undefined => {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
};

/**
 * Sends `body` as the route's JSON answer: compressed in the form the client prefers when it takes one
 * and the text is worth it, the text otherwise; `Vary: Accept-Encoding` on both, as for any answer whose
 * form depends on it. Answers the reply (a handler that sent its answer returns it, lib/route.ts).
 */
export const sendSharedJson = async (req: FastifyRequest, reply: FastifyReply, body: SharedJson) => {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const encoding =
    body.text.length >= compressThreshold ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(body.text);
  const bytes = await body.encoded(encoding);
  return reply.header('content-encoding', encoding).send(bytes);
};
