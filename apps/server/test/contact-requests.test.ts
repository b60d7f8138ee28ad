import { randomUUID } from 'node:crypto';
import {
  api,
  type ContactList,
  type ContactRequest,
  type ContactRequestAcceptReport,
  type ContactRequestForm,
} from '@parley/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactRequests } from '../src/modules/contact-requests/contact-requests.tables.js';
import { contactNotes, contacts, contactUnsubscribes } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { expectError } from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

type Session = Awaited<ReturnType<typeof ownerSession>>;

const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const form = (o: Partial<ContactRequestForm> = {}): ContactRequestForm => ({
  firstname: 'Jana',
  lastname: 'Berg',
  email: addr('jana'),
  phoneNumber: '0301234567',
  message: 'Please call me about the new model.',
  consent: true,
  language: 'de',
  ...o,
});
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
};

describe('contact requests', () => {
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });

  const send = (manufacturerId: string, body: unknown, remoteAddress = ip()) =>
    callApiUnchecked(
      ctx.app,
      api.contactRequests.submit,
      { params: { manufacturerId }, body },
      { remoteAddress },
    );
  const requestsOf = (manufacturerId: string) =>
    ctx.rt.db.select().from(contactRequests).where(eq(contactRequests.manufacturerId, manufacturerId));
  const listOf = async (s: Session, statuses?: ContactRequest['status'][]) => {
    const res = await s.api(api.contactRequests.list, { query: statuses ? { 'statuses[]': statuses } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('the public form names the manufacturer, stores a pending request with a history entry, and merges a repeat', async () => {
    const s = await ownerSession(ctx);
    const info = await callApiUnchecked(ctx.app, api.contactRequests.formInfo, {
      params: { manufacturerId: s.manufacturerId },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ manufacturerName: `Maker ${s.email}`, imageUrl: null });

    const body = form({ email: ' Jana.Berg@Example.COM ' });
    const res = await send(s.manufacturerId, body);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await requestsOf(s.manufacturerId);
    expect(row).toMatchObject({
      email: 'jana.berg@example.com',
      status: 'pending',
      submissions: 1,
      phoneNumber: '+49301234567',
      language: 'de',
      contactId: null,
    });

    const history = await s.api(api.history.me, { query: { product: 'connect' } });
    expect(history.json().documents).toMatchObject([
      {
        kind: 'newContactRequest',
        subject: { type: 'contactRequest', _id: row?.id, title: 'Jana Berg' },
        isNewHistory: true,
      },
    ]);

    // The same address again while pending: one request, newest details, counted.
    await send(s.manufacturerId, { ...body, message: 'Still waiting.', phoneNumber: '' });
    const rows = await requestsOf(s.manufacturerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submissions: 2, message: 'Still waiting.', phoneNumber: '+49301234567' });
    expect((await s.api(api.history.me, { query: { product: 'connect' } })).json().documents).toHaveLength(1);

    const list = await listOf(s);
    expect(list).toMatchObject({
      total: 1,
      counts: { pending: 1, accepted: 0, rejected: 0 },
      documents: [{ _id: row?.id, submissions: 2, contact: null, campaigns: [] }],
    });
  });

  it('refuses bad input naming the field, an unknown manufacturer, and stores nothing; the bot trap stores nothing either', async () => {
    const s = await ownerSession(ctx);
    for (const [body, field] of [
      [{ ...form(), consent: false }, 'consent'],
      [form({ email: 'not an address' }), 'email'],
      [form({ firstname: 'R2D2' }), 'firstname'],
      [form({ lastname: '' }), 'lastname'],
      [form({ phoneNumber: '+49 30' }), 'phoneNumber'],
      [form({ phoneNumber: 'call me' }), 'phoneNumber'],
      [form({ message: 'x'.repeat(2001) }), 'message'],
    ] as const) {
      expectError(await send(s.manufacturerId, body), 400, 'validation', field);
    }
    expectError(await send(randomUUID(), form()), 404, 'not-found');
    expectError(
      await callApiUnchecked(ctx.app, api.contactRequests.formInfo, {
        params: { manufacturerId: randomUUID() },
      }),
      404,
      'not-found',
    );
    // A bot fills the field people never see: answered the same, stored nowhere.
    expect((await send(s.manufacturerId, { ...form(), website: 'http://spam.example' })).statusCode).toBe(
      204,
    );
    expect(await requestsOf(s.manufacturerId)).toHaveLength(0);
  });

  it('limits requests per client address and per email (429 rate-limit)', async () => {
    const s = await ownerSession(ctx);
    const email = addr('busy');
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await send(s.manufacturerId, form({ email }))).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
    const client = ip();
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i += 1) fromOne.push((await send(s.manufacturerId, form(), client)).statusCode);
    expect(fromOne.slice(0, 10).every((c) => c === 204)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  it('accepting makes the person a contact invited to running campaigns and mails the invitation; a second decision is 409', async () => {
    const s = await ownerSession(ctx);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Product feedback' });
    const body = form();
    await send(s.manufacturerId, body);
    const [row] = await requestsOf(s.manufacturerId);
    const id = row?.id as string;

    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    expectError(
      await s.api(api.contactRequests.accept, { body: { ids: [id], campaignIds: [draft.id] } }),
      409,
      'contact/5',
    );
    expect((await requestsOf(s.manufacturerId))[0]?.status).toBe('pending');

    const res = await s.api(api.contactRequests.accept, { body: { ids: [id], campaignIds: [campaign.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accepted: 1,
      newContacts: 1,
      invitations: 1,
      problems: [],
    } satisfies ContactRequestAcceptReport);

    const [contact] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(contact).toMatchObject({
      email: body.email,
      kind: 'contact',
      firstname: 'Jana',
      lastname: 'Berg',
      phoneNumber: '+49301234567',
    });
    const notes = await ctx.rt.db
      .select()
      .from(contactNotes)
      .where(eq(contactNotes.contactId, contact?.id as string));
    expect(notes.map((n) => n.noteText)).toEqual([body.message]);
    const mails = await readOutbox(ctx.rt, (m) => m.to === body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.links.some((l) => l.includes('/p/i/'))).toBe(true);

    const list = await listOf(s, ['accepted']);
    expect(list).toMatchObject({
      total: 1,
      counts: { pending: 0, accepted: 1 },
      documents: [
        {
          _id: id,
          status: 'accepted',
          contact: { _id: contact?.id, kind: 'contact' },
          campaigns: [{ _id: campaign.id, title: 'Product feedback' }],
        },
      ],
    });
    expect((list.documents[0] as ContactRequest).decidedAt).not.toBeNull();

    expectError(
      await s.api(api.contactRequests.accept, { body: { ids: [id], campaignIds: [campaign.id] } }),
      409,
      'contact-request/decided',
      'ids',
    );
    expectError(
      await s.api(api.contactRequests.reject, { body: { ids: [id] } }),
      409,
      'contact-request/decided',
    );
    expect(
      await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)),
    ).toHaveLength(1);
  });

  it('accepting with no campaign makes the person a contact without an invitation, even with none running', async () => {
    const s = await ownerSession(ctx);
    // Nothing runs: a draft only.
    await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    const body = form();
    await send(s.manufacturerId, body);
    const [row] = await requestsOf(s.manufacturerId);
    const id = row?.id as string;

    const res = await s.api(api.contactRequests.accept, { body: { ids: [id], campaignIds: [] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accepted: 1,
      newContacts: 1,
      invitations: 0,
      problems: [],
    } satisfies ContactRequestAcceptReport);
    const [contact] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(contact).toMatchObject({ email: body.email, kind: 'contact', firstname: 'Jana' });
    expect(
      await ctx.rt.db
        .select()
        .from(invitations)
        .where(eq(invitations.contactId, contact?.id as string)),
    ).toHaveLength(0);
    expect(await listOf(s, ['accepted'])).toMatchObject({
      documents: [{ _id: id, status: 'accepted', contact: { _id: contact?.id }, campaigns: [] }],
    });
  });

  it('merges a request from a known contact into it, and reports who gets no invitation and why', async () => {
    const s = await ownerSession(ctx);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId);
    const known = addr('known');
    const gone = addr('gone');
    const [existing] = await ctx.rt.db
      .insert(contacts)
      .values({ manufacturerId: s.manufacturerId, email: known, firstname: 'Kai', phoneNumber: '0401111' })
      .returning();
    await ctx.rt.db.insert(invitations).values({
      manufacturerId: s.manufacturerId,
      campaignId: campaign.id,
      contactId: existing?.id as string,
    });
    await ctx.rt.db.insert(contactUnsubscribes).values({ manufacturerId: s.manufacturerId, email: gone });
    await send(s.manufacturerId, form({ email: known, firstname: 'Karl', phoneNumber: '0309999' }));
    await send(s.manufacturerId, form({ email: gone }));
    const list = await listOf(s, ['pending']);
    const byEmail = new Map((list.documents as ContactRequest[]).map((r) => [r.email, r]));
    expect(byEmail.get(known)?.contact).toEqual({ _id: existing?.id, kind: 'contact' });

    const res = await s.api(api.contactRequests.accept, {
      body: { ids: [...byEmail.values()].map((r) => r._id), campaignIds: [campaign.id] },
    });
    const report = res.json();
    expect(report).toMatchObject({ accepted: 2, newContacts: 1, invitations: 0 });
    expect(report.problems.map((p) => [p.email, p.code]).sort()).toEqual(
      [
        [gone, 'contact/7'],
        [known, 'contact/4'],
      ].sort(),
    );
    // The known contact keeps its own name and phone; the request's message became a note.
    const [kept] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, existing?.id as string));
    expect(kept).toMatchObject({ firstname: 'Kai', phoneNumber: '0401111' });
  });

  it('rejects once, filters by status, and hides other manufacturers’ requests (404)', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    await send(s.manufacturerId, form());
    await send(s.manufacturerId, form());
    await send(other.manufacturerId, form());
    const [mine1, mine2] = await requestsOf(s.manufacturerId);
    const [theirs] = await requestsOf(other.manufacturerId);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);

    expectError(
      await s.api(api.contactRequests.reject, { body: { ids: [theirs?.id as string] } }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.contactRequests.accept, {
        body: { ids: [mine1?.id as string, theirs?.id as string], campaignIds: [c.id] },
      }),
      404,
      'not-found',
    );
    const theirCampaign = await insertCampaign(ctx.rt, other.manufacturerId);
    expectError(
      await s.api(api.contactRequests.accept, {
        body: { ids: [mine1?.id as string], campaignIds: [theirCampaign.id] },
      }),
      404,
      'not-found',
    );
    expect((await requestsOf(other.manufacturerId))[0]?.status).toBe('pending');

    const res = await s.api(api.contactRequests.reject, { body: { ids: [mine1?.id as string] } });
    expect(res.json()).toEqual({ rejected: 1 });
    // A bulk decision with one decided request changes nothing at all.
    expectError(
      await s.api(api.contactRequests.reject, { body: { ids: [mine2?.id as string, mine1?.id as string] } }),
      409,
      'contact-request/decided',
    );
    expect((await requestsOf(s.manufacturerId)).find((r) => r.id === mine2?.id)?.status).toBe('pending');

    expect(await listOf(s, ['rejected'])).toMatchObject({
      total: 1,
      documents: [{ _id: mine1?.id }],
      counts: { pending: 1, rejected: 1 },
    });
    expect(await listOf(s, ['pending'])).toMatchObject({ total: 1, documents: [{ _id: mine2?.id }] });
    expect(await listOf(s)).toMatchObject({ total: 2 });
    expect(await listOf(other)).toMatchObject({ total: 1, documents: [{ _id: theirs?.id }] });
    // A rejected address may ask again: a new pending request.
    await send(s.manufacturerId, form({ email: mine1?.email as string }));
    expect(await listOf(s, ['pending'])).toMatchObject({ total: 2 });
  });

  it('the worker invites a contact who joins a list linked to a running group campaign, and mails them', async () => {
    const s = await ownerSession(ctx);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { isGroupCampaign: true });
    const created = await s.api(api.contactLists.create, { body: { name: 'Group' } });
    const list = created.json() as ContactList;
    await s.api(api.contactLists.inviteToCampaign, {
      params: { id: campaign.id },
      body: { contactLists: [list._id] },
    });
    const email = addr('joiner');
    const [joiner] = await ctx.rt.db
      .insert(contacts)
      .values({ manufacturerId: s.manufacturerId, email })
      .returning();
    const res = await s.api(api.contactLists.update, {
      params: { id: list._id },
      body: { newContactIds: [joiner?.id as string] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(
      async () =>
        (
          await ctx.rt.db
            .select()
            .from(invitations)
            .where(eq(invitations.contactId, joiner?.id as string))
        ).length === 1,
    );
    const mails = await readOutbox(ctx.rt, (m) => m.to === email);
    expect(mails).toHaveLength(1);
  });
});
