import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import {
  OWNER_DIGEST_DELAY_MS,
  OWNER_DIGEST_GRACE_MS,
  OWNER_DIGEST_JOB,
  OWNER_DIGEST_SWEEP_JOB,
  OWNER_MAIL_WINDOW_MS,
} from '../src/modules/history/index.js';
import { callApiUnchecked } from './client.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

/**
 * No held owner mail is lost (docs/product-decisions.md, "Owner mails"): an entry held for a window
 * whose digest job had run already (its transaction committed after the job, which pg-boss's
 * singleton had let absorb the entry's own job) goes with the next digest, or, when no next one
 * comes, with the one the sweep queues.
 */
// Near the real time: the queue starts the digests by the real clock.
const clock = createTestClock();
// 0: every stranger's entry is held for the hourly digest.
const ctx = useTestApp({ OWNER_NOTIFICATION_MAILS_PER_HOUR: '0' }, { clock });

let n = 0;
const ip = () => `10.88.${Math.floor(++n / 250)}.${n % 250}`;

const digestJobs = async (manufacturerId: string) =>
  (
    await ctx.rt.db.execute<{ id: string; state: string; start_ms: string }>(
      sql`select id, state, (extract(epoch from start_after) * 1000)::bigint as start_ms from pgboss.job
          where name = ${OWNER_DIGEST_JOB} and data ->> 'manufacturerId' = ${manufacturerId}
          order by created_on`,
    )
  ).rows;
const runNow = (id: string | undefined) =>
  ctx.rt.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
/** The job that was queued with the entry is gone, as when a queued one of the same window absorbed it. */
const lose = (id: string | undefined) =>
  ctx.rt.db.execute(sql`delete from pgboss.job where id = ${id}::uuid`);

/** Until `count` digests have reached `to`; answers them, oldest first. */
const digestsTo = async (to: string, count: number) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await readOutbox(ctx.rt, (x) => x.to === to && x.file.includes('history_digest'), 0);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
};
const held = async (manufacturerId: string) =>
  ctx.rt.db
    .select({ id: historyEntries.id })
    .from(historyEntries)
    .where(and(eq(historyEntries.manufacturerId, manufacturerId), isNotNull(historyEntries.mailHeldUntil)));

describe('the owners’ digest', () => {
  it('reports an entry held after its window’s digest ran: with the next digest, or by the sweep', async () => {
    const a = await ownerSession(ctx);
    const m = a.manufacturerId;
    const request = async () => {
      const res = await callApiUnchecked(
        ctx.app,
        api.contactRequests.submit,
        {
          params: { manufacturerId: m },
          body: {
            firstname: 'Ada',
            lastname: 'Berg',
            email: `req-${randomUUID().slice(0, 8)}@example.com`,
            consent: true,
            language: 'en',
          },
        },
        { remoteAddress: ip() },
      );
      expect(res.statusCode, res.body).toBe(204);
    };

    // The first window: its digest starts a minute after the window's end, and reports the one entry.
    await request();
    const [first] = await digestJobs(m);
    expect(Number(first?.start_ms)).toBe(
      clock.now().getTime() + OWNER_MAIL_WINDOW_MS + OWNER_DIGEST_DELAY_MS,
    );
    await runNow(first?.id);
    const [d1] = await digestsTo(a.email, 1);
    expect(d1?.body).toContain('- 1 new contact request:');

    // Another entry of that window commits after its digest ran, its own job absorbed: nothing mails it now.
    await request();
    const absorbed = (await digestJobs(m)).filter((j) => j.state === 'created');
    expect(absorbed).toHaveLength(1);
    await lose(absorbed[0]?.id);
    expect(await held(m)).toHaveLength(1);

    // The next window's digest takes it along.
    clock.advance(OWNER_MAIL_WINDOW_MS + OWNER_DIGEST_DELAY_MS);
    await request();
    const next = (await digestJobs(m)).filter((j) => j.state === 'created');
    expect(next).toHaveLength(1);
    await runNow(next[0]?.id);
    const d2 = (await digestsTo(a.email, 2))[1];
    expect(d2?.body).toContain('- 2 new contact requests:');
    expect(await held(m)).toEqual([]);

    // An entry held and lost again, and no flood after it: the sweep finds it once overdue.
    await request();
    await lose((await digestJobs(m)).find((j) => j.state === 'created')?.id);
    await ctx.rt.jobs.send(OWNER_DIGEST_SWEEP_JOB, {});
    await new Promise((r) => setTimeout(r, 3000));
    expect(await held(m)).toHaveLength(1);
    clock.advance(OWNER_MAIL_WINDOW_MS + OWNER_DIGEST_GRACE_MS + 1000);
    await ctx.rt.jobs.send(OWNER_DIGEST_SWEEP_JOB, {});
    const d3 = (await digestsTo(a.email, 3))[2];
    expect(d3?.body).toContain('- 1 new contact request:');
    expect(await held(m)).toEqual([]);
  });
});
