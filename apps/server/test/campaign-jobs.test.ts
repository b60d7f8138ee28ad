import { api, type Campaign } from '@parley/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { END_BY_DATE_JOB, END_SWEEP_JOB } from '../src/modules/campaigns/campaigns.jobs.js';
import { findCampaign } from '../src/modules/campaigns/campaigns.repository.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import { createCampaign, getCampaign, post, runningCampaign, type Session } from './campaign-api.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

/** D6 end by date: the jobs read a clock the test moves; the minute sweep is unscheduled so it cannot race them. */
const clock = createTestClock();
let ctx: TestContext;
let s: Session;
beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  const schedules = await ctx.rt.jobs.boss.getSchedules();
  expect(schedules).toContainEqual(expect.objectContaining({ name: END_SWEEP_JOB, cron: '* * * * *' }));
  await ctx.rt.jobs.boss.unschedule(END_SWEEP_JOB);
  s = await ownerSession(ctx);
});
afterAll(() => ctx?.close());

const HOUR = 3600_000;
const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString();
const dated = (h: number) => ({ endCondition: { type: 'date' as const, endsAt: inHours(h) } });

const queued = async (campaignId: string) => {
  const { rows } = await ctx.rt.pool.query<{ singleton_key: string; start_after: Date; state: string }>(
    `select singleton_key, start_after, state from pgboss.job where name = $1 and data->>'campaignId' = $2
     order by start_after`,
    [END_BY_DATE_JOB, campaignId],
  );
  return rows;
};

const endedEntries = (campaignId: string) =>
  ctx.rt.db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.subjectId, campaignId), eq(historyEntries.kind, 'campaignEnded')));

const put = (c: Campaign, patch: Record<string, unknown>) =>
  s.api(api.campaigns.update, { params: { id: c._id }, body: { ...c, ...patch } });

describe('the end-by-date job', () => {
  it('is queued once per campaign and date when a dated campaign starts or is re-dated', async () => {
    const c = await runningCampaign(s, dated(1));
    const endsAt = (c.endCondition as { endsAt: string }).endsAt;
    const first = await queued(c._id);
    expect(first).toHaveLength(1);
    expect(first[0]?.singleton_key).toBe(`${c._id}:${new Date(endsAt).toISOString()}`);
    expect(first[0]?.start_after.toISOString()).toBe(new Date(endsAt).toISOString());
    expect(first[0]?.state).toBe('created');

    // Saving the same date again, or stopping and restarting, queues nothing new.
    const saved = await put(c, { title: 'Same date' });
    expect(saved.statusCode, saved.body).toBe(200);
    await post(s, api.campaigns.stop, c._id);
    await post(s, api.campaigns.start, c._id);
    expect(await queued(c._id)).toHaveLength(1);

    // A new date queues a job for it.
    const current = await getCampaign(s, c._id);
    const later = inHours(5);
    expect((await put(current, { endCondition: { type: 'date', endsAt: later } })).statusCode).toBe(200);
    const jobs = await queued(c._id);
    expect(jobs.map((j) => j.start_after.toISOString())).toEqual([new Date(endsAt).toISOString(), later]);
  });

  it('queues nothing for drafts or other end conditions', async () => {
    const draft = await createCampaign(s, dated(1));
    const target = await runningCampaign(s, { endCondition: { type: 'participationTarget', target: 5 } });
    const never = await runningCampaign(s);
    for (const c of [draft, target, never]) expect(await queued(c._id)).toEqual([]);
  });

  it('ends the campaign only once it is still running and its date has come', async () => {
    const c = await runningCampaign(s, dated(1));
    const job = { campaignId: c._id, endsAt: (c.endCondition as { endsAt: string }).endsAt };
    clock.advance(HOUR - 1000);
    expect(await ctx.rt.services.campaignJobs.endByDate(job)).toBe(false);
    expect((await getCampaign(s, c._id)).state).toBe('running');

    clock.advance(1000);
    expect(await ctx.rt.services.campaignJobs.endByDate(job)).toBe(true);
    const ended = await getCampaign(s, c._id);
    expect(ended).toMatchObject({ state: 'ended', endedAt: clock.now().toISOString() });
    expect(await ctx.rt.services.campaignJobs.endByDate(job)).toBe(false);
    const entries = await endedEntries(c._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toEqual({ reason: 'date' });
  });

  it('leaves a campaign whose date moved later since the job was queued', async () => {
    const c = await runningCampaign(s, dated(1));
    const oldJob = { campaignId: c._id, endsAt: (c.endCondition as { endsAt: string }).endsAt };
    expect((await put(c, dated(3))).statusCode).toBe(200);
    clock.advance(2 * HOUR);
    expect(await ctx.rt.services.campaignJobs.endByDate(oldJob)).toBe(false);
    expect((await getCampaign(s, c._id)).state).toBe('running');
  });

  it('leaves a campaign stopped by hand', async () => {
    const c = await runningCampaign(s, dated(1));
    await post(s, api.campaigns.stop, c._id);
    clock.advance(2 * HOUR);
    expect(await ctx.rt.services.campaignJobs.endByDate({ campaignId: c._id, endsAt: '' })).toBe(false);
    expect(await endedEntries(c._id)).toHaveLength(1);
  });

  it('really runs through the queue', async () => {
    const c = await runningCampaign(s, dated(1));
    clock.advance(2 * HOUR);
    await ctx.rt.jobs.send(
      END_BY_DATE_JOB,
      { campaignId: c._id, endsAt: (c.endCondition as { endsAt: string }).endsAt },
      { startAfter: new Date(Date.now() - 1000), singletonKey: `${c._id}:now` },
    );
    const deadline = Date.now() + 10_000;
    while ((await getCampaign(s, c._id)).state === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await getCampaign(s, c._id)).state).toBe('ended');
    expect(await endedEntries(c._id)).toHaveLength(1);
  });
});

