import { randomUUID } from 'node:crypto';
import { api, type InviteReport } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { callApi, callApiUnchecked } from './client.js';
import { insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, readOutbox, useTestApp } from './helpers.js';

// A fast pace, so the mails of these tests go out at once (the pace has its own test).
const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });

const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;
type Session = Awaited<ReturnType<typeof ownerSession>>;

const invite = async (
  s: Session,
  body: { emails: string[]; campaignIds?: string[]; tags?: string[]; callForCheck?: boolean },
) => {
  const res = await s.api(api.contacts.invite, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InviteReport;
};
const invitationRows = (campaignId: string) =>
  ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId));
const contactRows = (manufacturerId: string) =>
  ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, manufacturerId));
/** The token of the personal link in the newest mail to `to`. */
const linkOf = async (to: string, kind: 'i' | 'unsubscribe' = 'i') => {
  const [mail] = (await readOutbox(ctx.rt, (m) => m.to === to)).slice(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = mail?.links.find((l) => l.includes(`/p/${kind}/`));
  expect(link).toBeDefined();
  return (link as string).split(`/p/${kind}/`)[1] as string;
};
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
};

describe('POST /contact (D15, D16)', () => {
  it('with callForCheck reports every problem address with its code and changes nothing', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const known = addr('known');
    await invite(s, { emails: [known], campaignIds: [c.id] });
    const fresh = addr('fresh');
    const before = await invitationRows(c.id);

    const report = await invite(s, {
      emails: [fresh, 'not an address', ` ${fresh.toUpperCase()} `, known],
      campaignIds: [c.id],
      callForCheck: true,
    });
    expect(report).toMatchObject({
      check: true,
      received: 4,
      newContacts: 1,
      existingContacts: 0,
      invitations: 1,
      campaigns: [{ _id: c.id, invitations: 1 }],
    });
    expect(report.problems.map((p) => [p.email, p.code])).toEqual([
      ['not an address', 'contact/1'],
      [fresh, 'contact/2'],
      [known, 'contact/4'],
    ]);
    expect(report.problems.every((p) => p.message.length > 0)).toBe(true);
    // Nothing changed: no contact for the new address, no new invitation.
    expect((await contactRows(s.manufacturerId)).map((r) => r.email)).toEqual([known]);
    expect(await invitationRows(c.id)).toHaveLength(before.length);
  });

  it('invites new addresses as temp contacts, tags them, and mails each a personal link', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Coffee survey' });
    const a = addr('a');
    const b = addr('b');
    const report = await invite(s, { emails: [a, b], campaignIds: [c.id], tags: [' VIP '] });
    expect(report).toMatchObject({ check: false, newContacts: 2, invitations: 2, tagged: 2, problems: [] });
    const rows = await contactRows(s.manufacturerId);
    expect(rows.map((r) => [r.email, r.kind, r.tags])).toEqual(
      expect.arrayContaining([
        [a, 'temp', ['vip']],
        [b, 'temp', ['vip']],
      ]),
    );
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === a);
    expect(mail?.body).toContain('"Coffee survey"');
    expect(mail?.links.some((l) => l.startsWith('http://parley.test/p/i/'))).toBe(true);
    expect(mail?.links.some((l) => l.startsWith('http://parley.test/p/unsubscribe/'))).toBe(true);
    await waitFor(async () => (await invitationRows(c.id)).every((r) => r.state === 'sent'));
    // The token is stored only as its hash.
    const token = await linkOf(a);
    const stored = (await invitationRows(c.id)).flatMap((r) => r.tokenHashes);
    expect(stored).not.toContain(token);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('takes entries as mail programs write them and names new contacts from their display names', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const known = addr('known');
    await invite(s, { emails: [known] });
    const [j, m, plain, odd] = [addr('juergen'), addr('mueller'), addr('plain'), addr('odd')];
    const report = await invite(s, {
      emails: [
        `Jürgen Müller <${j}>`,
        `"Müller, Anna" <${m.toUpperCase()}>`,
        plain,
        `Vertrieb 2 <${odd}>`,
        `Known Person <${known}>`,
        `Again <${j}>`,
        'Jürgen Müller <not-an-address>',
      ],
      campaignIds: [c.id],
    });
    expect(report).toMatchObject({ received: 7, newContacts: 4, existingContacts: 1, invitations: 5 });
    expect(report.problems.map((p) => [p.email, p.code])).toEqual([
      [j, 'contact/2'],
      ['Jürgen Müller <not-an-address>', 'contact/1'],
    ]);
    const rows = new Map((await contactRows(s.manufacturerId)).map((r) => [r.email, r]));
    expect(rows.get(j)).toMatchObject({ kind: 'temp', firstname: 'Jürgen', lastname: 'Müller' });
    expect(rows.get(m)).toMatchObject({ kind: 'temp', firstname: 'Anna', lastname: 'Müller' });
    expect(rows.get(plain)).toMatchObject({ firstname: null, lastname: null });
    // A display name that is no person's name names nobody; a known contact keeps its names.
    expect(rows.get(odd)).toMatchObject({ firstname: null, lastname: null });
    expect(rows.get(known)).toMatchObject({ firstname: null, lastname: null });
    const [mail] = await readOutbox(ctx.rt, (x) => x.to === j);
    expect(mail).toBeDefined();
  });

  it('does not invite someone who answered through the open link (contact/4)', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const to = addr();
    const stored = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email: to,
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]?.id as string, text: 'Hi' }],
      },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const report = await invite(s, { emails: [to], campaignIds: [c.id] });
    expect(report.invitations).toBe(0);
    expect(report.problems).toEqual([expect.objectContaining({ email: to, code: 'contact/4' })]);
    expect(await invitationRows(c.id)).toHaveLength(0);
    const stats = await s.api(api.invitations.statistics, { params: { id: c.id } });
    expect(stats.json()).toMatchObject({ invited: 0, openLinkAnswers: 1 });
  });

  it('refuses more than 500 addresses with contact/6 and a campaign that is not running with contact/5', async () => {
    const s = await ownerSession(ctx);
    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    const many = Array.from({ length: 501 }, (_, i) => `x${i}@example.com`);
    const tooMany = await s.api(api.contacts.invite, { body: { emails: many } });
    expect(tooMany.statusCode).toBe(400);
    expect(codeOf(tooMany)).toBe('contact/6');
    const notRunning = await s.api(api.contacts.invite, {
      body: { emails: [addr()], campaignIds: [draft.id] },
    });
    expect(notRunning.statusCode).toBe(409);
    expect(codeOf(notRunning)).toBe('contact/5');
    expect(await contactRows(s.manufacturerId)).toHaveLength(0);
  });

  it("answers 404 for another manufacturer's campaign and reports a known address with nothing to do as contact/3", async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const theirs = await insertCampaign(ctx.rt, other.manufacturerId);
    const res = await s.api(api.contacts.invite, { body: { emails: [addr()], campaignIds: [theirs.id] } });
    expect(res.statusCode).toBe(404);
    const known = addr();
    await invite(s, { emails: [known] });
    const again = await invite(s, { emails: [known] });
    expect(again.problems).toEqual([expect.objectContaining({ email: known, code: 'contact/3' })]);
  });
});

