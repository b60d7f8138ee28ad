import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.js';
import { createTestApp, type TestContext } from './helpers.js';

/** The queue of D6 on a real database: one failing job of a batch must not re-run its neighbours. */
let ctx: TestContext;
let queue: JobQueue;
const calls: string[] = [];
const QUEUE = 'test-batch';

beforeAll(async () => {
  ctx = await createTestApp();
  queue = createJobQueue({
    connectionString: ctx.rt.url,
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
  });
  queue.define<{ key: string }>(
    QUEUE,
    async ({ key }) => {
      calls.push(key);
      if (key === 'bad') throw new Error('the mail server said no');
    },
    { batchSize: 5, retryLimit: 2 },
  );
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

const stateOf = async (id: string) => (await queue.boss.getJobById(QUEUE, id))?.state;

describe('job queue batches', () => {
  it('completes the jobs that ran and retries only the one that failed', async () => {
    // One insert, so the worker fetches all three in one batch.
    await queue.boss.insert([
      { name: QUEUE, data: { key: 'a' } },
      { name: QUEUE, data: { key: 'bad' } },
      { name: QUEUE, data: { key: 'b' } },
    ]);
    const { rows } = await ctx.rt.pool.query<{ id: string; key: string }>(
      `select id, data->>'key' as key from pgboss.job where name = $1`,
      [QUEUE],
    );
    const id = (key: string) => rows.find((r) => r.key === key)?.id ?? '';
    // The batch runs one job after another in no fixed order: wait for each to settle.
    await expect.poll(() => stateOf(id('bad')), { timeout: 10_000 }).toBe('retry');
    await expect.poll(() => stateOf(id('a'))).toBe('completed');
    await expect.poll(() => stateOf(id('b'))).toBe('completed');
    expect([...calls].sort()).toEqual(['a', 'b', 'bad']);
  });
});
