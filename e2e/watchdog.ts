import { isRunning, stopLeftovers } from './cluster';

/**
 * The test cluster's watchdog (started by global-setup.ts, detached): while the Playwright runner
 * whose pid it was given lives, it waits; once the runner is gone (its teardown ran, or it was
 * killed and never ran it) it stops whatever of the cluster is left (nginx, HAProxy, instances, the
 * embedded PostgreSQL) and exits. It never outlives the runner by more than a few seconds; after three
 * hours it leaves without touching anything.
 *
 *   node --import tsx e2e/watchdog.ts <runDir> <runner pid>
 */
const [runDir = '', runnerArg = ''] = process.argv.slice(2);
const runner = Number(runnerArg);
const deadline = Date.now() + 3 * 60 * 60_000;

const watch = async () => {
  while (runner > 0 && isRunning(runner)) {
    // A run that is still going after three hours (a debugging session) keeps its cluster.
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  await stopLeftovers(runDir);
};

void watch().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`watchdog: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
