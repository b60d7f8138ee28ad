import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { ticketComments, ticketMedia } from '../src/modules/tickets/tickets.tables.js';
import { makePng, multipart } from './campaign-api.js';
import { callApi } from './client.js';
import { insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * D14's mass follow-up, with the job run by the test (JOBS=false: this process only queues) and a
 * clock the test moves: one comment per ticket with its placeholders filled, the mails queued with
 * them, nothing twice however often the job runs, and one reminder after 3 days of silence.
 */
const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));
const ctx = useTestApp({ JOBS: 'false', MASS_FOLLOW_UP_BATCH_SIZE: '2' }, { clock });
const day = 24 * 60 * 60_000;

const setup = async (flags = { canComment: true, canSaveAnswerWithoutNotification: true }) => {
  const owner = await ownerSession(ctx);
  await setManufacturerLimits(ctx.rt, owner.manufacturerId, flags);
  const c = await insertCampaign(ctx.rt, owner.manufacturerId, { allowMultipleParticipation: true });
  const tickets: { id: string; email: string }[] = [];
  for (const firstname of ['Ada', 'Grace', null, 'Linus', 'Barbara']) {
    clock.advance(1000);
    const email = `f-${randomUUID()}@example.com`;
    const res = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email,
        ...(firstname ? { firstname } : {}),
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]!.id, text: 'ok' }],
      },
    });
    expect(res.statusCode).toBe(201);
  }
  const list = (await owner.api(api.tickets.list, { query: { campaignId: c.id, sort: 'oldest' } })).json();
  for (const d of list.documents) tickets.push({ id: d._id, email: d.contact?.email ?? '' });
  return { owner, c, tickets };
};

const followUpComments = (followUpId: string) =>
  ctx.rt.db.select().from(ticketComments).where(eq(ticketComments.massFollowUpId, followUpId));

/** The mail jobs queued for a kind of conversation mail, by recipient. */
const queuedMails = async (kind: string) => {
  const rows = await ctx.rt.db.execute<{ to: string }>(
    sql`select data->>'to' as "to" from pgboss.job where name = 'mail-send' and data->>'kind' = ${kind}`,
  );
  return rows.rows.map((r) => r.to);
};

