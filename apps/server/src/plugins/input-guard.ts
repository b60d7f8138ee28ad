import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** The charsets JSON may declare: JSON is UTF-8 (RFC 8259); anything else would be misread. */
const utf8Names = new Set(['utf-8', 'utf8']);

const charsetOf = (contentType: string | undefined) => {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return match?.[2]?.toLowerCase();
};

/**
 * The JSON body parser. Start, stop and copy take no body (D3), yet many clients send
 * `Content-Type: application/json` with an empty one: that is no body, not malformed JSON.
 * A declared charset other than UTF-8 is refused with 415 rather than decoded wrongly. Anything else
 * goes to Fastify's own parser, with its protection against prototype poisoning.
 */
const registerJsonParser = (app: FastifyInstance) => {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== undefined && !utf8Names.has(charset)) {
      return done(
        new AppError('validation/media-type', `JSON must be UTF-8; "charset=${charset}" is not accepted.`),
        undefined,
      );
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    jsonParser(req, text, done);
  });
};

/** A UTF-16 surrogate without its partner: not a character, and no UTF-8 can carry it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text, or undefined when it can. */
const textProblem = (text: string) => {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (loneSurrogate.test(text)) return 'must be valid Unicode text';
  return undefined;
};

/**
 * The first string or key (as a dotted path, `answers.0.text`) PostgreSQL could not store in text or
 * JSON, with the reason; undefined when there is none. Iterative, so a deeply nested body cannot
 * exhaust the stack.
 */
export const findUnstorableText = (value: unknown): { field: string; problem: string } | undefined => {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const item = stack.pop() as { value: unknown; path: string[] };
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { field: item.path.join('.'), problem };
    } else if (item.value !== null && typeof item.value === 'object') {
      const entries = Object.entries(item.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const path = [...item.path, key];
        const problem = textProblem(key);
        if (problem) return { field: path.slice(0, -1).join('.'), problem: `its keys ${problem}` };
        stack.push({ value: child, path });
      }
    }
  }
  return undefined;
};

/**
 * What no route can take, refused once for all of them before validation:
 * - text PostgreSQL cannot store (a NUL character, a lone UTF-16 surrogate) in any string or key of
 *   the body or query: it would fail the query with 500; 400 `validation` names the field instead.
 *   In a path parameter (an id or token) it is a malformed id: 404 like any other (D3).
 * - JSON in another charset than UTF-8 (415).
 */
export const registerInputGuard = (app: FastifyInstance) => {
  registerJsonParser(app);
  app.addHook('preValidation', async (req) => {
    if (findUnstorableText(req.params) !== undefined) {
      throw new AppError('not-found', 'The record does not exist.');
    }
    // A route without a body schema reads no body of the client's (sign-out answers 204 whatever it is
    // sent, D5), so only declared bodies are checked; a query is checked always.
    const body = req.routeOptions.schema?.body ? req.body : undefined;
    for (const [where, value] of [
      ['query', req.query],
      ['body', body],
    ] as const) {
      const found = findUnstorableText(value);
      if (!found) continue;
      throw new AppError(
        'validation',
        `${where}${found.field ? `.${found.field}` : ''}: ${found.problem}`,
        found.field || where,
      );
    }
  });
};