describe('the personal link', () => {
  it('opens the survey with the address known, stores the answer as the contact’s ticket, and marks the invitation answered', async () => {
    const s = await ownerSession(ctx);
    // Invitations answer even a campaign whose open link is off.
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { openLink: false });
    const to = addr();
    await invite(s, { emails: [to], campaignIds: [c.id] });
    const token = await linkOf(to);
    await waitFor(async () => (await invitationRows(c.id))[0]?.state === 'sent');

    const survey = await callApi(ctx.app, api.invitations.survey, { params: { token } });
    expect(survey.statusCode, survey.body).toBe(200);
    expect(survey.json()).toMatchObject({ status: 'open', invitee: { email: to }, answered: false });
    expect((await invitationRows(c.id))[0]?.state).toBe('opened');
    const questionId = survey.json().questions[0]?._id as string;

    const stored = await callApi(ctx.app, api.invitations.submit, {
      params: { token },
      body: { firstname: 'Ada', submissionId: randomUUID(), answers: [{ questionId, text: 'Fine' }] },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const [inv] = await invitationRows(c.id);
    expect(inv?.state).toBe('answered');
    const [ticket] = await ctx.rt.db
      .select()
      .from(campaignTickets)
      .where(eq(campaignTickets.campaignId, c.id));
    expect(ticket).toMatchObject({ contactId: inv?.contactId, source: 'invitation' });
    const [contact] = await contactRows(s.manufacturerId);
    expect(contact).toMatchObject({ email: to, kind: 'contact', firstname: 'Ada' });

    const again = await callApi(ctx.app, api.invitations.survey, { params: { token } });
    expect(again.json()).toMatchObject({ answered: true, questions: [] });

    const participants = await s.api(api.invitations.participants, { params: { id: c.id } });
    expect(participants.json().documents).toEqual([
      expect.objectContaining({ email: to, state: 'answered', ticketCount: 1, kind: 'contact' }),
    ]);
    const stats = await s.api(api.invitations.statistics, { params: { id: c.id } });
    expect(stats.json()).toMatchObject({ invited: 1, answered: 1, responseRate: 1, openLinkAnswers: 0 });
    const withdraw = await s.api(api.invitations.withdraw, {
      params: { id: c.id, cid: inv?.contactId as string },
    });
    expect(withdraw.statusCode).toBe(409);
    expect(codeOf(withdraw)).toBe('invitation/answered');
  });

  it('stops working once the invitation is withdrawn; an answered one cannot be withdrawn', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const to = addr();
    await invite(s, { emails: [to], campaignIds: [c.id] });
    const token = await linkOf(to);
    const [inv] = await invitationRows(c.id);
    const withdrawn = await s.api(api.invitations.withdraw, {
      params: { id: c.id, cid: inv?.contactId as string },
    });
    expect(withdrawn.statusCode).toBe(204);
    const gone = await callApi(ctx.app, api.invitations.survey, { params: { token } });
    expect(gone.statusCode).toBe(404);
    const again = await s.api(api.invitations.withdraw, {
      params: { id: c.id, cid: inv?.contactId as string },
    });
    expect(again.statusCode).toBe(404);
  });

  it('unsubscribes in one click (also as a mail client posts it), and the address is refused with contact/7 from then on', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const c2 = await insertCampaign(ctx.rt, s.manufacturerId);
    const to = addr();
    await invite(s, { emails: [to], campaignIds: [c.id] });
    const token = await linkOf(to, 'unsubscribe');
    const info = await callApi(ctx.app, api.invitations.unsubscribeInfo, { params: { token } });
    expect(info.json()).toMatchObject({ email: to, unsubscribed: false });
    // RFC 8058: the mail client posts a form body `List-Unsubscribe=One-Click`.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(
      (await callApi(ctx.app, api.invitations.unsubscribeInfo, { params: { token } })).json().unsubscribed,
    ).toBe(true);
    expect((await invitationRows(c.id))[0]?.state).toBe('unsubscribed');

    const report = await invite(s, { emails: [to], campaignIds: [c2.id] });
    expect(report.invitations).toBe(0);
    expect(report.problems).toEqual([expect.objectContaining({ email: to, code: 'contact/7' })]);
    const list = await s.api(api.contacts.tempList, {});
    expect(list.json().documents).toEqual([expect.objectContaining({ email: to, unsubscribed: true })]);
  });

  it('answers 404 for an unknown token', async () => {
    const token = 'x'.repeat(43);
    expect((await callApi(ctx.app, api.invitations.survey, { params: { token } })).statusCode).toBe(404);
    expect((await callApi(ctx.app, api.invitations.unsubscribe, { params: { token } })).statusCode).toBe(404);
    const answer = await callApiUnchecked(ctx.app, api.invitations.submit, {
      params: { token },
      body: { submissionId: randomUUID(), answers: [] },
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('campaign participants', () => {
  it('adds contacts by id with a preview, lists those still to add, and refuses changes to an ended campaign', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const first = await insertCampaign(ctx.rt, s.manufacturerId);
    const [x, y] = [addr('x'), addr('y')];
    await invite(s, { emails: [x, y], campaignIds: [first.id] });
    const toAdd = await s.api(api.invitations.toAdd, { params: { id: c.id }, query: { search: 'x-' } });
    expect(toAdd.json()).toMatchObject({ total: 1, documents: [{ email: x }] });
    const xId = toAdd.json().documents[0]?._id as string;

    const check = await s.api(api.invitations.add, {
      params: { id: c.id },
      body: { contacts: [xId], callForCheck: true },
    });
    expect(check.json()).toMatchObject({ check: true, invitations: 1 });
    expect(await invitationRows(c.id)).toHaveLength(0);
    const added = await s.api(api.invitations.add, { params: { id: c.id }, body: { contacts: [xId] } });
    expect(added.json()).toMatchObject({ check: false, invitations: 1 });
    const twice = await s.api(api.invitations.add, { params: { id: c.id }, body: { contacts: [xId] } });
    expect(twice.json().problems).toEqual([expect.objectContaining({ email: x, code: 'contact/4' })]);

    const ended = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'ended' });
    const refused = await s.api(api.invitations.add, { params: { id: ended.id }, body: { contacts: [xId] } });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('campaign/ended');

    const other = await ownerSession(ctx);
    const foreign = await other.api(api.invitations.participants, { params: { id: c.id } });
    expect(foreign.statusCode).toBe(404);
    const foreignAdd = await other.api(api.invitations.add, {
      params: { id: c.id },
      body: { contacts: [xId] },
    });
    expect(foreignAdd.statusCode).toBe(404);
  });

  it('temp contacts: listed with their invitations, invited to more campaigns, re-sent with a new link, deleted', async () => {
    const s = await ownerSession(ctx);
    const c1 = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'One' });
    const c2 = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Two' });
    const to = addr();
    await invite(s, { emails: [to], campaignIds: [c1.id] });
    await waitFor(async () => (await invitationRows(c1.id))[0]?.state === 'sent');
    const list = await s.api(api.contacts.tempList, {});
    const temp = list.json().documents[0];
    expect(temp).toMatchObject({ email: to, invitations: [{ campaignTitle: 'One', state: 'sent' }] });

    const more = await s.api(api.contacts.tempInviteCampaigns, {
      body: { tempContactIds: [temp?._id as string], campaignIds: [c2.id] },
    });
    expect(more.json()).toMatchObject({ invitations: 1 });

    const firstToken = await linkOf(to);
    await waitFor(async () => (await invitationRows(c2.id))[0]?.state === 'sent');
    const resent = await s.api(api.contacts.tempReinvite, { body: { email: to.toUpperCase() } });
    expect(resent.json()).toEqual({ resent: 2 });
    await waitFor(async () => (await readOutbox(ctx.rt, (m) => m.to === to)).length >= 4);
    // The earlier link still works.
    expect(
      (await callApi(ctx.app, api.invitations.survey, { params: { token: firstToken } })).statusCode,
    ).toBe(200);

    const removed = await s.api(api.contacts.tempRemove, { params: { id: temp?._id as string } });
    expect(removed.statusCode).toBe(204);
    expect(await invitationRows(c1.id)).toHaveLength(0);
    expect(
      (await callApi(ctx.app, api.invitations.survey, { params: { token: firstToken } })).statusCode,
    ).toBe(404);
  });
});

describe('a large invitation', () => {
  it('takes 500 addresses in well under the request timeout', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const emails = Array.from({ length: 500 }, (_, i) => `bulk-${i}-${randomUUID().slice(0, 6)}@example.com`);
    const report = await invite(s, { emails, campaignIds: [c.id] });
    expect(report.invitations).toBe(500);
    expect(await invitationRows(c.id)).toHaveLength(500);
  });
});
