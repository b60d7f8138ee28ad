import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/client.js';

/** `retryCount`: how many tries came before this one (0 on the first). */
export type JobHandler<T> = (
  data: T,
  meta: { id: string; name: string; retryCount: number },
) => Promise<void>;
type Definition = {
  handler: JobHandler<never>;
  batchSize: number;
  retryLimit: number;
  /** pg-boss queue policy; `short` keeps one queued job per singletonKey. */
  policy: PgBoss.QueuePolicy | undefined;
  /** A cron expression: the job is also sent on this schedule (once across instances). */
  cron: string | undefined;
};

/**
 * pg-boss's `db` option runs its insert on a connection of ours. This one runs it through a Drizzle
 * transaction (or the pool), so a job sent inside a transaction commits or rolls back with the data
 * it announces. pg-boss writes `$n` placeholders; each becomes a bound parameter of Drizzle's.
 */
export const jobDbOf = (tx: DbOrTx): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const chunks: SQL[] = [];
    let last = 0;
    for (const m of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, m.index)), sql`${sql.param(values[Number(m[1]) - 1])}`);
      last = m.index + m[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    const result = await tx.execute(sql.join(chunks));
    return { rows: result.rows };
  },
});

/**
 * The PostgreSQL-backed job queue of D6 (pg-boss 10, schema `pgboss`). A job is fetched
 * with SKIP LOCKED, so it runs once across instances, and lives in the database, so it
 * survives a restart. Modules `define` their jobs before `start`; `send` works any time.
 */
export const createJobQueue = (opts: {
  connectionString: string;
  log: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  /** Workers poll this often; tests shorten it. */
  pollingIntervalSeconds?: number;
  /** False for processes that only enqueue (the admin CLI). */
  work?: boolean;
}) => {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: 'pgboss',
    max: 4,
    application_name: 'parley-jobs',
  });
  const definitions = new Map<string, Definition>();
  let started = false;
  /** From the end of `start` (every queue created, its workers polling) to the beginning of `stop`. */
  let running = false;
  /** Set by `stop`: from then on a connection cut by the database's shutdown is expected, not an error. */
  let stopping = false;
  boss.on('error', (err) => {
    // 57P01 admin_shutdown: PostgreSQL is stopping and ends its connections (our own shutdown).
    if (stopping && (err as { code?: string }).code === '57P01') {
      opts.log.debug({ err }, 'job queue connection ended by the database shutdown');
      return;
    }
    opts.log.error({ err }, 'job queue error');
  });

  const define = <T>(
    name: string,
    handler: JobHandler<T>,
    o: { batchSize?: number; retryLimit?: number; policy?: PgBoss.QueuePolicy; cron?: string } = {},
  ) => {
    definitions.set(name, {
      handler: handler as JobHandler<never>,
      batchSize: o.batchSize ?? 1,
      retryLimit: o.retryLimit ?? 5,
      policy: o.policy,
      cron: o.cron,
    });
  };

  const start = async () => {
    await boss.start();
    started = true;
    for (const [name, def] of definitions) {
      await boss.createQueue(name, {
        name,
        retryLimit: def.retryLimit,
        retryDelay: 30,
        retryBackoff: true,
        ...(def.policy ? { policy: def.policy } : {}),
      });
      if (opts.work === false) continue;
      // pg-boss 10 needs the queue before its schedule.
      if (def.cron) await boss.schedule(name, def.cron);
      await boss.work<never>(
        name,
        {
          batchSize: def.batchSize,
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
          includeMetadata: true,
        },
        // Each job of a batch is settled on its own: were a failure thrown, pg-boss would
        // fail (and so retry) the whole batch, sending again the mails already delivered.
        // pg-boss then completes the batch, which touches only jobs still active: none.
        async (jobs) => {
          for (const job of jobs) {
            try {
              await def.handler(job.data, { id: job.id, name, retryCount: job.retryCount });
              await boss.complete(name, job.id);
            } catch (err) {
              opts.log.error({ err, job: job.id, queue: name }, 'job failed');
              await boss.fail(name, job.id, err instanceof Error ? { message: err.message } : { err });
            }
          }
        },
      );
    }
    running = true;
    opts.log.info({ queues: [...definitions.keys()], working: opts.work !== false }, 'job queue started');
  };

  /**
   * Queues a job. With `tx` the job is inserted in that transaction: a job that announces a write
   * (a mail about a stored ticket, an end date just set) exists exactly when the write committed.
   */
  const send = async <T extends object>(
    name: string,
    data: T,
    { tx, ...o }: PgBoss.SendOptions & { tx?: DbOrTx } = {},
  ) => {
    if (!started) throw new Error(`job queue not started; cannot send ${name}`);
    if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
    return boss.send(name, data, tx ? { ...o, db: jobDbOf(tx) } : o);
  };

  /**
   * Queues many jobs of one name in one statement (pg-boss `insert`), in `tx` like `send`: an
   * invitation of 500 addresses queues its 500 mails with the rows that announce them.
   */
  const sendMany = async <T extends object>(
    name: string,
    items: { data: T; startAfter?: Date }[],
    { tx }: { tx?: DbOrTx } = {},
  ) => {
    if (!started) throw new Error(`job queue not started; cannot send ${name}`);
    if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
    if (items.length === 0) return;
    const jobs = items.map((i) => ({
      name,
      data: i.data,
      ...(i.startAfter ? { startAfter: i.startAfter.toISOString() } : {}),
    }));
    await boss.insert(jobs, tx ? { db: jobDbOf(tx) } : {});
  };

  const stop = async () => {
    stopping = true;
    running = false;
    if (!started) return;
    started = false;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };

  /** Whether the queue is started and not stopping (readiness reports it). */
  const isRunning = () => running;
  /** Whether this process works off jobs (false: it only enqueues, JOBS=false or the admin CLI). */
  const working = opts.work !== false;

  return { define, start, send, sendMany, stop, isRunning, working, boss };
};
export type JobQueue = ReturnType<typeof createJobQueue>;