describe('the minute sweep', () => {
  it('ends every running campaign whose date has passed, of every manufacturer, and nothing else', async () => {
    const other = await ownerSession(ctx);
    const due = await runningCampaign(s, dated(1));
    const dueElsewhere = await runningCampaign(other, dated(0.5));
    const later = await runningCampaign(s, dated(3));
    const never = await runningCampaign(s);
    const draft = await createCampaign(s, dated(1));
    const stopped = await runningCampaign(s, dated(1));
    await post(s, api.campaigns.stop, stopped._id);
    clock.advance(2 * HOUR);

    const ended = await ctx.rt.services.campaignJobs.sweep();
    const endedIds = ended.map((c) => c.id);
    expect(endedIds).toEqual(expect.arrayContaining([due._id, dueElsewhere._id]));
    for (const c of [later, never, draft, stopped]) expect(endedIds).not.toContain(c._id);

    expect(await getCampaign(s, due._id)).toMatchObject({
      state: 'ended',
      endedAt: clock.now().toISOString(),
    });
    expect((await getCampaign(other, dueElsewhere._id)).state).toBe('ended');
    expect((await getCampaign(s, later._id)).state).toBe('running');
    expect((await getCampaign(s, draft._id)).state).toBe('draft');
    const [entry] = await endedEntries(dueElsewhere._id);
    expect(entry).toMatchObject({ manufacturerId: other.manufacturerId, data: { reason: 'date' } });

    // Nothing is due any more: a second sweep ends nothing and writes no second entry.
    expect((await ctx.rt.services.campaignJobs.sweep()).map((c) => c.id)).not.toContain(due._id);
    expect(await endedEntries(due._id)).toHaveLength(1);
  });
});

describe('endCampaignInTx (for the answer transaction)', () => {
  it('ends a running campaign once, with one history entry', async () => {
    const c = await runningCampaign(s, { endCondition: { type: 'participationTarget', target: 1 } });
    const now = clock.now();
    const first = await ctx.rt.db.transaction((tx) =>
      ctx.rt.services.campaigns.endInTx(tx, { id: c._id }, 'participationTarget', now),
    );
    expect(first).toMatchObject({ id: c._id, state: 'ended', endedAt: now });
    const second = await ctx.rt.db.transaction((tx) =>
      ctx.rt.services.campaigns.endInTx(tx, { id: c._id }, 'participationTarget', now),
    );
    expect(second).toBeUndefined();
    const entries = await endedEntries(c._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subjectTitle: c.title, data: { reason: 'participationTarget' } });
    expect((await findCampaign(ctx.rt.db, s.manufacturerId, c._id))?.state).toBe('ended');
  });

  it('writes nothing when the transaction rolls back', async () => {
    const c = await runningCampaign(s);
    await expect(
      ctx.rt.db.transaction(async (tx) => {
        await ctx.rt.services.campaigns.endInTx(tx, { id: c._id }, 'manual', clock.now());
        throw new Error('the answer failed');
      }),
    ).rejects.toThrow('the answer failed');
    expect((await getCampaign(s, c._id)).state).toBe('running');
    expect(await endedEntries(c._id)).toEqual([]);
  });
});
