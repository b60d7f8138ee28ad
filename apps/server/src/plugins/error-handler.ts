import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

const contextName: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** PostgreSQL's SQLSTATE: five characters, digits and capitals (`23505`, `22P02`). */
const sqlState = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE of a database error, wherever it sits: Drizzle wraps the driver's error
 * (DrizzleQueryError) and keeps the code on `cause`, pg-boss or our own code may wrap it again.
 * Walks the cause chain (bounded, in case of a cycle) and takes the first SQLSTATE-shaped code.
 */
export const postgresCode = (err: unknown): string | undefined => {
  let current: unknown = err;
  for (let depth = 0; depth < 10 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && sqlState.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/**
 * One error handler: our AppError with its status; zod validation errors
 * as 400 `validation` naming the field; PostgreSQL's unique violations as 409; a malformed
 * value PostgreSQL rejects (e.g. a bad UUID) as 404; a date it cannot store as 400 (the code read
 * from the driver's error under Drizzle's wrapper); everything else a masked 500,
 * logged with the request id.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'request failed');
      return reply.code(err.status).send({
        code: err.code,
        message: err.message,
        ...(err.field ? { field: err.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Path parameters are ids and tokens: a malformed one names no record, like an unknown one (D3).
      if (err.validationContext === 'params') {
        return reply.code(404).send({ code: 'not-found', message: 'The record does not exist.' });
      }
      const first = err.validation[0];
      const where = contextName[err.validationContext ?? ''] ?? err.validationContext ?? 'request';
      const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const message = first
        ? `${where}${field ? `.${field}` : ''}: ${first.message}`
        : 'The request is not valid.';
      return reply.code(400).send({ code: 'validation', message, field: field || where });
    }
    const pgCode = postgresCode(err);
    if (pgCode === '23505') {
      return reply
        .code(409)
        .send({ code: 'conflict/duplicate', message: 'A record with these values exists already.' });
    }
    if (pgCode === '23503') {
      // A row the write refers to was deleted by a concurrent request: the caller's view is stale.
      return reply.code(409).send({
        code: 'conflict/gone',
        message: 'Something this change refers to was deleted meanwhile; reload and try again.',
      });
    }
    if (pgCode === '22008' || pgCode === '22007') {
      // A date PostgreSQL cannot store: bad input, not a server fault (D3 never answers 500 to input).
      return reply.code(400).send({ code: 'validation', message: 'A date is out of range.' });
    }
    if (pgCode === '22P02') {
      return reply.code(404).send({ code: 'not-found', message: 'The record does not exist.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(err.statusCode).send({
        code:
          err.statusCode === 413
            ? 'validation/too-large'
            : err.statusCode === 415
              ? 'validation/media-type'
              : 'validation',
        message: err.message,
      });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ code: 'internal', message: `Something went wrong (request ${req.id}).` });
  });
};
