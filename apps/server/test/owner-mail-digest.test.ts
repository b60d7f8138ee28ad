import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import {
  OWNER_DIGEST_DELAY_MS,
  OWNER_DIGEST_JOB,
  OWNER_MAIL_WINDOW_MS,
} from '../src/modules/history/index.js';
import { callApi, callApiUnchecked } from './client.js';
import { insertCampaign } from './fixtures.js';
import { createOwner, type OutboxMail, ownerSession, readOutbox, signIn, useTestApp } from './helpers.js';

/**
 * The hourly ceiling on the owners' mails about what strangers cause (docs/product-decisions.md,
 * "Owner mails"): posts, contact requests and messages from many client addresses mail each owner
 * at most OWNER_NOTIFICATION_MAILS_PER_HOUR (default 10) times an hour; the rest of the hour comes as
 * one digest with the counts and the console's lists, while the history keeps every entry.
 */
// Near the real time: the queue starts the digest by the real clock, at the window's end.
const clock = createTestClock();
const ctx = useTestApp({}, { clock });

let n = 0;
/** A new client address for every call: the per-client limits must not be what stops the flood. */
const ip = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;
const addr = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Until every mail queued so far has left (delivered into the outbox). */
const mailsSettled = async () => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await ctx.rt.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail-send' and state < 'completed'`,
    );
    if (Number(rows[0]?.n) === 0) return;
    if (Date.now() > deadline) throw new Error('mails still queued');
    await new Promise((r) => setTimeout(r, 150));
  }
};
const ownerMails = async (to: string) =>
  (await readOutbox(ctx.rt, (m) => m.to === to && /history_/.test(m.file), 0)).map((m) => ({
    ...m,
    kind: /history_(\w+)\.eml$/.exec(m.file)?.[1] ?? '',
  }));
const individual = (mails: (OutboxMail & { kind: string })[]) => mails.filter((m) => m.kind !== 'digest');
const digests = (mails: (OutboxMail & { kind: string })[]) => mails.filter((m) => m.kind === 'digest');
const digestJobs = async (manufacturerId: string) =>
  (
    await ctx.rt.db.execute<{ id: string; state: string; start_ms: string }>(
      sql`select id, state, (extract(epoch from start_after) * 1000)::bigint as start_ms from pgboss.job
          where name = ${OWNER_DIGEST_JOB} and data ->> 'manufacturerId' = ${manufacturerId}`,
    )
  ).rows;

