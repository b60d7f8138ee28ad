import { randomUUID } from 'node:crypto';
import { api, type ContactList, type ListInviteReport } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIST_MEMBERS_JOB } from '../src/modules/contact-lists/index.js';
import { contactNotes, contacts, contactUnsubscribes } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { expectError } from './campaign-api.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

type Session = Awaited<ReturnType<typeof ownerSession>>;

const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe('contact lists', () => {
  // No workers: the group campaign's job is run by hand, so nothing races the assertions.
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000', JOBS: 'false' });

  /** Contacts of the session's manufacturer, written straight into the table. */
  const makeContacts = async (s: Session, n: number, kind: 'contact' | 'temp' = 'contact') => {
    const rows = await ctx.rt.db
      .insert(contacts)
      .values(
        Array.from({ length: n }, (_, i) => ({
          manufacturerId: s.manufacturerId,
          email: addr(`c${i}`),
          kind,
          firstname: `Anna${String.fromCharCode(97 + i)}`,
        })),
      )
      .returning();
    return rows;
  };
  const createList = async (
    s: Session,
    body: { name: string; description?: string; contactIds?: string[] },
  ) => {
    const res = await s.api(api.contactLists.create, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContactList;
  };
  const invitationsOf = (campaignId: string) =>
    ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId));
  const inviteLists = async (s: Session, campaignId: string, lists: string[], callForCheck = false) => {
    const res = await s.api(api.contactLists.inviteToCampaign, {
      params: { id: campaignId },
      body: { contactLists: lists, callForCheck },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListInviteReport;
  };
  const queuedJobs = async () =>
    (
      await ctx.rt.db.execute<{ data: { listId: string; contactIds: string[] } }>(
        sql`select data from pgboss.job where name = ${CONTACT_LIST_MEMBERS_JOB}`,
      )
    ).rows.map((r) => r.data);

  it('creates, reads, renames and deletes a list; the contacts stay', async () => {
    const s = await ownerSession(ctx);
    const [a, b, c] = await makeContacts(s, 3);
    const made = await createList(s, {
      name: '  Trade fair 2026 ',
      description: 'Met at the stand',
      contactIds: [a?.id as string, b?.id as string, a?.id as string],
    });
    expect(made).toMatchObject({
      name: 'Trade fair 2026',
      description: 'Met at the stand',
      memberCount: 2,
      campaigns: [],
    });

    const got = await s.api(api.contactLists.get, { params: { id: made._id } });
    expect(got.json()).toMatchObject({ _id: made._id, memberCount: 2 });

    // The whole body replaces name and description; members stay when contactIds is absent.
    const renamed = await s.api(api.contactLists.update, {
      params: { id: made._id },
      body: { name: 'Fair', description: '', updatedAt: made.updatedAt },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Fair', description: '', memberCount: 2 });
    // The updatedAt read before the rename is stale now.
    expectError(
      await s.api(api.contactLists.update, {
        params: { id: made._id },
        body: { name: 'Again', updatedAt: made.updatedAt },
      }),
      409,
      'conflict/stale',
      'updatedAt',
    );
    // With contactIds the members become exactly those.
    const replaced = await s.api(api.contactLists.update, {
      params: { id: made._id },
      body: { name: 'Fair', contactIds: [c?.id as string] },
    });
    expect(replaced.json()).toMatchObject({ memberCount: 1 });
    // {newContactIds} adds and changes nothing else.
    const added = await s.api(api.contactLists.update, {
      params: { id: made._id },
      body: { newContactIds: [a?.id as string, c?.id as string] },
    });
    expect(added.json()).toMatchObject({ name: 'Fair', memberCount: 2 });

    expect(
      (await s.api(api.contactLists.removeMember, { params: { id: made._id, contactId: a?.id as string } }))
        .statusCode,
    ).toBe(204);
    expectError(
      await s.api(api.contactLists.removeMember, { params: { id: made._id, contactId: a?.id as string } }),
      404,
      'not-found',
    );

    expect((await s.api(api.contactLists.remove, { params: { id: made._id } })).statusCode).toBe(204);
    expectError(await s.api(api.contactLists.get, { params: { id: made._id } }), 404, 'not-found');
    const left = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(left).toHaveLength(3);
  });

  it('refuses a taken name (any case), an empty body, a too long name and unknown contacts, changing nothing', async () => {
    const s = await ownerSession(ctx);
    const first = await createList(s, { name: 'Dealers' });
    const second = await createList(s, { name: 'Partners' });
    expectError(
      await s.api(api.contactLists.create, { body: { name: 'DEALERS' } }),
      409,
      'contact-list/name-taken',
      'name',
    );
    expectError(
      await s.api(api.contactLists.update, { params: { id: second._id }, body: { name: 'dealers' } }),
      409,
      'contact-list/name-taken',
      'name',
    );
    expectError(
      await s.apiUnchecked(api.contactLists.update, { params: { id: first._id }, body: {} }),
      400,
      'validation',
      'name',
    );
    expectError(
      await s.apiUnchecked(api.contactLists.create, { body: { name: 'x'.repeat(101) } }),
      400,
      'validation',
      'name',
    );
    expectError(
      await s.apiUnchecked(api.contactLists.update, {
        params: { id: first._id },
        body: { newContactIds: [] },
      }),
      400,
      'validation',
      'newContactIds',
    );
    // A contact id that is not one of this manufacturer's: 404, and the list is as it was.
    const other = await ownerSession(ctx);
    const [foreign] = await makeContacts(other, 1);
    expectError(
      await s.api(api.contactLists.update, {
        params: { id: first._id },
        body: { newContactIds: [foreign?.id as string] },
      }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.contactLists.create, {
        body: { name: 'With a stranger', contactIds: [foreign?.id as string] },
      }),
      404,
      'not-found',
    );
    const list = await s.api(api.contactLists.list, { query: { limit: 100 } });
    expect(
      (list.json() as { documents: ContactList[] }).documents.map((l) => [l.name, l.memberCount]),
    ).toEqual([
      ['Dealers', 0],
      ['Partners', 0],
    ]);
  });

  it("hides another manufacturer's lists (404 on every call) and never lists them", async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const [theirContact] = await makeContacts(other, 1);
    const theirs = await createList(other, { name: 'Theirs', contactIds: [theirContact?.id as string] });
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const params = { id: theirs._id };
    expectError(await s.api(api.contactLists.get, { params }), 404, 'not-found');
    expectError(
      await s.api(api.contactLists.update, { params, body: { name: 'Mine now' } }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.contactLists.update, { params, body: { newContactIds: [theirContact?.id as string] } }),
      404,
      'not-found',
    );
    expectError(await s.api(api.contactLists.remove, { params }), 404, 'not-found');
    expectError(await s.api(api.contactLists.members, { params }), 404, 'not-found');
    expectError(
      await s.api(api.contactLists.removeMember, {
        params: { id: theirs._id, contactId: theirContact?.id as string },
      }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.contactLists.inviteToCampaign, {
        params: { id: c.id },
        body: { contactLists: [theirs._id] },
      }),
      404,
      'not-found',
    );
    const mine = await s.api(api.contactLists.list);
    expect(mine.json()).toMatchObject({ documents: [], total: 0 });
    // And their list is untouched.
    expect((await other.api(api.contactLists.get, { params })).json()).toMatchObject({
      name: 'Theirs',
      memberCount: 1,
    });
  });

  it('pages, searches and sorts lists and members; include[] adds notes and campaigns', async () => {
    const s = await ownerSession(ctx);
    const people = await makeContacts(s, 5);
    for (const name of ['Alpha', 'beta', 'Gamma'])
      await createList(s, { name, description: `${name} people` });
    const big = await createList(s, { name: 'Delta', contactIds: people.map((p) => p.id) });

    const page1 = await s.api(api.contactLists.list, { query: { limit: 2, page: 1, sort: 'name' } });
    expect(page1.json()).toMatchObject({ total: 4, documents: [{ name: 'Alpha' }, { name: 'beta' }] });
    const bySize = await s.api(api.contactLists.list, { query: { sort: '-memberCount', limit: 1 } });
    expect(bySize.json()).toMatchObject({ documents: [{ name: 'Delta', memberCount: 5 }] });
    const found = await s.api(api.contactLists.list, { query: { search: 'GAMMA PEO' } });
    expect(found.json()).toMatchObject({ total: 1, documents: [{ name: 'Gamma' }] });

    const target = people[2];
    await ctx.rt.db.insert(contactNotes).values({
      manufacturerId: s.manufacturerId,
      contactId: target?.id as string,
      noteText: 'Wants a call',
    });
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Spring survey' });
    await ctx.rt.db.insert(invitations).values({
      manufacturerId: s.manufacturerId,
      campaignId: c.id,
      contactId: target?.id as string,
      state: 'sent',
    });
    const members = await s.api(api.contactLists.members, {
      params: { id: big._id },
      query: { search: target?.email, 'include[]': ['notes', 'campaigns'] },
    });
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json()).toMatchObject({
      total: 1,
      documents: [
        {
          _id: target?.id,
          notes: [{ noteText: 'Wants a call' }],
          campaigns: [{ _id: c.id, title: 'Spring survey', invitationState: 'sent', answered: false }],
          invitedCount: 1,
        },
      ],
    });
    const plain = await s.api(api.contactLists.members, {
      params: { id: big._id },
      query: { limit: 2, sort: 'email' },
    });
    const body = plain.json() as { documents: { email: string; notes?: unknown }[]; total: number };
    expect(body.total).toBe(5);
    expect(body.documents).toHaveLength(2);
    expect(body.documents[0]?.notes).toBeUndefined();
    expect(body.documents.map((d) => d.email)).toEqual([...people.map((p) => p.email)].sort().slice(0, 2));
  });

  it('invites overlapping lists once per person, none of the unsubscribed or invited; check first changes nothing', async () => {
    const s = await ownerSession(ctx);
    const [a, b, c, d] = await makeContacts(s, 4);
    const one = await createList(s, {
      name: 'One',
      contactIds: [a?.id as string, b?.id as string, c?.id as string],
    });
    const two = await createList(s, {
      name: 'Two',
      contactIds: [b?.id as string, c?.id as string, d?.id as string],
    });
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId);
    await ctx.rt.db
      .insert(contactUnsubscribes)
      .values({ manufacturerId: s.manufacturerId, email: d?.email as string });
    await ctx.rt.db
      .insert(invitations)
      .values({ manufacturerId: s.manufacturerId, campaignId: campaign.id, contactId: c?.id as string });

    const check = await inviteLists(s, campaign.id, [one._id, two._id], true);
    expect(check).toMatchObject({ check: true, members: 4, invitations: 2, linked: false });
    expect(check.problems.map((p) => [p.email, p.code]).sort()).toEqual(
      [
        [c?.email, 'contact/4'],
        [d?.email, 'contact/7'],
      ].sort(),
    );
    expect(await invitationsOf(campaign.id)).toHaveLength(1);

    const done = await inviteLists(s, campaign.id, [one._id, two._id]);
    expect(done).toMatchObject({
      check: false,
      members: 4,
      invitations: 2,
      campaigns: [{ _id: campaign.id, invitations: 2 }],
    });
    const rows = await invitationsOf(campaign.id);
    expect(rows.map((r) => r.contactId).sort()).toEqual([a?.id, b?.id, c?.id].sort());

    // Again: nothing more.
    const again = await inviteLists(s, campaign.id, [two._id, one._id]);
    expect(again.invitations).toBe(0);
    expect(await invitationsOf(campaign.id)).toHaveLength(3);
    // Not a group campaign: the lists are not linked.
    expect((await s.api(api.contactLists.campaignLists, { params: { id: campaign.id } })).json()).toEqual({
      documents: [],
    });

    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    expectError(
      await s.api(api.contactLists.inviteToCampaign, {
        params: { id: draft.id },
        body: { contactLists: [one._id] },
      }),
      409,
      'contact/5',
    );
    expectError(
      await s.apiUnchecked(api.contactLists.inviteToCampaign, {
        params: { id: campaign.id },
        body: { contactLists: [] },
      }),
      400,
      'validation',
      'contactLists',
    );
  });

  it('a group campaign keeps its lists linked: a contact who joins later is invited by the job, once', async () => {
    const s = await ownerSession(ctx);
    const [a, later, other] = await makeContacts(s, 3);
    const list = await createList(s, { name: 'Group A', contactIds: [a?.id as string] });
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { isGroupCampaign: true });
    const done = await inviteLists(s, campaign.id, [list._id]);
    expect(done).toMatchObject({ linked: true, invitations: 1 });
    expect((await s.api(api.contactLists.campaignLists, { params: { id: campaign.id } })).json()).toEqual({
      documents: [{ _id: list._id, name: 'Group A', memberCount: 1 }],
    });
    expect((await s.api(api.contactLists.get, { params: { id: list._id } })).json()).toMatchObject({
      campaigns: [{ _id: campaign.id, state: 'running' }],
    });

    // A contact joins: the job is queued with the membership, and invites them when it runs.
    await s.api(api.contactLists.update, {
      params: { id: list._id },
      body: { newContactIds: [later?.id as string] },
    });
    const jobs = await queuedJobs();
    expect(jobs).toEqual([{ manufacturerId: s.manufacturerId, listId: list._id, contactIds: [later?.id] }]);
    const job = jobs[0] as { manufacturerId: string; listId: string; contactIds: string[] };
    await ctx.rt.services.contactLists.inviteJoined(job);
    // A second run (a retry, another instance) makes nothing twice.
    await ctx.rt.services.contactLists.inviteJoined(job);
    expect((await invitationsOf(campaign.id)).map((r) => r.contactId).sort()).toEqual(
      [a?.id, later?.id].sort(),
    );

    // Unlinked: a later member is not invited (the invitations made stay).
    expect(
      (await s.api(api.contactLists.unlinkFromCampaign, { params: { id: campaign.id, listId: list._id } }))
        .statusCode,
    ).toBe(204);
    await s.api(api.contactLists.update, {
      params: { id: list._id },
      body: { newContactIds: [other?.id as string] },
    });
    expect(await queuedJobs()).toHaveLength(1);
    await ctx.rt.services.contactLists.inviteJoined({
      manufacturerId: s.manufacturerId,
      listId: list._id,
      contactIds: [other?.id as string],
    });
    expect(await invitationsOf(campaign.id)).toHaveLength(2);
  });

  it('a group campaign that is no longer running invites nobody who joins later', async () => {
    const s = await ownerSession(ctx);
    const [a, b] = await makeContacts(s, 2);
    const list = await createList(s, { name: 'Stopped', contactIds: [a?.id as string] });
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { isGroupCampaign: true });
    await inviteLists(s, campaign.id, [list._id]);
    await s.call({ method: 'POST', url: `/api/campaign/${campaign.id}/stop` });
    await ctx.rt.services.contactLists.inviteJoined({
      manufacturerId: s.manufacturerId,
      listId: list._id,
      contactIds: [b?.id as string],
    });
    expect(await invitationsOf(campaign.id)).toHaveLength(1);
  });

  it("the contact book filters by list membership, and a contact's page names its lists", async () => {
    const s = await ownerSession(ctx);
    const [a, b, c] = await makeContacts(s, 3);
    const list = await createList(s, { name: 'Zeta', contactIds: [a?.id as string, b?.id as string] });
    await createList(s, { name: 'alpha', contactIds: [a?.id as string] });
    const ids = async (query: Record<string, string>) =>
      ((await s.api(api.contacts.list, { query })).json().documents as { _id: string }[])
        .map((d) => d._id)
        .sort();
    expect(await ids({ contactListId: list._id })).toEqual([a?.id, b?.id].sort());
    expect(await ids({ notInContactListId: list._id })).toEqual([c?.id]);
    const detail = await s.api(api.contacts.get, { params: { id: a?.id as string } });
    expect(detail.json().lists.map((l) => l.name)).toEqual(['alpha', 'Zeta']);
  });

  it('a contact deleted while it joins a list or while its list is invited never makes a 500', async () => {
    const s = await ownerSession(ctx);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId);
    for (let round = 0; round < 5; round += 1) {
      const people = await makeContacts(s, 30);
      const list = await createList(s, {
        name: `Race ${round}`,
        contactIds: people.slice(1).map((p) => p.id),
      });
      const victim = people[0]?.id as string;
      const other = people[5]?.id as string;
      const [joined, deleted, invited, deletedMember] = await Promise.all([
        s.api(api.contactLists.update, { params: { id: list._id }, body: { newContactIds: [victim] } }),
        s.api(api.contacts.remove, { params: { id: victim } }),
        s.api(api.contactLists.inviteToCampaign, {
          params: { id: campaign.id },
          body: { contactLists: [list._id] },
        }),
        s.api(api.contacts.remove, { params: { id: other } }),
      ]);
      expect([200, 404], joined.body).toContain(joined.statusCode);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(invited.statusCode, invited.body).toBe(200);
      expect(deletedMember.statusCode, deletedMember.body).toBe(204);
    }
  });

  it("a list filter naming another manufacturer's list answers 404", async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const theirs = await createList(other, { name: 'Theirs' });
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    expectError(await s.api(api.contacts.list, { query: { contactListId: theirs._id } }), 404, 'not-found');
    expectError(
      await s.api(api.contacts.list, { query: { notInContactListId: theirs._id } }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.invitations.participants, {
        params: { id: c.id },
        query: { contactListId: theirs._id },
      }),
      404,
      'not-found',
    );
    expectError(
      await s.api(api.tickets.list, { query: { campaignId: c.id, contactListId: theirs._id } }),
      404,
      'not-found',
    );
  });

  it('reads any number of members at once (more than the 65,535 parameters a statement may bind)', async () => {
    const s = await ownerSession(ctx);
    const [a] = await makeContacts(s, 1);
    const many = [...Array.from({ length: 70_000 }, () => randomUUID()), a?.id as string];
    const found = await ctx.rt.services.contacts.byIds(ctx.rt.db, s.manufacturerId, many);
    expect(found.map((c) => c.id)).toEqual([a?.id]);
    const none = await ctx.rt.services.contacts.unsubscribedAmong(ctx.rt.db, s.manufacturerId, many);
    expect(none.size).toBe(0);
  });

  it("filters a campaign's participants and tickets by list", async () => {
    const s = await ownerSession(ctx);
    const [a, b] = await makeContacts(s, 2);
    const list = await createList(s, { name: 'Only A', contactIds: [a?.id as string] });
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { isGroupCampaign: true });
    for (const p of [a, b]) {
      await ctx.rt.db.insert(invitations).values({
        manufacturerId: s.manufacturerId,
        campaignId: campaign.id,
        contactId: p?.id as string,
        state: 'answered',
      });
      await ctx.rt.db.insert(campaignTickets).values({
        manufacturerId: s.manufacturerId,
        campaignId: campaign.id,
        contactId: p?.id as string,
        source: 'invitation',
        language: 'en',
        answers: [],
        answeredCount: 0,
        submissionId: randomUUID(),
        tokenHash: randomUUID(),
      });
    }
    const all = await s.api(api.invitations.participants, { params: { id: campaign.id } });
    expect(all.json()).toMatchObject({ total: 2 });
    const filtered = await s.api(api.invitations.participants, {
      params: { id: campaign.id },
      query: { contactListId: list._id },
    });
    expect(filtered.json()).toMatchObject({ total: 1, documents: [{ _id: a?.id }] });
    const tickets = await s.api(api.tickets.list, {
      query: { campaignId: campaign.id, contactListId: list._id },
    });
    expect(tickets.statusCode, tickets.body).toBe(200);
    expect(tickets.json()).toMatchObject({ total: 1 });
    const allTickets = await s.api(api.tickets.list, { query: { campaignId: campaign.id } });
    expect(allTickets.json()).toMatchObject({ total: 2 });
  });
});
