import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';

/**
 * docs/scaling.md's "Tenant keys" names every table of the server with whether it carries
 * `manufacturer_id`; a table added or changed without it would leave the plan for distributing by
 * manufacturer wrong without anyone noticing.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const documented = async () => {
  const doc = await readFile(path.join(root, 'docs/scaling.md'), 'utf8');
  const section = doc.split('## Tenant keys')[1]?.split('\n### ')[0] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [names = '', , manufacturerId = ''] = line.split('|').slice(1);
    for (const [, name] of names.matchAll(/`([a-z_.*]+)`/g)) rows.set(name as string, manufacturerId.trim());
  }
  return rows;
};

describe('docs/scaling.md, "Tenant keys"', () => {
  it('names every table of the schema, and says yes for each one with manufacturer_id', async () => {
    const rows = await documented();
    const tables = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => t instanceof PgTable)
      .map((t) => getTableConfig(t));
    expect(tables.length).toBeGreaterThan(30);
    const missing = tables.filter((t) => !rows.has(t.name)).map((t) => t.name);
    expect(missing).toEqual([]);
    const wrong = tables
      .filter((t) => t.name !== 'manufacturers')
      .filter(
        (t) =>
          t.columns.some((c) => c.name === 'manufacturer_id' || c.name === 'manufacturerId') !==
          rows.get(t.name)?.startsWith('yes'),
      )
      .map((t) => `${t.name}: ${rows.get(t.name)}`);
    expect(wrong).toEqual([]);
  });
});
