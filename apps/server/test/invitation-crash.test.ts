import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { insertCampaign } from './fixtures.js';
import { createOwner } from './helpers.js';
import { killGroup, useServerProcesses, waitFor } from './processes.js';

/**
 * D6 with a real crash: a server process sending 1,000 queued invitations is killed with SIGKILL
 * in the middle; another process takes over. No invitation is lost (each is mailed, or failed for
 * the owner to re-send when the crash cut its mail off) and no address gets a mail twice.
 */
describe('a server killed while it sends invitations', () => {
  // This process only queues and sweeps; the server processes send.
  const env = useServerProcesses({ INVITATION_MAILS_PER_MINUTE: '60000' });
  const startServer = () => env.startServer({ INVITATION_MAILS_PER_MINUTE: '60000' });

  it('loses none of 1,000 queued invitations and sends none twice', { timeout: 240_000 }, async () => {
    const owner = await createOwner(env.ctx.rt);
    const c = await insertCampaign(env.ctx.rt, owner.manufacturerId);
    const emails = Array.from({ length: 1000 }, (_, i) => `crash-${i}@example.com`);
    for (let i = 0; i < emails.length; i += 500) {
      await env.ctx.rt.services.invitations.inviteEmails(owner.manufacturerId, {
        emails: emails.slice(i, i + 500),
        campaignIds: [c.id],
        tags: [],
        callForCheck: false,
      });
    }

    const first = await startServer();
    await waitFor(() => env.smtp.received.length >= 150, 120_000, 'the first mails');
    await killGroup(first);
    const killedAt = new Date();
    const atKill = env.smtp.received.length;
    expect(atKill).toBeLessThan(1000);

    await startServer();
    const states = async () => {
      const rows = await env.ctx.rt.db
        .select({ state: invitations.state, n: sql<number>`count(*)::int` })
        .from(invitations)
        .where(eq(invitations.campaignId, c.id))
        .groupBy(invitations.state);
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
    };
    // The second process sends what was waiting; the jobs the killed one had fetched stay with it
    // until they expire, so the invitations they carried are still queued.
    await waitFor(() => env.smtp.received.length > atKill + 100, 120_000, 'the second process to send');
    // Ten minutes later (moved back rather than waited for), the sweep turns a claim the crash cut off
    // into `failed` and gives the queued invitations of the lost jobs new ones.
    // Only what the killed process left: the claim the second process holds right now is its own.
    await env.ctx.rt.db.execute(sql`update invitations set updated_at = now() - interval '11 minutes',
      due_at = due_at - interval '11 minutes'
      where state = 'queued' or (state = 'sending' and updated_at <= ${killedAt})`);
    await env.ctx.rt.services.invitationJobs.sweep();
    await waitFor(
      async () => {
        const s = await states();
        return (s.queued ?? 0) === 0 && (s.sending ?? 0) === 0;
      },
      150_000,
      'every invitation to be settled',
    );

    const final = await states();
    const perAddress = new Map<string, number>();
    for (const m of env.smtp.received)
      for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    // None twice.
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    // None lost: every invitation was mailed, or failed (a mail the kill cut off) for the owner to re-send.
    expect((final.sent ?? 0) + (final.failed ?? 0)).toBe(1000);
    expect(final.failed ?? 0).toBeLessThanOrEqual(1);
    expect(perAddress.size).toBeGreaterThanOrEqual(final.sent ?? 0);
    expect(perAddress.size).toBeLessThanOrEqual(1000);
  });
});
