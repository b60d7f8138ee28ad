import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md are Biome rules in biome.json. `npm run lint` proves the
 * real tree keeps them; this proves the rules themselves still refuse what they are there to refuse (an
 * edit of biome.json that loosened a pattern would otherwise pass unnoticed). It lints a small tree of
 * probe files in a temporary folder with the repository's own biome.json, and names each probe's verdict.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

type Probe = { file: string; source: string; refusedBy?: 'noRestrictedImports' | 'noImportCycles' };

const use = (specifier: string, name = 'x') =>
  `import { ${name} } from '${specifier}';\n\nexport const probe = ${name};\n`;

const probes: Probe[] = [
  // Server modules: another module only through its index.
  {
    file: 'apps/server/src/modules/campaigns/probe-tables.ts',
    source: use('../tickets/tickets.tables.js'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/server/src/modules/campaigns/probe-repository.ts',
    source: use('../tickets/tickets.repository.js'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/server/src/modules/campaigns/probe-index.ts', source: use('../tickets/index.js') },
  { file: 'apps/server/src/modules/campaigns/probe-own.ts', source: use('./campaigns.repository.js') },
  // A table may name another module's table for a foreign key, nothing else of it.
  { file: 'apps/server/src/modules/campaigns/probe.tables.ts', source: use('../owner/owner.tables.js') },
  {
    file: 'apps/server/src/modules/history/probe.tables.ts',
    source: use('../owner/owner.service.js'),
    refusedBy: 'noRestrictedImports',
  },
  // Outside the modules: only an index; read-only query files may read tables; lib imports no module.
  {
    file: 'apps/server/src/probe-root.ts',
    source: use('./modules/tickets/tickets.repository.js'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/server/src/probe-root-index.ts', source: use('./modules/tickets/index.js') },
  {
    file: 'apps/server/src/plugins/probe.ts',
    source: use('../modules/owner/owner.repository.js'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/server/src/queries/probe.query.ts', source: use('../modules/tickets/tickets.tables.js') },
  {
    file: 'apps/server/src/queries/probe-write.query.ts',
    source: use('../modules/tickets/tickets.repository.js'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/server/src/lib/probe.ts',
    source: use('../modules/tickets/index.js'),
    refusedBy: 'noRestrictedImports',
  },
  // Nor the composition root that builds the modules.
  {
    file: 'apps/server/src/lib/probe-services.ts',
    source: use('../services.js'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/server/src/lib/probe-own.ts', source: use('./errors.js') },
  // An import cycle, anywhere.
  {
    file: 'apps/server/src/modules/history/probe-a.ts',
    source: use('./probe-b.js', 'b'),
    refusedBy: 'noImportCycles',
  },
  {
    file: 'apps/server/src/modules/history/probe-b.ts',
    source: use('./probe-a.js', 'probe'),
    refusedBy: 'noImportCycles',
  },
  // Console: a feature never imports another feature or src/app; shared code imports no feature.
  {
    file: 'apps/web/src/features/campaigns/probe-alias.ts',
    source: use('@/features/tickets/api/get-ticket'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/campaigns/components/probe-relative.ts',
    source: use('../../tickets/api/get-ticket'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/campaigns/probe-app.ts',
    source: use('@/app/provider'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/campaigns/probe-sibling.ts',
    source: use('../tickets/api/get-ticket'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/web/src/features/campaigns/components/probe-own.ts', source: use('../api/get-campaign') },
  { file: 'apps/web/src/features/campaigns/probe-shared.ts', source: use('@/components/paged-table') },
  {
    file: 'apps/web/src/components/probe.ts',
    source: use('@/features/tickets/api/get-ticket'),
    refusedBy: 'noRestrictedImports',
  },
  // By relative path neither.
  {
    file: 'apps/web/src/components/probe-relative.ts',
    source: use('../features/tickets/api/get-ticket'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/lib/probe-relative.ts',
    source: use('../app/provider'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/web/src/lib/probe-own.ts', source: use('./i18n') },
  { file: 'apps/web/src/app/routes/probe.ts', source: use('@/features/tickets/api/get-ticket') },
  // The public pages' entry loads none of the console: no src/app, no owner feature, no router.
  {
    file: 'apps/web/src/public/probe-app.ts',
    source: use('@/app/provider'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/public/probe-feature.ts',
    source: use('@/features/campaigns/api/get-campaign'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/public/probe-router.ts',
    source: use('react-router'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/public/probe-participation.ts',
    source: use('@/features/participation/components/survey-page'),
  },
  // The public pages stay light (Preact, plain components): none of the console's libraries or of zod.
  {
    file: 'apps/web/src/public/probe-mantine.ts',
    source: use('@mantine/core'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/participation/components/probe-query.ts',
    source: use('@tanstack/react-query'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/participation/lib/probe-client.ts',
    source: use('@/lib/api-client'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/participation/api/probe-contract.ts',
    source: use('@parley/contract', 'api'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/features/participation/components/probe-own-feature.ts',
    source: use('@/features/campaigns/api/get-campaign'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/public/probe-types.ts',
    source: "import type { PublicSurvey } from '@parley/contract';\n\nexport type Probe = PublicSurvey;\n",
  },
  { file: 'apps/web/src/public/probe-plain.ts', source: use('@parley/contract/plain', 'limits') },
  // A top-level file of the participation feature keeps the features' own rule (no sibling feature).
  {
    file: 'apps/web/src/features/participation/probe-top.ts',
    source: use('../campaigns/api/get-campaign'),
    refusedBy: 'noRestrictedImports',
  },
  // The light rules spare the public pages' tests, not the entry's own rules.
  {
    file: 'apps/web/src/public/__tests__/probe-feature.ts',
    source: use('@/features/campaigns/api/get-campaign'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/web/src/public/__tests__/probe-mantine.ts', source: use('@mantine/core') },
  // Biome cannot tell `import * as c from '@parley/contract'` (zod and all) from a type import here;
  // the page-weight budgets of `npm test` catch it instead (zod alone weighs more than a light page's budget).
  // The sign-in page is a light page of its own: no console, feature, router, library or zod.
  {
    file: 'apps/web/src/login/probe-app.ts',
    source: use('@/app/provider'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/login/probe-feature.ts',
    source: use('@/features/auth/api/sign-in'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/login/probe-router.ts',
    source: use('react-router'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/login/probe-mantine.ts',
    source: use('@mantine/core'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/login/probe-session.ts',
    source: use('@/lib/auth'),
    refusedBy: 'noRestrictedImports',
  },
  {
    file: 'apps/web/src/login/probe-contract.ts',
    source: use('@parley/contract', 'identityApi'),
    refusedBy: 'noRestrictedImports',
  },
  { file: 'apps/web/src/login/probe-identity.ts', source: use('@/lib/identity-call') },
  { file: 'apps/web/src/login/probe-plain.ts', source: use('@parley/contract/plain', 'identityPaths') },
  { file: 'apps/web/src/login/__tests__/probe-test.ts', source: use('@/testing/test-utils') },
  // The console's own preview of a survey may use the console's query cache.
  {
    file: 'apps/web/src/features/participation/api/get-survey-preview.ts',
    source: use('@tanstack/react-query', 'useQuery'),
  },
  // The contract imports nothing from the apps.
  {
    file: 'packages/contract/src/probe.ts',
    source: use('../../../apps/server/src/config.js'),
    refusedBy: 'noRestrictedImports',
  },
];

let dir: string;
let diagnostics: { file: string; rule: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'parley-boundaries-'));
  // The repository's own rules; the schema reference is left out (it names a path inside node_modules).
  const config = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  await writeFile(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const p of probes) {
    await mkdir(path.dirname(path.join(dir, p.file)), { recursive: true });
    await writeFile(path.join(dir, p.file), p.source);
  }
  const output = await new Promise<string>((resolve) => {
    execFile(
      biome,
      ['lint', '--vcs-enabled=false', '--colors=off', '--max-diagnostics=200', '.'],
      { cwd: dir, timeout: 60_000 },
      (_err, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
  diagnostics = [...output.matchAll(/^(\S+?):\d+:\d+ lint\/\w+\/(\w+)/gm)].map((m) => ({
    file: m[1] ?? '',
    rule: m[2] ?? '',
  }));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Override = {
  includes?: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } };
  };
};

describe('the module boundaries in biome.json', () => {
  it('gives every light page the same light rules (Biome keeps only the last override of a rule per file, so they are written out in each)', async () => {
    const config = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8')) as {
      overrides: Override[];
    };
    const lightRules = (o: Override) =>
      (o.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? []).filter(
        (p) =>
          p.group.includes('@mantine/**') ||
          p.group.includes('@/lib/api-client') ||
          p.group.includes('@parley/contract'),
      );
    const light = config.overrides.filter((o) => lightRules(o).length > 0);
    expect(light.map((o) => o.includes?.[0])).toEqual([
      'apps/web/src/features/participation/**',
      'apps/web/src/features/participation/*.ts',
      'apps/web/src/public/**',
      'apps/web/src/login/**',
    ]);
    for (const o of light) expect(lightRules(o)).toEqual(lightRules(light[0] as Override));
  });

  it('lints the probes at all (a broken run would pass every "allowed" probe)', () => {
    expect(diagnostics.length).toBeGreaterThan(0);
  });

  for (const p of probes) {
    const what = `${p.file}: ${p.source.split('\n')[0]}`;
    if (p.refusedBy) {
      it(`refuses ${what}`, () => {
        expect(diagnostics).toContainEqual({ file: p.file, rule: p.refusedBy });
      });
    } else {
      it(`allows ${what}`, () => {
        expect(diagnostics.filter((d) => d.file === p.file)).toEqual([]);
      });
    }
  }
});

/**
 * No source file of the web app (apps/web/src; tests and their fixtures aside) is longer than 300
 * lines: a longer component is split into a form or state hook and small parts in its own folder.
 */
const webSourceMaxLines = 300;

/** Lines as `wc -l` counts them, and a last line without its newline. */
const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe("the size of the web app's source files", () => {
  it(`keeps every .ts and .tsx file of apps/web/src (not tests) at ${webSourceMaxLines} lines or fewer`, async () => {
    const src = path.join(root, 'apps/web/src');
    const files = (await readdir(src, { recursive: true })).filter(
      (file) =>
        /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('__tests__'),
    );
    // A wrong folder would find nothing and pass.
    expect(files.length).toBeGreaterThan(100);
    const over: string[] = [];
    for (const file of files) {
      const lines = lineCount(await readFile(path.join(src, file), 'utf8'));
      if (lines > webSourceMaxLines) over.push(`apps/web/src/${file}: ${lines} lines`);
    }
    expect(over, 'split each into a hook and small parts').toEqual([]);
  });
});

/**
 * No source file of the server (apps/server/src) is longer than 400 lines: a longer service is split
 * by use case or audience into files behind its module's one factory and index.ts (as modules/tags,
 * posts, invitations and tickets are).
 */
const serverSourceMaxLines = 400;

describe("the size of the server's source files", () => {
  it(`keeps every .ts file of apps/server/src at ${serverSourceMaxLines} lines or fewer`, async () => {
    const src = path.join(root, 'apps/server/src');
    const files = (await readdir(src, { recursive: true })).filter((file) => file.endsWith('.ts'));
    // A wrong folder would find nothing and pass.
    expect(files.length).toBeGreaterThan(100);
    const over: string[] = [];
    for (const file of files) {
      const lines = lineCount(await readFile(path.join(src, file), 'utf8'));
      if (lines > serverSourceMaxLines) over.push(`apps/server/src/${file}: ${lines} lines`);
    }
    expect(over, "split each by use case behind its module's factory").toEqual([]);
  });
});

describe('the query files', () => {
  it('take no lock (queries/ are read-only: a claim belongs to the module that owns the rows)', async () => {
    const dir = path.join(root, 'apps/server/src/queries');
    const files = (await readdir(dir)).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const locking: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const found = text.match(
        /\.for\(\s*['"]|\bfor\s+(no\s+key\s+update|key\s+share|update|share)\b|skip\s+locked|pg_advisory/i,
      );
      if (found) locking.push(`apps/server/src/queries/${file}: ${found[0]}`);
    }
    expect(locking, 'move the lock into the module that owns the rows').toEqual([]);
  });
});
