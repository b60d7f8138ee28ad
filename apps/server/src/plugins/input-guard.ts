import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** The charsets JSON may declare: JSON is UTF-8 (RFC 8259); anything else would be misread. */
const utf8Names = new Set(['utf-8', 'utf8']);

const charsetOf = (contentType: string | undefined) => {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return match?.[2]?.toLowerCase();
};

/**
 * How deep a JSON body may nest. No contract body comes near it (a question with its options and
 * path rules is five levels); anything deeper is refused before a parser or a check walks it
 * (docs/product-decisions.md, "API-wide").
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON text opens more than `max` arrays or objects inside each other, in one linear
 * pass over its characters (brackets inside strings do not count). It runs before the text is
 * parsed: a body of 1 MB nested half a million levels deep costs a millisecond, not the minutes
 * a recursive walk of the parsed value took.
 */
export const nestedDeeperThan = (text: string, max: number) => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
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
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new AppError('validation', `body: nested deeper than ${MAX_JSON_DEPTH} levels`, 'body'),
        undefined,
      );
    }
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

type Visit = { value: unknown; key: string; parent: Visit | undefined };

/** The dotted path of a visited value, built only for the one that is reported. */
const pathOf = (visit: Visit | undefined) => {
  const keys: string[] = [];
  for (let v = visit; v?.parent; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.');
};

/**
 * The first string or key (as a dotted path, `answers.0.text`) PostgreSQL could not store in text or
 * JSON, with the reason; undefined when there is none. Iterative and linear in the value's size: each
 * value is visited once and keeps only a link to its parent, so neither depth nor width can exhaust
 * the stack or make the walk quadratic.
 */
export const findUnstorableText = (value: unknown): { field: string; problem: string } | undefined => {
  const stack: Visit[] = [{ value, key: '', parent: undefined }];
  while (stack.length) {
    const item = stack.pop() as Visit;
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value);
      if (problem) return { field: pathOf(item), problem };
    } else if (item.value !== null && typeof item.value === 'object') {
      const keys = Object.keys(item.value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const problem = textProblem(key);
        if (problem) return { field: pathOf(item), problem: `its keys ${problem}` };
        stack.push({ value: (item.value as Record<string, unknown>)[key], key, parent: item });
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
 * - JSON in another charset than UTF-8 (415), and JSON nested deeper than `MAX_JSON_DEPTH` (400, by the
 *   parser, before anything walks it).
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
