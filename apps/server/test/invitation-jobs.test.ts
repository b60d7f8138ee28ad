import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import { INVITATION_MAIL_JOB } from '../src/modules/invitations/index.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { createTestApp, ownerSession, type TestContext, useTestApp } from './helpers.js';
import { startSmtpServer } from './smtp.js';

const day = 24 * 60 * 60_000;
const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
};

describe('invitation mails through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (to) => to.startsWith('nobody') });
    ctx = await createTestApp({ SMTP_URL: smtp.url, INVITATION_MAILS_PER_MINUTE: '60000' });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  const rowsOf = (campaignId: string) =>
    ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId));

  it('sends a mail with a plain-text part, the maker’s name, correct headers and a one-click unsubscribe', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Umfrage', language: 'de' });
    const to = addr();
    await s.api(api.contacts.invite, { body: { emails: [to], campaignIds: [c.id] } });
    await waitFor(async () => smtp.received.some((m) => m.to.includes(to)));
    // Headers unfolded (a long header continues on lines that start with white space).
    const mail = (smtp.received.find((m) => m.to.includes(to))?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(mail).toMatch(/^Date: .+$/m);
    expect(mail).toMatch(/^Message-ID: <.+@.+>$/im);
    // Sent on behalf of the manufacturer, answers by mail reaching its owner
    // (docs/product-decisions.md, "The mail sender").
    expect(mail).toContain(`From: "Maker ${s.email} via Parley" <no-reply@parley.localhost>\r\n`);
    expect(mail).toContain(`Reply-To: ${s.email}\r\n`);
    expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/parley\.test\/api\/public\/unsubscribe\/[\w-]+>, /m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain(`Maker ${s.email}`);
    await waitFor(async () => (await rowsOf(c.id))[0]?.state === 'sent');
  });

  it('marks a refused mail failed with the reason; the owner re-sends it', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const to = addr('nobody');
    await s.api(api.contacts.invite, { body: { emails: [to], campaignIds: [c.id] } });
    await waitFor(async () => (await rowsOf(c.id))[0]?.state === 'failed');
    const [row] = await rowsOf(c.id);
    expect(row?.error).toContain('550');
    const list = await s.api(api.invitations.participants, { params: { id: c.id } });
    expect(list.json().documents[0]?.invitation).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('550'),
    });

    const resent = await s.api(api.invitations.resend, {
      params: { id: c.id, cid: row?.contactId as string },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().state).toBe('queued');
    await waitFor(
      async () =>
        (await rowsOf(c.id))[0]?.state === 'failed' && (await rowsOf(c.id))[0]?.tokenHashes.length === 2,
    );
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
  });
});

