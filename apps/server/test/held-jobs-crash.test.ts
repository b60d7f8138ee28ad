import { randomUUID } from 'node:crypto';
import { api, type TagGroup } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { contactImports } from '../src/modules/imports/imports.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { insertCampaign } from './fixtures.js';
import { createOwner, ownerSession } from './helpers.js';
import { killGroup, useServerProcesses, waitFor } from './processes.js';

/**
 * Jobs held by a killed process (docs/product-decisions.md, "Jobs after a crash"): a real server
 * process is killed with SIGKILL in the middle of a long job, a new one is started, and the work the
 * dead process held resumes within a minute of the restart: an import of 20,000 rows counts every
 * row once, and a tag group's 600 invitations are each mailed once.
 */
describe('jobs held by a killed server process', () => {
  // This process only queues; the server processes work.
  const env = useServerProcesses({ INVITATION_MAILS_PER_MINUTE: '3000' });
  const recoveryLimitMs = 60_000;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

  it('resumes an import of 20,000 rows within a minute and counts every row once', {
    timeout: 300_000,
  }, async () => {
    const owner = await createOwner(env.ctx.rt);
    const rows = 20_000;
    const csv = `email,firstname\n${Array.from({ length: rows }, (_, i) => `import-${i}@example.com,Person ${i}`).join('\n')}\n`;
    const started = await env.ctx.rt.services.imports.start(
      { manufacturerId: owner.manufacturerId, ownerId: owner.ownerId },
      {
        fileName: 'contacts.csv',
        bytes: Buffer.from(csv),
        mapping: { email: 'email', firstname: 'firstname' },
        campaignIds: [],
      },
    );
    const progress = async () => {
      const [row] = await env.ctx.rt.db
        .select()
        .from(contactImports)
        .where(eq(contactImports.id, started._id));
      if (!row) throw new Error('the import is gone');
      return row;
    };
    // The server processes read the uploaded file from the same data folder.
    const serverEnv = { DATA_DIR: env.ctx.rt.config.dataDir, INVITATION_MAILS_PER_MINUTE: '3000' };

    const first = await env.startServer(serverEnv);
    await waitFor(async () => (await progress()).processedRows >= 2000, 120_000, 'the import to begin');
    await killGroup(first);
    const atKill = (await progress()).processedRows;
    expect(atKill).toBeLessThan(rows);
    expect((await progress()).state).toBe('running');

    const second = await env.startServer(serverEnv);
    const restartedAt = Date.now();
    let resumedMs = Number.POSITIVE_INFINITY;
    let finishedMs = Number.POSITIVE_INFINITY;
    try {
      await waitFor(
        async () => (await progress()).processedRows > atKill,
        recoveryLimitMs + 30_000,
        'the import to resume',
      );
      resumedMs = Date.now() - restartedAt;
      await waitFor(async () => (await progress()).state !== 'running', 180_000, 'the import to finish');
      finishedMs = Date.now() - restartedAt;
    } finally {
      // The next case's jobs are worked by its own servers alone.
      await killGroup(second);
    }
    process.stdout.write(
      `import killed at ${atKill} of ${rows} rows: resumed ${seconds(resumedMs)} after the restart, done after ${seconds(finishedMs)}\n`,
    );

    const done = await progress();
    expect(done.state).toBe('done');
    // Every row counted once: as many rows, contacts made and contacts in the book as the file has.
    expect(done.processedRows).toBe(rows);
    expect(done.created).toBe(rows);
    expect(done.updated).toBe(0);
    expect(done.rejected).toBe(0);
    const [book] = await env.ctx.rt.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.manufacturerId, owner.manufacturerId));
    expect(book?.n).toBe(rows);
    expect(resumedMs).toBeLessThan(recoveryLimitMs);
    // The next case's mails are paced by its own server alone.
    await killGroup(second);
  });

  it('mails the 600 invitations of a tag group within a minute of the restart, none twice', {
    timeout: 300_000,
  }, async () => {
    const s = await ownerSession(env.ctx);
    const c = await insertCampaign(env.ctx.rt, s.manufacturerId);
    const people = 600;
    const tag = `fan-${randomUUID().slice(0, 8)}`;
    await env.ctx.rt.db.insert(contacts).values(
      Array.from({ length: people }, (_, i) => ({
        manufacturerId: s.manufacturerId,
        email: `fan-${i}-${tag}@example.com`,
        kind: 'contact' as const,
        tags: [tag],
      })),
    );
    const created = await s.api(api.tags.create, { body: { title: 'Fans', tags: [tag] } });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as TagGroup;
    // Linking queues the group's audience as a tag change: its job invites the 600, whose mails go out
    // at the pace (3,000 a minute, a batch of about 100 each poll).
    const linked = await s.api(api.tags.linkCampaigns, {
      params: { id: group._id },
      body: { campaignIds: [c.id], callForCheck: false },
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const mailsTo = () =>
      env.smtp.received.filter((m) => m.to.some((to) => to.endsWith(`-${tag}@example.com`)));
    const states = async () => {
      const rows = await env.ctx.rt.db
        .select({ state: invitations.state, n: sql<number>`count(*)::int` })
        .from(invitations)
        .where(eq(invitations.campaignId, c.id))
        .groupBy(invitations.state);
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
    };

    const first = await env.startServer({ INVITATION_MAILS_PER_MINUTE: '3000' });
    const heldJobs = async () =>
      (
        await env.ctx.rt.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'invitation.mail' and state = 'active'`,
        )
      ).rows[0]?.n ?? 0;
    // Killed while it holds a batch of mails (between two batches it holds none).
    await waitFor(
      async () => mailsTo().length >= 150 && (await heldJobs()) >= 5,
      120_000,
      'the first mails, a batch in hand',
    );
    await killGroup(first);
    const atKill = mailsTo().length;
    expect(atKill).toBeLessThan(people);
    const held = await heldJobs();
    expect(held).toBeGreaterThan(0);
    process.stdout.write(`fan-out killed after ${atKill} of ${people} mails, ${held} mail jobs held\n`);

    await env.startServer({ INVITATION_MAILS_PER_MINUTE: '3000' });
    const restartedAt = Date.now();
    await waitFor(
      async () => {
        const st = await states();
        return (st.queued ?? 0) === 0 && (st.sending ?? 0) === 0;
      },
      recoveryLimitMs + 30_000,
      'every invitation to be settled',
    );
    const settledMs = Date.now() - restartedAt;
    process.stdout.write(`fan-out: every invitation settled ${seconds(settledMs)} after the restart\n`);

    const final = await states();
    const perAddress = new Map<string, number>();
    for (const m of mailsTo()) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    // None twice.
    expect([...perAddress.values()].filter((n) => n > 1)).toEqual([]);
    // None lost: each invitation mailed, or failed for the owner to re-send where the kill cut its
    // mail off (never sent again on its own).
    expect((final.sent ?? 0) + (final.failed ?? 0)).toBe(people);
    expect(final.failed ?? 0).toBeLessThanOrEqual(1);
    expect(perAddress.size).toBeGreaterThanOrEqual(final.sent ?? 0);
    expect(settledMs).toBeLessThan(recoveryLimitMs);
  });
});
