import { api } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession } from './helpers.js';
import { killGroup, useServerProcesses, waitFor } from './processes.js';

/**
 * D14 and D6 with a real crash: a server process delivering a mass follow-up to 1,000 tickets is
 * killed with SIGKILL in the middle; the follow-up's stalled job is resumed and another process
 * finishes it. Every ticket gets the comment exactly once, every mail is queued exactly once, and
 * no participant receives it twice.
 */
describe('a server killed while it delivers a mass follow-up', () => {
  // This process only queues and resumes; the server processes deliver, in small batches so the kill
  // lands in the middle of the delivery.
  const env = useServerProcesses();
  const startServer = () => env.startServer({ MASS_FOLLOW_UP_BATCH_SIZE: '10' });

  it('loses none of 1,000 comments and posts or mails none twice', { timeout: 240_000 }, async () => {
    const owner = await ownerSession(env.ctx);
    await setManufacturerLimits(env.ctx.rt, owner.manufacturerId, { canComment: true });
    const c = await insertCampaign(env.ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
    // 1,000 participants' tickets, written straight into the database.
    await env.ctx.rt.db.execute(sql`
      with people as (
        insert into contacts (manufacturer_id, email)
        select ${owner.manufacturerId}::uuid, 'follow-' || i || '@example.com' from generate_series(1, 1000) i
        returning id
      )
      insert into campaign_tickets (manufacturer_id, campaign_id, contact_id, source, language, answers,
        answered_count, submission_id, token_hash)
      select ${owner.manufacturerId}::uuid, ${c.id}::uuid, id, 'openLink', 'en', '[]'::jsonb, 0,
        gen_random_uuid(), md5(random()::text || id::text) from people`);

    const res = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'Did it help, {{contact.firstname|there}}?' },
    });
    expect(res.statusCode).toBe(201);
    const followUpId = res.json()._id;
    expect(res.json().total).toBe(1000);
    const done = async () => {
      const r = await env.ctx.rt.db.execute<{ done: number; state: string }>(
        sql`select done, state from mass_follow_ups where id = ${followUpId}`,
      );
      return r.rows[0] ?? { done: 0, state: 'queued' };
    };

    const first = await startServer();
    await waitFor(async () => (await done()).done >= 200, 120_000, 'the first batches');
    await killGroup(first);
    const atKill = await done();
    expect(atKill.state).not.toBe('done');

    await startServer();
    // The killed process's job stays with it until it expires; minutes later (moved back rather
    // than waited for) the sweep gives the quiet follow-up a new job.
    await env.ctx.rt.db.execute(
      sql`update mass_follow_ups set updated_at = now() - interval '3 minutes' where id = ${followUpId}`,
    );
    expect(await env.ctx.rt.services.followUps.resumeStalled()).toBe(1);
    await waitFor(async () => (await done()).state === 'done', 150_000, 'the follow-up to be delivered');

    const comments = await env.ctx.rt.db.execute<{ tickets: number; comments: number }>(
      sql`select count(distinct ticket_id)::int as tickets, count(*)::int as comments
        from ticket_comments where mass_follow_up_id = ${followUpId}`,
    );
    expect(comments.rows[0]).toEqual({ tickets: 1000, comments: 1000 });
    expect((await done()).done).toBe(1000);
    const counts = await env.ctx.rt.db.execute<{ n: number }>(
      sql`select comment_count as n from campaign_tickets where campaign_id = ${c.id}`,
    );
    expect(counts.rows.every((r) => r.n === 1)).toBe(true);
    const queued = await env.ctx.rt.db.execute<{ mails: number; addresses: number }>(
      sql`select count(*)::int as mails, count(distinct data->>'to')::int as addresses from pgboss.job
        where name = 'mail-send' and data->>'kind' = 'tickets/followUp'`,
    );
    expect(queued.rows[0]).toEqual({ mails: 1000, addresses: 1000 });
    // Delivered: none twice. The mail jobs the killed process held are taken over once their 40 s
    // claim expired; the one it was sending when it died (its send claimed, never finished) is not
    // sent again (docs/product-decisions.md, "Jobs after a crash").
    const mailJobs = async () => {
      const r = await env.ctx.rt.db.execute<{ state: string; n: number }>(
        sql`select state, count(*)::int as n from pgboss.job
          where name = 'mail-send' and data->>'kind' = 'tickets/followUp' group by state`,
      );
      return Object.fromEntries(r.rows.map((x) => [x.state, x.n])) as Record<string, number>;
    };
    await waitFor(
      async () => {
        const s = await mailJobs();
        return (
          (s.created ?? 0) === 0 &&
          (s.retry ?? 0) === 0 &&
          (s.active ?? 0) === 0 &&
          env.smtp.received.length >= (s.completed ?? 0)
        );
      },
      150_000,
      'the mails',
    );
    // The job states first, then the mails: a job still active a moment ago may complete in between,
    // and counted the other way round its mail would be in neither count. A completed job's mail was
    // received before it completed, so the mails read afterwards hold every completed one.
    const final = await mailJobs();
    const perAddress = new Map<string, number>();
    for (const m of env.smtp.received)
      for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const cutOff = await env.ctx.rt.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_sends s join pgboss.job j on j.id = s.job_id
        where j.name = 'mail-send' and j.data->>'kind' = 'tickets/followUp' and s.sent_at is null`,
    );
    const cutOffMails = cutOff.rows[0]?.n ?? 0;
    console.info(`follow-up crash: ${perAddress.size} mailed, ${cutOffMails} cut off mid-send by the kill`);
    expect(cutOffMails).toBeLessThanOrEqual(1);
    expect(perAddress.size + cutOffMails + (final.active ?? 0)).toBeGreaterThanOrEqual(1000);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  });
});
