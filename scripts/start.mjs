#!/usr/bin/env node
// `npm start`: builds the console when its build is missing or older than its sources, then runs
// the server in this terminal. SIGINT/SIGTERM reach the server, which shuts down gracefully (and
// stops its embedded PostgreSQL); this script exits with the server's code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/**
 * The Node.js the project states (root package.json `engines.node`) is checked before anything
 * runs: an older one would fail later with an obscure syntax or API error. npm's own `semver`
 * (installed with the dependencies) reads the range; without it, a plain `>=x.y.z` is compared.
 */
const checkNode = () => {
  const range = JSON.parse(readFileSync(at('package.json'), 'utf8')).engines?.node;
  if (!range) return;
  let ok;
  try {
    ok = createRequire(import.meta.url)('semver').satisfies(process.version, range);
  } catch {
    const want = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
    if (!want) return;
    const have = process.version.slice(1).split('.').map(Number);
    const need = want.slice(1).map((n) => Number(n ?? 0));
    const diff = need.map((n, i) => (have[i] ?? 0) - n).find((d) => d !== 0) ?? 0;
    ok = diff >= 0;
  }
  if (!ok) {
    process.stderr.write(
      `Parley needs Node.js ${range}; this is ${process.version} (${process.execPath}).\n` +
        'Install a newer Node.js (https://nodejs.org/, or `nvm install 22`) and run `npm start` again.\n',
    );
    process.exit(1);
  }
};
checkNode();

/** Newest modification time (ms) among the files under `p` (a file or a folder); 0 when absent. */
const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
};

const builtIndex = at('apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  // The build's own steps (the precompression of its output).
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/public.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.light.config.ts',
  'apps/web/postcss.config.mjs',
  'apps/web/package.json',
  'packages/contract/src',
].map((p) => at(p));

const stale = () => {
  if (!existsSync(builtIndex)) return 'the console is not built yet';
  // The public pages and the sign-in page are builds of their own into the same folder
  // (apps/web/vite.light.config.ts).
  if (!existsSync(at('apps/web/dist/public.html'))) return 'the public pages are not built yet';
  if (!existsSync(at('apps/web/dist/login.html'))) return 'the sign-in page is not built yet';
  const built = newest(at('apps/web/dist'));
  const changed = sources.find((s) => newest(s) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
};

const reason = stale();
if (reason) {
  process.stdout.write(`Building the console (${reason})…\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('\nThe console build failed (see above); the server was not started.\n');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', at('apps/server/src/main.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);

// Ctrl-C sends SIGINT to the whole foreground process group, so the server usually gets it itself;
// forwarding it again is harmless (its shutdown runs once). SIGTERM/SIGHUP sent to this process alone
// (a process manager, `kill`) must be forwarded.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (err) => {
  process.stderr.write(`Could not start the server: ${err.message}\n`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) {
    // Exit the way the server did, so a shell sees the same status (128 + signal number).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
