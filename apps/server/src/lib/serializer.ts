import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What Fastify hands a serialiser compiler: the route's response schema, method and URL. */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * The schema with no property required: fast-json-stringify writes required properties before the others,
 * and the contract's order (zod's, the order the answers always had) is kept only when none is. An absent
 * key is then left out instead of refused (the check below still refuses it outside production).
 */
const withoutRequired = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, withoutRequired(v)]))
        : withoutRequired(value);
  }
  return out;
};

/**
 * The answers' serialiser: each route's response schema from the contract, compiled once at start into a
 * writer (fast-json-stringify, as Fastify does for JSON-schema routes) from its JSON Schema (zod's
 * `toJSONSchema`, the output side). The zod serialiser it replaces checked and copied every answer against
 * the schema on every request (3-5 % of a list request's CPU, docs/operations.md "Where a list request's
 * CPU goes"). Both write the schema's keys in the schema's order and leave out the keys it does not know.
 *
 * `check` (development and tests): every answer also goes through the zod serialiser, which refuses an
 * answer the contract does not allow (a 500, as before), and the two texts must be the same, so every
 * server test proves the compiled writer answers byte for byte what the contract's zod schema answers. In
 * production the writer alone runs: a value of the wrong type is written as the schema's type, and a
 * missing key left out, instead of refused. A schema JSON Schema cannot express (a
 * transform) keeps the zod serialiser.
 */
export const responseSerializerCompiler =
  (o: { check: boolean }) =>
  (route: RouteSchema): ((data: unknown) => string) => {
    const viaZod = zodSerializerCompiler(route);
    let compiled: (data: unknown) => string;
    try {
      const json = z.toJSONSchema(route.schema as z.ZodType, {
        io: 'output',
        unrepresentable: 'throw',
        target: 'draft-7',
      });
      compiled = fastJson(withoutRequired(json) as Parameters<typeof fastJson>[0]);
    } catch {
      return viaZod;
    }
    if (!o.check) return compiled;
    return (data) => {
      const expected = viaZod(data);
      const written = compiled(data);
      if (written !== expected) {
        let at = 0;
        while (written[at] === expected[at]) at++;
        const near = (text: string) => text.slice(Math.max(0, at - 80), at + 80);
        throw new Error(
          `the compiled serialiser of ${route.method} ${route.url} wrote …${near(written)}… where the contract's schema writes …${near(expected)}…`,
        );
      }
      return written;
    };
  };