describe('POST campaignticket/:id/comment/massfollowup', () => {
  it('posts one comment per open ticket, filled for each participant, and queues their mails', async () => {
    const { owner, c, tickets } = await setup();
    // An archived ticket is left out of "every open ticket".
    await owner.api(api.tickets.ignore, { params: { id: tickets[4]!.id }, body: { ignore: true } });
    const res = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'Hello {{contact.firstname|there}}, one more question about {{campaign.title}}?' },
    });
    expect(res.statusCode).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({ state: 'queued', total: 4, done: 0, notify: true });

    // Run twice, the second time as if the job had been delivered again: nothing twice.
    await ctx.rt.services.followUps.deliver(f._id);
    await ctx.rt.services.followUps.deliver(f._id);
    const status = (
      await owner.api(api.tickets.massFollowUpStatus, { params: { id: c.id, followUpId: f._id } })
    ).json();
    expect(status).toMatchObject({ state: 'done', total: 4, done: 4 });
    const comments = await followUpComments(f._id);
    expect(comments).toHaveLength(4);
    const byTicket = new Map(comments.map((x) => [x.ticketId, x.description]));
    expect(byTicket.get(tickets[0]!.id)).toBe(`Hello Ada, one more question about ${c.title}?`);
    expect(byTicket.get(tickets[2]!.id)).toBe(`Hello there, one more question about ${c.title}?`);
    expect(byTicket.has(tickets[4]!.id)).toBe(false);
    const mails = await queuedMails('tickets/followUp');
    for (const t of tickets.slice(0, 4)) expect(mails.filter((to) => to === t.email)).toHaveLength(1);
    expect(mails).not.toContain(tickets[4]!.email);

    const ticket = (await owner.api(api.tickets.get, { params: { id: tickets[0]!.id } })).json();
    expect(ticket.comments).toMatchObject([{ author: 'owner', massFollowUp: true }]);
    const listed = (await owner.api(api.tickets.massFollowUps, { params: { id: c.id } })).json();
    expect(listed.documents.map((x) => x._id)).toEqual([f._id]);
  });

  it('goes to the named tickets only (not to one archived meanwhile), two workers at once posting each comment once', async () => {
    const { owner, c, tickets } = await setup();
    const named = [tickets[1]!.id, tickets[3]!.id, tickets[0]!.id];
    const f = (
      await owner.api(api.tickets.massFollowUp, {
        params: { id: c.id },
        body: { description: 'Named', ticketIds: named, notify: false },
      })
    ).json();
    expect(f.total).toBe(3);
    // One is archived before the job reaches it: passed over, and the total becomes what was delivered.
    await owner.api(api.tickets.ignore, { params: { id: tickets[0]!.id }, body: { ignore: true } });
    await Promise.all([ctx.rt.services.followUps.deliver(f._id), ctx.rt.services.followUps.deliver(f._id)]);
    const status = (
      await owner.api(api.tickets.massFollowUpStatus, { params: { id: c.id, followUpId: f._id } })
    ).json();
    expect(status).toMatchObject({ state: 'done', total: 2, done: 2 });
    await owner.api(api.tickets.ignore, { params: { id: tickets[0]!.id }, body: { ignore: false } });
    const comments = await followUpComments(f._id);
    expect(comments.map((x) => x.ticketId).sort()).toEqual([tickets[1]!.id, tickets[3]!.id].sort());
    // Silent: no mails.
    const mails = await queuedMails('tickets/followUp');
    for (const t of tickets) if (named.includes(t.id)) expect(mails).not.toContain(t.email);
  });

  it('refuses without canComment, silent without its flag, foreign or archived tickets, and foreign campaigns', async () => {
    const noComment = await setup({ canComment: false, canSaveAnswerWithoutNotification: true });
    const r1 = await noComment.owner.api(api.tickets.massFollowUp, {
      params: { id: noComment.c.id },
      body: { description: 'x' },
    });
    expect(r1.statusCode).toBe(403);
    expect(r1.error().code).toBe('feature/disabled');

    const loud = await setup({ canComment: true, canSaveAnswerWithoutNotification: false });
    const r2 = await loud.owner.api(api.tickets.massFollowUp, {
      params: { id: loud.c.id },
      body: { description: 'x', notify: false },
    });
    expect(r2.statusCode).toBe(403);

    const { owner, c, tickets } = await setup();
    const other = await setup();
    const foreign = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'x', ticketIds: [tickets[0]!.id, other.tickets[0]!.id] },
    });
    expect(foreign.statusCode).toBe(404);
    await owner.api(api.tickets.ignore, { params: { id: tickets[1]!.id }, body: { ignore: true } });
    const archived = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'x', ticketIds: [tickets[1]!.id] },
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.error().code).toBe('ticket/archived');
    const otherCampaign = await owner.api(api.tickets.massFollowUp, {
      params: { id: other.c.id },
      body: { description: 'x' },
    });
    expect(otherCampaign.statusCode).toBe(404);
    const unknownPlaceholder = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'Hi {{contact.city}}' },
    });
    expect(unknownPlaceholder.statusCode).toBe(400);
    expect(unknownPlaceholder.error().field).toBe('description');
    // Nothing was stored by any refusal.
    expect((await owner.api(api.tickets.massFollowUps, { params: { id: c.id } })).json().total).toBe(0);
  });

  it('reminds once, after 3 days, those who did not reply, and tells the owners', async () => {
    // The earlier tests' follow-ups get theirs first (they share the clock).
    clock.advance(4 * day);
    await ctx.rt.services.followUps.sweepReminders();
    const { owner, c, tickets } = await setup();
    const f = (
      await owner.api(api.tickets.massFollowUp, {
        params: { id: c.id },
        body: {
          description: 'Did the fix work?',
          ticketIds: [tickets[0]!.id, tickets[1]!.id, tickets[2]!.id],
        },
      })
    ).json();
    await ctx.rt.services.followUps.deliver(f._id);

    // Ticket 1's participant replies (through the mail's link), ticket 2's turns mails off.
    const link = async (email: string) => {
      const rows = await ctx.rt.db.execute<{ text: string }>(
        sql`select data->>'text' as text from pgboss.job where name = 'mail-send' and data->>'to' = ${email}
          and data->>'kind' = 'tickets/followUp'`,
      );
      return /\/p\/t\/([A-Za-z0-9_-]+)/.exec(rows.rows[0]?.text ?? '')?.[1] ?? '';
    };
    clock.advance(day);
    await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: await link(tickets[1]!.email) },
      body: { description: 'Yes, thanks' },
    });
    await callApi(ctx.app, api.participation.ticketMails, {
      params: { token: await link(tickets[2]!.email) },
      body: { mailsOff: true },
    });

    // Not yet due.
    clock.advance(day);
    expect(await ctx.rt.services.followUps.sweepReminders()).toBe(0);
    clock.advance(day + 60_000);
    expect(await ctx.rt.services.followUps.sweepReminders()).toBe(1);
    expect(await ctx.rt.services.followUps.sweepReminders()).toBe(0);
    const reminders = await queuedMails('tickets/followUpReminder');
    expect(reminders.filter((to) => tickets.some((t) => t.email === to))).toEqual([tickets[0]!.email]);
    const decided = await ctx.rt.db
      .select({ ticketId: ticketComments.ticketId, reminder: ticketComments.reminder })
      .from(ticketComments)
      .where(and(eq(ticketComments.massFollowUpId, f._id)));
    expect(Object.fromEntries(decided.map((d) => [d.ticketId, d.reminder]))).toEqual({
      [tickets[0]!.id]: 'sent',
      [tickets[1]!.id]: 'skipped',
      [tickets[2]!.id]: 'skipped',
    });
    const status = (
      await owner.api(api.tickets.massFollowUpStatus, { params: { id: c.id, followUpId: f._id } })
    ).json();
    expect(status.reminded).toBe(1);
    const history = (await owner.api(api.history.me, { query: { product: 'connect' } })).json();
    expect(history.documents.find((e) => e.kind === 'reminderMassFollowUp')).toMatchObject({
      subject: { type: 'campaign', _id: c.id },
      data: { count: 1 },
    });
  });

  it("uses the owner's subject, filled like the message; without one, the default in the ticket's language", async () => {
    const { owner, c, tickets } = await setup();
    const subjects = async (followUpId: string) => {
      const rows = await ctx.rt.db.execute<{ to: string; subject: string }>(
        sql`select data->>'to' as "to", data->>'subject' as subject from pgboss.job
            where name = 'mail-send' and data->>'kind' = 'tickets/followUp'`,
      );
      await ctx.rt.services.followUps.deliver(followUpId);
      const after = await ctx.rt.db.execute<{ to: string; subject: string }>(
        sql`select data->>'to' as "to", data->>'subject' as subject from pgboss.job
            where name = 'mail-send' and data->>'kind' = 'tickets/followUp'`,
      );
      const before = new Set(rows.rows.map((r) => `${r.to} ${r.subject}`));
      return new Map(
        after.rows.filter((r) => !before.has(`${r.to} ${r.subject}`)).map((r) => [r.to, r.subject]),
      );
    };
    const res = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: {
        description: 'Thank you {{contact.firstname|}}!',
        subject: 'Thank you, {{contact.firstname|dear participant}}, from {{manufacturer.name}}',
        ticketIds: [tickets[0]!.id, tickets[2]!.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().subject).toBe(
      'Thank you, {{contact.firstname|dear participant}}, from {{manufacturer.name}}',
    );
    const custom = await subjects(res.json()._id);
    const maker = `Maker ${owner.email}`;
    expect(custom.get(tickets[0]!.email)).toBe(`Thank you, Ada, from ${maker}`);
    expect(custom.get(tickets[2]!.email)).toBe(`Thank you, dear participant, from ${maker}`);

    const plain = await owner.api(api.tickets.massFollowUp, {
      params: { id: c.id },
      body: { description: 'One more question', ticketIds: [tickets[1]!.id] },
    });
    expect(plain.json().subject).toBeNull();
    expect((await subjects(plain.json()._id)).get(tickets[1]!.email)).toBe(
      `${maker} has a question about "${c.title}"`,
    );
  });

  it('refuses an unknown placeholder or a second line in the subject before saving anything', async () => {
    const { owner, c } = await setup();
    for (const subject of ['Hi {{contact.nickname}}', 'Two\nlines', '']) {
      const res = await owner.apiUnchecked(api.tickets.massFollowUp, {
        params: { id: c.id },
        body: { description: 'Hello', subject },
      });
      expect(res.statusCode, subject).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field: 'subject' });
    }
    const list = (await owner.api(api.tickets.massFollowUps, { params: { id: c.id } })).json();
    expect(list.total).toBe(0);
  });

  it('gives a follow-up whose job died a new one', async () => {
    const { owner, c } = await setup();
    const f = (
      await owner.api(api.tickets.massFollowUp, { params: { id: c.id }, body: { description: 'x' } })
    ).json();
    expect(await ctx.rt.services.followUps.resumeStalled()).toBe(0);
    await ctx.rt.db.execute(
      sql`update mass_follow_ups set updated_at = now() - interval '3 minutes' where id = ${f._id}`,
    );
    // Quiet, but its job still waits for a worker: not lost.
    expect(await ctx.rt.services.followUps.resumeStalled()).toBe(0);
    // Its job taken by an instance that died (active, going nowhere): a new one.
    await ctx.rt.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where name = 'ticket.mass-follow-up'
        and data->>'followUpId' = ${f._id}`,
    );
    expect(await ctx.rt.services.followUps.resumeStalled()).toBe(1);
    expect(await ctx.rt.services.followUps.resumeStalled()).toBe(0);
    const jobs = await ctx.rt.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'ticket.mass-follow-up' and data->>'followUpId' = ${f._id}`,
    );
    expect(jobs.rows[0]?.n).toBe(2);
  });
});

