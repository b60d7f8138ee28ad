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
  /** How long a fetched job stays claimed; see `define`. */
  expireInSeconds: number;
};

/** A job's claim when its definition names none: a short job's work fits with room to spare. */
export const defaultExpireInSeconds = 30;
/**
 * A scheduled job's (a sweep's) claim when its definition names none: a sweep is not resumed (its
 * next schedule runs it again), so its claim only has to outlast its work.
 */
export const cronExpireInSeconds = 300;
/** How often a working process gives expired claims (of a process that is gone) back to the queue. */
export const reclaimIntervalSeconds = 5;

/**
 * Whether a job named `name` whose data's `key` is `id` may still run: it waits (`created`,
 * `retry`), or a process holds it and its claim has not expired. An `active` job past its claim
 * belongs to a process that is gone (docs/product-decisions.md, "Jobs after a crash"): the sweeps
 * treat it as lost. `except` leaves one job out (the one asking). Reads pg-boss 10's `job` table,
 * as the sweeps do.
 */
export const liveJobExists = (name: string, key: string, id: SQL, except?: string) =>
  sql`exists (select 1 from pgboss.job j where j.name = ${name} and j.data->>${key} = ${id}
    ${except ? sql`and j.id <> ${except}::uuid` : sql``}
    and (j.state in ('created', 'retry') or (j.state = 'active' and j.started_on + j.expire_in > now())))`;

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
    o: {
      batchSize?: number;
      retryLimit?: number;
      policy?: PgBoss.QueuePolicy;
      cron?: string;
      /**
       * How long a fetched job stays claimed by its process (pg-boss's expiry; for a batch, from its
       * fetch). A worker starts no job of a batch after half of it and gives the rest back, so each
       * job's own work must fit in the other half. A claim that runs out belongs to a process that
       * is gone: the job is tried again within `reclaimIntervalSeconds` (docs/product-decisions.md,
       * "Jobs after a crash").
       */
      expireInSeconds?: number;
    } = {},
  ) => {
    definitions.set(name, {
      handler: handler as JobHandler<never>,
      batchSize: o.batchSize ?? 1,
      retryLimit: o.retryLimit ?? 5,
      policy: o.policy,
      cron: o.cron,
      expireInSeconds: o.expireInSeconds ?? (o.cron ? cronExpireInSeconds : defaultExpireInSeconds),
    });
  };

  /**
   * Gives jobs fetched but not started back to the queue as if never fetched (no try counted), in one
   * statement: a batch that ran out of time must not hold them until its claim expires. Due two
   * seconds later: pg-boss completes what is still active of the batch right after it, and must not
   * complete one another worker fetched again meanwhile.
   */
  const release = async (name: string, ids: string[]) => {
    if (ids.length === 0) return;
    await boss.getDb().executeSql(
      `update pgboss.job set state = 'created', started_on = null, start_after = now() + interval '2 seconds'
        where name = $1 and id = any($2::uuid[]) and state = 'active'`,
      [name, ids],
    );
  };

  /**
   * Claims that ran out (their process is gone, or hung past its job's expiry) become a retry due at
   * once, while tries remain; pg-boss's own expiry would wait for its maintenance (every two minutes)
   * and then the retry delay meant for failures. The last try's expired claim is left to pg-boss,
   * which fails it. Any working instance may run it: a row is taken over once.
   */
  const reclaim = async () => {
    const { rows } = await boss.getDb().executeSql(
      `update pgboss.job set state = 'retry', start_after = now(),
          output = '{"message": "its claim expired: the process holding it stopped"}'::jsonb
        where name = any($1::text[]) and state = 'active' and started_on + expire_in < now()
          and retry_count < retry_limit
        returning name, id`,
      [[...definitions.keys()]],
    );
    if (rows.length > 0) opts.log.warn({ jobs: rows }, 'expired job claims taken over');
  };
  let reclaimTimer: NodeJS.Timeout | undefined;

  const start = async () => {
    await boss.start();
    started = true;
    for (const [name, def] of definitions) {
      const queue = {
        name,
        retryLimit: def.retryLimit,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
        ...(def.policy ? { policy: def.policy } : {}),
      };
      // createQueue leaves an existing queue as it is: its settings follow the definition.
      await boss.createQueue(name, queue);
      await boss.updateQueue(name, queue);
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
          const fetchedAt = Date.now();
          for (const [i, job] of jobs.entries()) {
            // Half the claim spent: the rest of the batch goes back rather than outliving its claim.
            if (i > 0 && Date.now() - fetchedAt > (def.expireInSeconds * 1000) / 2) {
              await release(
                name,
                jobs.slice(i).map((j) => j.id),
              );
              return;
            }
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
    if (opts.work !== false) {
      reclaimTimer = setInterval(() => {
        reclaim().catch((err: unknown) => opts.log.warn({ err }, 'expired job claims not taken over'));
      }, reclaimIntervalSeconds * 1000);
      reclaimTimer.unref();
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
    clearInterval(reclaimTimer);
    if (!started) return;
    started = false;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };

  /** Whether the queue is started and not stopping (readiness reports it). */
  const isRunning = () => running;
  /** Whether this process works off jobs (false: it only enqueues, JOBS=false or the admin CLI). */
  const working = opts.work !== false;

  return { define, start, send, sendMany, stop, isRunning, working, boss, reclaim };
};
export type JobQueue = ReturnType<typeof createJobQueue>;
