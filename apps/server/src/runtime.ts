import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createDb } from './db/client.js';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded.js';
import { newestMigrationOfThisBuild, runMigrations } from './db/migrate.js';
import { createJobQueue } from './jobs/queue.js';
import { type Clock, systemClock } from './lib/clock.js';
import { defineRateLimitPruning } from './lib/rate-limit.js';
import { createHealthService } from './modules/health/index.js';
import { createKeyStore, createTokenVerifier } from './modules/identity/index.js';
import { createMailer, createMailService } from './modules/mail/index.js';
import { createFileStorage } from './modules/storage/index.js';
import { createManufacturerReplyTo } from './queries/mail-reply-to.query.js';
import { createServices } from './services.js';

/**
 * Everything a process of Parley needs, wired once: the infrastructure (the database, embedded or
 * DATABASE_URL, migrations, the job queue, mail, storage, the identity keys) and then the modules'
 * services, built once by the composition root (services.ts). The server, the admin command line,
 * tests and the benchmark all start it the same way.
 */
export const startRuntime = async (
  config: Config,
  log: Logger,
  opts: { work?: boolean; pollingIntervalSeconds?: number; clock?: Clock } = {},
) => {
  const embedded: EmbeddedDatabase | undefined = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase(config.dataDir, log);
  const url = config.databaseUrl ?? embedded?.url ?? '';
  const { db, pool } = createDb(url, config.databasePoolSize);
  try {
    await runMigrations(db, pool);
    const jobs = createJobQueue({
      connectionString: url,
      log,
      work: (opts.work ?? true) && config.jobs,
      ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}),
    });
    const mail = createMailService(
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outboxDir: config.mail.outboxDir,
        log,
        replyTo: createManufacturerReplyTo(db),
      }),
      jobs,
      { db, log },
    );
    const clock = opts.clock ?? systemClock;
    const keyStore = createKeyStore(db);
    const storage = createFileStorage(config.storage, config.publicUrl);
    const services = createServices({ config, log, db, jobs, mail, clock, storage, keyStore });
    const tokenSettings = {
      issuer: config.identity.issuer,
      audience: config.identity.audience,
      jwksUrl: config.identity.jwksUrl,
      keyStore,
    };
    // The identity routes verify with the session check; the auth hook verifies the signature only,
    // since its authenticator reads the session together with the owner (src/queries/auth.query.ts).
    const verify = createTokenVerifier({ ...tokenSettings, checkSession: services.checkSession });
    const verifySignature = createTokenVerifier(tokenSettings);
    defineRateLimitPruning(db, jobs);
    // Job definitions of every module are made above; the queue starts after them.
    await jobs.start();
    // The probes' checks, and the draining state main.ts sets at SIGTERM.
    const health = createHealthService({ db, jobs, newestMigration: newestMigrationOfThisBuild() });

    const close = async () => {
      await jobs.stop().catch((err) => log.error({ err }, 'stopping the job queue failed'));
      await pool.end().catch(() => {});
      await embedded?.stop();
    };
    return {
      config,
      log,
      url,
      embedded,
      db,
      pool,
      jobs,
      mail,
      keyStore,
      verify,
      verifySignature,
      clock,
      storage,
      services,
      health,
      close,
    };
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    throw err;
  }
};
export type Runtime = Awaited<ReturnType<typeof startRuntime>>;
