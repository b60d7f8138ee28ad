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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await app.close().catch((err) => log.error({ err }, 'closing the server failed'));
    await rt.close();
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
