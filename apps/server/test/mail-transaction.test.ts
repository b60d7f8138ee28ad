import { randomUUID } from 'node:crypto';
import { api, identityApi } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { END_BY_DATE_JOB } from '../src/modules/campaigns/campaigns.jobs.js';
import { PASSWORD_RESET_JOB } from '../src/modules/identity/identity.jobs.js';
import { passwordResetTokens } from '../src/modules/identity/identity.tables.js';
import { MAIL_JOB } from '../src/modules/mail/mail.service.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { callApi, callApiUnchecked } from './client.js';
import { insertCampaign, readCampaign } from './fixtures.js';
import { createOwner, ownerSession, type TestContext, useTestApp } from './helpers.js';

/**
 * A mail is queued in the transaction of the write it announces: it exists exactly when the write
 * committed, whatever fails in between, and a client's retry neither loses nor doubles it.
 */
const ctx = useTestApp();

/** Runs `check` while the job queue refuses every job whose data has `field` = `value`. */
const whileQueueRefuses = async (
  refuse: { field: string; value: string; reason: string },
  check: () => Promise<void>,
) => {
  await ctx.rt.db.execute(
    sql.raw(`
      create function test_refuse_job() returns trigger language plpgsql as $$
      begin
        if new.data->>'${refuse.field}' = '${refuse.value}' then raise exception '${refuse.reason}'; end if;
        return new;
      end $$`),
  );
  await ctx.rt.db.execute(
    sql.raw(
      'create trigger refuse_job before insert on pgboss.job for each row execute function test_refuse_job()',
    ),
  );
  try {
    await check();
  } finally {
    await ctx.rt.db.execute(sql.raw('drop trigger refuse_job on pgboss.job'));
    await ctx.rt.db.execute(sql.raw('drop function test_refuse_job()'));
  }
};

const email = () => `m-${randomUUID()}@example.com`;
/** Mail jobs to `to`, queued or done (pg-boss keeps finished jobs in the job table for a while, then archives them). */
const mailJobsTo = async (c: TestContext, to: string) => {
  const { rows } = await c.rt.db.execute<{ id: string }>(sql`
    select id from pgboss.job where name = ${MAIL_JOB} and data->>'to' = ${to}
    union all
    select id from pgboss.archive where name = ${MAIL_JOB} and data->>'to' = ${to}`);
  return rows.length;
};
const msg = (to: string) => ({ to, subject: 'Test', text: 'Hello', kind: 'test/mail' });

describe('mail queued in the transaction of its write', () => {
  it('a transaction that fails after the mail was sent leaves no job; one that commits has it', async () => {
    const rolledBack = email();
    await expect(
      ctx.rt.db.transaction(async (tx) => {
        await ctx.rt.mail.send(msg(rolledBack), { tx });
        throw new Error('the write failed after the mail');
      }),
    ).rejects.toThrow('the write failed after the mail');
    expect(await mailJobsTo(ctx, rolledBack)).toBe(0);

    const committed = email();
    await ctx.rt.db.transaction(async (tx) => {
      await ctx.rt.mail.send(msg(committed), { tx });
    });
    expect(await mailJobsTo(ctx, committed)).toBe(1);
  });

  it('a stored ticket always has its mail; the retry with the same submissionId neither loses nor doubles it', async () => {
    const owner = await createOwner(ctx.rt);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const to = email();
    const body = {
      email: to,
      submissionId: randomUUID(),
      answers: [{ questionId: c.questions[0]?.id, text: 'hi' }],
    };
    const answer = () => callApiUnchecked(ctx.app, api.participation.submit, { params: { id: c.id }, body });
    const tickets = () =>
      ctx.rt.db.select().from(campaignTickets).where(eq(campaignTickets.campaignId, c.id));

    // Queueing this address's mail fails (as a crash between the write and the queue would lose it).
    await whileQueueRefuses({ field: 'to', value: to, reason: 'mail queue unavailable' }, async () => {
      const failed = await answer();
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      // Nothing half-done: no ticket without its mail.
      expect(await tickets()).toHaveLength(0);
    });

    // The client retries with the same submissionId: the ticket and its one mail are stored together.
    expect((await answer()).statusCode).toBe(201);
    expect(await tickets()).toHaveLength(1);
    expect(await mailJobsTo(ctx, to)).toBe(1);
    // Another retry of the committed answer: the same answer, no second mail.
    expect((await answer()).statusCode).toBe(201);
    expect(await tickets()).toHaveLength(1);
    expect(await mailJobsTo(ctx, to)).toBe(1);
  });
});

describe('jobs announcing a write', () => {
  it('a campaign start whose end-by-date job cannot be queued does not start', async () => {
    const owner = await ownerSession(ctx);
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      state: 'draft',
      endCondition: { type: 'date', endsAt },
    });
    const endJobs = async () =>
      (
        await ctx.rt.db.execute(
          sql`select id from pgboss.job where name = ${END_BY_DATE_JOB} and data->>'campaignId' = ${c.id}`,
        )
      ).rows.length;
    await whileQueueRefuses(
      { field: 'campaignId', value: c.id, reason: 'job queue unavailable' },
      async () => {
        const failed = await owner.api(api.campaigns.start, { params: { id: c.id } });
        expect(failed.statusCode).toBeGreaterThanOrEqual(500);
        // Not running without the job that ends it on its date.
        expect((await readCampaign(ctx.rt, c.id))?.state).toBe('draft');
      },
    );
    expect(await endJobs()).toBe(0);
    expect((await owner.api(api.campaigns.start, { params: { id: c.id } })).statusCode).toBe(200);
    expect(await endJobs()).toBe(1);
  });
});

describe('password reset: the same work for known and unknown addresses', () => {
  // Its own app with no job worker, so what the request itself did is all there is to see.
  const idle = useTestApp({ JOBS: 'false' });

  it('queues one identical job either way and does nothing else before answering', async () => {
    const owner = await createOwner(idle.rt);
    const unknown = email();
    for (const address of [owner.email, unknown]) {
      const res = await callApi(idle.app, identityApi.passwordReset, { body: { email: address } });
      expect(res.statusCode).toBe(204);
    }
    const { rows } = await idle.rt.db.execute<{ data: unknown }>(
      sql`select data from pgboss.job where name = ${PASSWORD_RESET_JOB} order by created_on`,
    );
    expect(rows.map((r) => r.data)).toEqual([{ email: owner.email }, { email: unknown }]);
    // No owner-specific work ran in the request: no link made, no mail queued.
    expect(await idle.rt.db.select().from(passwordResetTokens)).toHaveLength(0);
    expect(await mailJobsTo(idle, owner.email)).toBe(0);
  });
});