describe("the owners' mails about strangers' entries", () => {
  it('mail each owner at most the ceiling an hour, then one digest with counts and links; the history keeps all', async () => {
    const a = await ownerSession(ctx);
    const m = a.manufacturerId;
    // A colleague who does not want contact requests by mail, and reads German.
    const bOwner = await createOwner(ctx.rt, { manufacturerId: m });
    const bTokens = await signIn(ctx.app, bOwner.email, bOwner.password);
    const off = await callApi(
      ctx.app,
      api.owner.updateMe,
      { body: { mailNotifications: { newContactRequest: false }, language: 'de' } },
      { token: bTokens.idToken },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().language).toBe('de');

    const post = async () => {
      const email = addr('poster');
      const res = await callApiUnchecked(
        ctx.app,
        api.posts.submit,
        {
          params: { manufacturerId: m },
          body: { name: 'Jana Berg', email, text: `My bell rattles #${randomUUID()}`, consent: true },
        },
        { remoteAddress: ip() },
      );
      expect(res.statusCode, res.body).toBe(201);
      return email;
    };
    const request = async () => {
      const res = await callApiUnchecked(
        ctx.app,
        api.contactRequests.submit,
        {
          params: { manufacturerId: m },
          body: { firstname: 'Ada', lastname: 'Berg', email: addr('req'), consent: true, language: 'de' },
        },
        { remoteAddress: ip() },
      );
      expect(res.statusCode, res.body).toBe(204);
    };
    // A participant's ticket (its new-ticket mail is off by default and not counted) and its link.
    const c = await insertCampaign(ctx.rt, m, { allowMultipleParticipation: true });
    const participant = addr('participant');
    const answered = await callApi(
      ctx.app,
      api.participation.submit,
      {
        params: { id: c.id },
        body: {
          email: participant,
          submissionId: randomUUID(),
          answers: [{ questionId: c.questions[0]!.id, text: 'Hi' }],
        },
      },
      { remoteAddress: ip() },
    );
    expect(answered.statusCode, answered.body).toBe(201);
    const [linkMail] = await readOutbox(ctx.rt, (x) => x.to === participant);
    const ticketToken = linkMail?.links
      .find((l) => l.includes('/p/t/'))
      ?.split('/p/t/')[1]
      ?.split(/[?#]/)[0];
    const reply = async () => {
      const res = await callApi(
        ctx.app,
        api.participation.ticketComment,
        {
          params: { token: ticketToken ?? '' },
          body: { description: `Still broken #${randomUUID()}`, mediaIds: [] },
        },
        { remoteAddress: ip() },
      );
      expect(res.statusCode, res.body).toBe(201);
    };

    // Within the ceiling (10): 6 posts, 3 requests, 1 reply, each mailed one by one.
    const firstAuthor = await post();
    for (let i = 0; i < 5; i++) await post();
    for (let i = 0; i < 3; i++) await request();
    await reply();
    await mailsSettled();
    expect(individual(await ownerMails(a.email))).toHaveLength(10);
    expect(individual(await ownerMails(bOwner.email))).toHaveLength(7);

    // Past it: 4 posts, 3 requests, 4 replies and 2 comments of an author are held for the digest.
    for (let i = 0; i < 4; i++) await post();
    for (let i = 0; i < 3; i++) await request();
    for (let i = 0; i < 4; i++) await reply();
    const receipt = await readOutbox(
      ctx.rt,
      (x) => x.to === firstAuthor && x.links.some((l) => l.includes('/mine/')),
    );
    const authorToken = receipt[0]?.links
      .find((l) => l.includes('/mine/'))
      ?.split('/mine/')[1]
      ?.split(/[?#]/)[0];
    for (const text of ['The Tour 3.', 'Bought in May.']) {
      const res = await callApiUnchecked(ctx.app, api.posts.authorComment, {
        params: { token: authorToken ?? '' },
        body: { text },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // What owners do is not a stranger's: a campaign's end still mails the colleague at once.
    expect((await a.api(api.campaigns.stop, { params: { id: c.id } })).statusCode).toBe(200);
    await mailsSettled();
    const aMails = await ownerMails(a.email);
    const bMails = await ownerMails(bOwner.email);
    expect(individual(aMails)).toHaveLength(10);
    expect(
      individual(bMails)
        .map((x) => x.kind)
        .sort(),
    ).toEqual(['campaignEnded', 'newComment', ...Array(6).fill('newFeedbackByUser')]);
    expect(digests([...aMails, ...bMails])).toEqual([]);

    // The console shows every entry (12 platform, 12 connect with the new ticket and the end).
    const platform = (await a.api(api.history.me, { query: { product: 'platform' } })).json();
    const connect = (await a.api(api.history.me, { query: { product: 'connect' } })).json();
    expect(platform.total).toBe(12);
    expect(connect.total).toBe(13);
    expect(connect.documents.filter((e) => e.kind === 'newContactRequest')).toHaveLength(6);
    expect(connect.documents.filter((e) => e.kind === 'newComment')).toHaveLength(5);

    // One digest job, due a minute after the hour that began with the first mail ends.
    const jobs = await digestJobs(m);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.state).toBe('created');
    expect(Number(jobs[0]?.start_ms)).toBe(
      clock.now().getTime() + OWNER_MAIL_WINDOW_MS + OWNER_DIGEST_DELAY_MS,
    );

    // The hour passes for the queue: each owner gets one digest of the kinds they have on.
    await ctx.rt.db.execute(sql`update pgboss.job set start_after = now() where id = ${jobs[0]?.id}::uuid`);
    const [aDigest] = await readOutbox(ctx.rt, (x) => x.to === a.email && x.file.includes('history_digest'));
    const [bDigest] = await readOutbox(
      ctx.rt,
      (x) => x.to === bOwner.email && x.file.includes('history_digest'),
    );
    // Each in the owner's language only (docs/product-decisions.md, "Owner mails").
    expect(aDigest?.subject).toBe('13 more notifications');
    expect(aDigest?.body).toContain('- 4 new feedback posts: http://parley.test/platform/tickets');
    expect(aDigest?.body).toContain('- 2 new comments on feedback: http://parley.test/platform/tickets');
    expect(aDigest?.body).toContain('- 3 new contact requests: http://parley.test/connect/contact-requests');
    expect(aDigest?.body).toContain('- 4 new messages from participants: http://parley.test/connect/tickets');
    expect(aDigest?.body).not.toContain('Kontaktanfragen');
    expect(bDigest?.subject).toBe('10 weitere Benachrichtigungen');
    expect(bDigest?.body).toContain('- 2 neue Kommentare zu Feedback: http://parley.test/platform/tickets');
    expect(bDigest?.body).not.toContain('Kontaktanfrage');
    expect(bDigest?.body).not.toContain('new ');
    await mailsSettled();
    expect(digests(await ownerMails(a.email))).toHaveLength(1);
    expect(digests(await ownerMails(bOwner.email))).toHaveLength(1);
    const stillHeld = await ctx.rt.db
      .select({ id: historyEntries.id })
      .from(historyEntries)
      .where(and(eq(historyEntries.manufacturerId, m), isNotNull(historyEntries.mailHeldUntil)));
    expect(stillHeld).toEqual([]);

    // After the hour, mails come one by one again.
    clock.advance(OWNER_MAIL_WINDOW_MS);
    await post();
    await request();
    await mailsSettled();
    expect(individual(await ownerMails(a.email))).toHaveLength(12);
    expect((await digestJobs(m)).filter((x) => x.state === 'created')).toEqual([]);
  });

  it('keep to each manufacturer: a flood at one leaves another one’s mails alone', async () => {
    const flooded = await ownerSession(ctx);
    const quiet = await ownerSession(ctx);
    const request = (manufacturerId: string) =>
      callApiUnchecked(
        ctx.app,
        api.contactRequests.submit,
        {
          params: { manufacturerId },
          body: { firstname: 'Ada', lastname: 'Berg', email: addr('req'), consent: true, language: 'en' },
        },
        { remoteAddress: ip() },
      );
    for (let i = 0; i < 12; i++) expect((await request(flooded.manufacturerId)).statusCode).toBe(204);
    for (let i = 0; i < 3; i++) expect((await request(quiet.manufacturerId)).statusCode).toBe(204);
    await mailsSettled();
    expect(individual(await ownerMails(flooded.email))).toHaveLength(10);
    expect(individual(await ownerMails(quiet.email))).toHaveLength(3);
    expect(await digestJobs(quiet.manufacturerId)).toEqual([]);
    expect(await digestJobs(flooded.manufacturerId)).toHaveLength(1);
  });
});
