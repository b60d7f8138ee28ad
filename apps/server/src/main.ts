import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './lib/logger.js';
import { startRuntime } from './runtime.js';
import { seedDemo } from './seed.js';

const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, 'stdout', config.logFormat);
  const rt = await startRuntime(config, log);
  const demo = await seedDemo(rt);
  const app = await buildApp(rt);

  /**
   * The graceful drain (docs/product-decisions.md, "Operations"; docs/operations.md, "Graceful
   * shutdown"): readiness answers 503 `draining` at once; for SHUTDOWN_DELAY_SECONDS the server
   * still serves (a load balancer polling readiness takes the instance out meanwhile); then it stops accepting and finishes the requests in flight, stops
   * the job queue (running jobs get their time to finish), closes its database connections and exits
   * with 0. Whatever is still left SHUTDOWN_DELAY_SECONDS + 20 s after the signal exits with 1.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const delaySeconds = config.shutdownDelaySeconds;
    const force = setTimeout(
      () => {
        log.error({ signal }, 'shutdown did not finish in time; exiting');
        process.exit(1);
      },
      (delaySeconds + 20) * 1000,
    );
    force.unref();
    rt.health.startDraining();
    log.info({ signal, delaySeconds }, 'shutting down: draining (readiness answers 503)');
    if (delaySeconds > 0) await new Promise((r) => setTimeout(r, delaySeconds * 1000));
    log.info('closing the HTTP server: no new connections, finishing the requests in flight');
    await app.close().catch((err) => log.error({ err }, 'closing the server failed'));
    log.info('stopping the job queue: running jobs may finish');
    await rt.jobs.stop().catch((err) => log.error({ err }, 'stopping the job queue failed'));
    log.info('closing the database connections');
    await rt.close();
    log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    log.fatal({ err }, 'could not listen');
    await rt.close();
    process.exit(1);
  }
  if (demo) {
    process.stdout.write(
      `\n  Parley demo account (created once on this empty database):\n    email:    ${demo.email}\n    password: ${demo.password}\n` +
        `    its contact-request form: ${config.publicUrl}/p/r/${demo.manufacturerId}\n` +
        `    its public feedback page: ${config.publicUrl}/p/f/${demo.manufacturerId}\n\n`,
    );
  }
  process.stdout.write(`  Parley is running at ${config.publicUrl}\n\n`);
};

void main();