describe('reminders (D11) with a controlled clock', () => {
  const clock = createTestClock(new Date('2031-03-01T09:00:00Z'));
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' }, { clock });
  const rowOf = async (campaignId: string) =>
    (await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId)))[0];
  const sweep = () => ctx.rt.services.invitationJobs.sweep();
  const settled = (campaignId: string) =>
    waitFor(async () => ['sent', 'opened'].includes((await rowOf(campaignId))?.state ?? ''));

  it('reminds after 3 days, at most twice; answering, unsubscribing and the end stop them, and only autoReminder campaigns remind', async () => {
    const s = await ownerSession(ctx);
    const reminded = await insertCampaign(ctx.rt, s.manufacturerId, { autoReminder: true });
    const answered = await insertCampaign(ctx.rt, s.manufacturerId, { autoReminder: true });
    const unsubscribed = await insertCampaign(ctx.rt, s.manufacturerId, { autoReminder: true });
    const ended = await insertCampaign(ctx.rt, s.manufacturerId, { autoReminder: true });
    const off = await insertCampaign(ctx.rt, s.manufacturerId, { autoReminder: false });
    const all = [reminded, answered, unsubscribed, ended, off];
    const to = addr();
    await s.api(api.contacts.invite, { body: { emails: [to], campaignIds: all.map((c) => c.id) } });
    for (const c of all) await settled(c.id);

    // Answer one, end one, and unsubscribe a second address (unsubscribing stops every invitation of
    // an address, so the first one stays subscribed for the others).
    const other = addr('u');
    await ctx.rt.db.delete(invitations).where(eq(invitations.campaignId, unsubscribed.id));
    await s.api(api.contacts.invite, { body: { emails: [other], campaignIds: [unsubscribed.id] } });
    await settled(unsubscribed.id);
    const unsubRow = await rowOf(unsubscribed.id);
    await ctx.rt.db.execute(
      sql`insert into contact_unsubscribes (manufacturer_id, email) values (${s.manufacturerId}, ${other})`,
    );
    await ctx.rt.db
      .update(invitations)
      .set({ state: 'unsubscribed' })
      .where(eq(invitations.id, unsubRow?.id as string));
    await ctx.rt.db.update(campaigns).set({ state: 'ended' }).where(eq(campaigns.id, ended.id));
    const answerRow = await rowOf(answered.id);
    await ctx.rt.db
      .update(invitations)
      .set({ state: 'answered' })
      .where(eq(invitations.id, answerRow?.id as string));

    // The test's own sweep and the queue's minute-by-minute one may both run: what counts is the rows.
    const due = async (c: { id: string }) => {
      const row = await rowOf(c.id);
      return row?.state === 'queued' && row.pendingMail === 'reminder';
    };
    clock.advance(2 * day);
    await sweep();
    expect(await due(reminded)).toBe(false);
    clock.advance(1 * day + 60_000);
    await sweep();
    await waitFor(async () => (await rowOf(reminded.id))?.reminderCount === 1);
    await sweep();
    expect(await due(reminded)).toBe(false);
    clock.advance(3 * day + 60_000);
    await sweep();
    await waitFor(async () => (await rowOf(reminded.id))?.reminderCount === 2);
    clock.advance(3 * day + 60_000);
    await sweep();
    expect(await due(reminded)).toBe(false);
    expect((await rowOf(reminded.id))?.reminderCount).toBe(2);
    for (const c of [answered, unsubscribed, ended, off]) expect((await rowOf(c.id))?.reminderCount).toBe(0);

    // The reminder's link works as the invitation's did, and so does the first one.
    const reminderRow = await rowOf(reminded.id);
    expect(reminderRow?.tokenHashes).toHaveLength(3);
  });
});

describe('sending once, whatever happens', () => {
  // No workers: the tests send by hand, so no background worker races them.
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60', JOBS: 'false' });

  it('paces the mails at the configured rate across calls', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    await s.api(api.contacts.invite, { body: { emails: [addr(), addr()], campaignIds: [c.id] } });
    await s.api(api.contacts.invite, { body: { emails: [addr()], campaignIds: [c.id] } });
    const jobs = await ctx.rt.db.execute<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = ${INVITATION_MAIL_JOB} order by start_after`,
    );
    const starts = jobs.rows.map((r) => new Date(r.start_after).getTime());
    expect(starts).toHaveLength(3);
    // 60 a minute: one a second, the second call's mail after the first call's two.
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(999);
    expect((starts[2] as number) - (starts[1] as number)).toBeGreaterThanOrEqual(999);
  });

  it('a job that runs twice sends one mail; a claim cut off by a crash becomes failed and is never sent again', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const [a, b] = [addr('a'), addr('b')];
    await ctx.rt.services.invitations.inviteEmails(s.manufacturerId, {
      emails: [a, b],
      campaignIds: [c.id],
      tags: [],
      callForCheck: false,
    });
    const rows = await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id));
    const [ra, rb] = [rows.find((r) => r.tokenHashes.length === 0), rows[1]];
    const jobsOf = ctx.rt.services.invitationJobs;
    const results = await Promise.all([
      jobsOf.sendMail({ invitationId: ra?.id as string }),
      jobsOf.sendMail({ invitationId: ra?.id as string }),
    ]);
    expect(results.sort()).toEqual(['sent', 'skipped']);

    // A process that claimed b's mail and died before the mail server answered.
    await ctx.rt.db
      .update(invitations)
      .set({ state: 'sending', updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(invitations.id, rb?.id as string));
    expect((await jobsOf.sweep()).stale).toBe(1);
    const [after] = await ctx.rt.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, rb?.id as string));
    expect(after?.state).toBe('failed');
    expect(await jobsOf.sendMail({ invitationId: rb?.id as string })).toBe('skipped');
    const withdrawn = await callApi(ctx.app, api.invitations.survey, { params: { token: 'y'.repeat(43) } });
    expect(withdrawn.statusCode).toBe(404);
  });
});
