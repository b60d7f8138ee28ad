import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README promises the Node.js version in the root package.json's `engines.node`. Every
 * package the lock file installs must run on it, or `npm install` warns (EBADENGINE) and the
 * promise is broken; and `npm start` refuses an older Node with a clear message.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

// `semver` is npm's own range logic (a dependency of several installed packages); it has no
// types installed, so only the two functions used here are typed.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

describe('engines', () => {
  const stated: string = readJson('package.json').engines.node;

  it('every package in package-lock.json runs on the stated minimum Node.js', () => {
    const minimum = semver.minVersion(stated)?.version;
    expect(minimum, `engines.node ${stated}`).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: unknown } | unknown[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([where, pkg]) => ({
        where,
        node: pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined,
      }))
      .filter((p): p is { where: string; node: string } => typeof p.node === 'string')
      .filter((p) => !semver.satisfies(minimum ?? '', p.node))
      .map((p) => `${p.where} needs node ${p.node}`);
    expect(refusing, `not for Node.js ${minimum} (root engines.node ${stated})`).toEqual([]);
    // The check itself sees the packages: the lock holds hundreds with an engines field.
    expect(Object.values(lock.packages).filter((p) => p.engines).length).toBeGreaterThan(50);
  });

  it('npm start stops at once on a Node.js older than engines.node, saying so', () => {
    const older = `v${semver.minVersion(stated)?.version.replace(/^(\d+)\..*/, (_, major) => `${Number(major) - 1}.9.0`)}`;
    // The script sees an older process.version; nothing else about this Node changes.
    const pretend = `data:text/javascript,Object.defineProperty(process,"version",{value:${JSON.stringify(older)}})`;
    const t0 = Date.now();
    const run = spawnSync(process.execPath, ['--import', pretend, 'scripts/start.mjs'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(root, '.tmp', 'never-used') },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Parley needs Node.js ${stated}`);
    expect(run.stderr).toContain(`this is ${older}`);
    expect(run.stdout).not.toContain('Building the console');
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});