describe('uploads no reply took', () => {
  it('are deleted, row and file, a day later; sent ones stay', async () => {
    const { tickets } = await setup();
    const rows = await ctx.rt.db.execute<{ text: string }>(
      sql`select data->>'text' as text from pgboss.job where name = 'mail-send'
        and data->>'to' = ${tickets[0]!.email} and data->>'kind' = 'participation/ticket-link'`,
    );
    const token = /\/p\/t\/([A-Za-z0-9_-]+)/.exec(rows.rows[0]?.text ?? '')?.[1] ?? '';
    const upload = async () => {
      const form = multipart([
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: makePng(2, 2) },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/ticket/${token}/media`,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { _id: string })._id;
    };
    const sent = await upload();
    const left = await upload();
    await callApi(ctx.app, api.participation.ticketComment, {
      params: { token },
      body: { description: 'with a picture', mediaIds: [sent] },
    });
    const keyOf = async (id: string) =>
      (await ctx.rt.db.select().from(ticketMedia).where(eq(ticketMedia.id, id)))[0]?.storageKey;
    const leftKey = await keyOf(left);
    clock.advance(23 * 60 * 60_000);
    expect(await ctx.rt.services.mediaSweep.sweep()).toBe(0);
    clock.advance(2 * 60 * 60_000);
    expect(await ctx.rt.services.mediaSweep.sweep()).toBe(1);
    expect(await keyOf(left)).toBeUndefined();
    expect(await ctx.rt.storage.get(leftKey!)).toBeUndefined();
    expect(await keyOf(sent)).toBeDefined();
  });
});
