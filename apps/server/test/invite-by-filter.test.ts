import { randomUUID } from 'node:crypto';
import { api, type ContactList, contactFilterMax, type InviteReport } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactListMembers } from '../src/modules/contact-lists/contact-lists.tables.js';
import { CONTACT_LIST_MEMBERS_JOB } from '../src/modules/contact-lists/index.js';
import { contacts, contactUnsubscribes } from '../src/modules/contacts/contacts.tables.js';
import { INVITE_CONTACTS_JOB } from '../src/modules/invitations/index.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, useTestApp } from './helpers.js';

/**
 * Inviting and adding to a list by the contact list's filter instead of ids (docs/product-decisions.md,
 * "Contacts"): the filter is read in the database a page at a time, within the manufacturer; the
 * invitations are made by jobs queued with the call.
 */
// No workers: the queued jobs are run by hand, so nothing races the assertions.
const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000', JOBS: 'false' });
type Session = Awaited<ReturnType<typeof ownerSession>>;
type InviteJob = { manufacturerId: string; contactIds: string[]; campaignIds: string[]; tags: string[] };

/** `n` contacts of the session's manufacturer in `city` (tag `x` on each), written straight into the table. */
const seed = async (s: Session, n: number, city = 'Hamburg') =>
  ctx.rt.db
    .insert(contacts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        manufacturerId: s.manufacturerId,
        email: `c${i}-${randomUUID().slice(0, 8)}@example.com`,
        city,
        tags: ['x'],
      })),
    )
    .returning();

const jobsOf = async <T>(name: string) =>
  (await ctx.rt.db.execute<{ data: T }>(sql`select data from pgboss.job where name = ${name}`)).rows.map(
    (r) => r.data,
  );
const clearJobs = (name: string) => ctx.rt.db.execute(sql`delete from pgboss.job where name = ${name}`);

/** Runs every queued invitation job by hand (as a worker would), then forgets them. */
const runInviteJobs = async () => {
  const queued = await jobsOf<InviteJob>(INVITE_CONTACTS_JOB);
  for (const job of queued) await ctx.rt.services.invitations.inviteSlice(job);
  await clearJobs(INVITE_CONTACTS_JOB);
  return queued;
};

const invitedIds = async (campaignId: string) =>
  (await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId)))
    .map((r) => r.contactId)
    .sort();

const inviteByFilter = async (
  s: Session,
  body: { filter: object; campaignIds: string[]; tags?: string[]; callForCheck?: boolean },
) => {
  const res = await s.apiUnchecked(api.contacts.invite, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InviteReport;
};

describe('inviting by filter', () => {
  it('invites and tags every contact the filter matches, of this manufacturer only, checking first', async () => {
    const mine = await ownerSession(ctx);
    const theirs = await ownerSession(ctx);
    const hamburg = await seed(mine, 4);
    await seed(mine, 2, 'Berlin');
    const foreign = await seed(theirs, 3);
    const campaign = await insertCampaign(ctx.rt, mine.manufacturerId);
    const [unsubscribed, invitedBefore] = hamburg;
    await ctx.rt.db
      .insert(contactUnsubscribes)
      .values({ manufacturerId: mine.manufacturerId, email: unsubscribed?.email as string });
    await ctx.rt.db.insert(invitations).values({
      manufacturerId: mine.manufacturerId,
      campaignId: campaign.id,
      contactId: invitedBefore?.id as string,
    });
    const body = { filter: { 'cities[]': ['Hamburg'] }, campaignIds: [campaign.id], tags: ['Fair'] };

    const check = await inviteByFilter(mine, { ...body, callForCheck: true });
    expect(check).toMatchObject({
      check: true,
      received: 4,
      newContacts: 0,
      existingContacts: 2,
      invitations: 2,
      tagged: 2,
      campaigns: [{ _id: campaign.id, invitations: 2 }],
    });
    expect(check.problems.map((p) => [p.email, p.code]).sort()).toEqual(
      [
        [unsubscribed?.email, 'contact/7'],
        [invitedBefore?.email, 'contact/4'],
      ].sort(),
    );
    expect(await jobsOf(INVITE_CONTACTS_JOB)).toEqual([]);
    expect(await invitedIds(campaign.id)).toEqual([invitedBefore?.id]);

    const sent = await inviteByFilter(mine, body);
    expect(sent).toMatchObject({ check: false, received: 4, invitations: 2, tagged: 2 });
    const jobs = await runInviteJobs();
    expect(jobs).toHaveLength(1);
    // The job names this manufacturer's matches only, the campaign and the tags.
    expect(jobs[0]).toMatchObject({ manufacturerId: mine.manufacturerId, campaignIds: [campaign.id] });
    expect(jobs[0]?.contactIds.sort()).toEqual(hamburg.map((c) => c.id).sort());
    const expected = hamburg.slice(1).map((c) => c.id);
    expect(await invitedIds(campaign.id)).toEqual(expected.sort());
    const tagged = await ctx.rt.db
      .select({ id: contacts.id, tags: contacts.tags })
      .from(contacts)
      .where(sql`${contacts.tags} @> array['fair']::text[]`);
    expect(tagged.map((c) => c.id).sort()).toEqual(
      hamburg
        .slice(2)
        .map((c) => c.id)
        .sort(),
    );
    // The other manufacturer's contacts match the same filter and are neither invited nor tagged.
    for (const c of foreign) expect(tagged.some((t) => t.id === c.id)).toBe(false);

    // The same call again finds nobody left to invite and queues nothing.
    const again = await inviteByFilter(mine, body);
    expect(again).toMatchObject({ invitations: 0, tagged: 0 });
    expect(await jobsOf(INVITE_CONTACTS_JOB)).toEqual([]);
  });

  it('reads a large filter a page at a time and slices the jobs by invitations', async () => {
    const s = await ownerSession(ctx);
    const many = await seed(s, 2_300);
    const [a, b] = [
      await insertCampaign(ctx.rt, s.manufacturerId),
      await insertCampaign(ctx.rt, s.manufacturerId),
    ];
    const report = await inviteByFilter(s, { filter: { 'tags[]': ['x'] }, campaignIds: [a.id, b.id] });
    expect(report).toMatchObject({ received: 2_300, invitations: 4_600 });
    const jobs = await runInviteJobs();
    // 1,000 invitations a job: 500 contacts to two campaigns.
    expect(jobs.map((j) => j.contactIds.length).sort((x, y) => x - y)).toEqual([300, 500, 500, 500, 500]);
    expect(await invitedIds(a.id)).toEqual(many.map((c) => c.id).sort());
    expect(await invitedIds(b.id)).toHaveLength(2_300);
    // A job run twice (a retry) invites nobody twice.
    await ctx.rt.services.invitations.inviteSlice(jobs[0] as InviteJob);
    expect(await invitedIds(a.id)).toHaveLength(2_300);
  });

  it('a filter matching none invites nobody and queues nothing; a campaign stopped meanwhile is left out', async () => {
    const s = await ownerSession(ctx);
    await seed(s, 2);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId);
    const none = await inviteByFilter(s, {
      filter: { search: 'nobody-is-called-this' },
      campaignIds: [campaign.id],
    });
    expect(none).toMatchObject({ received: 0, existingContacts: 0, invitations: 0, problems: [] });
    expect(await jobsOf(INVITE_CONTACTS_JOB)).toEqual([]);

    await inviteByFilter(s, { filter: {}, campaignIds: [campaign.id] });
    await ctx.rt.db.execute(sql`update campaigns set state = 'ended' where id = ${campaign.id}`);
    await runInviteJobs();
    expect(await invitedIds(campaign.id)).toEqual([]);
  });

  it('refuses emails and a filter together, neither, a bad filter, another maker’s list and a filter over the cap', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId);
    const refused = async (body: object, status = 400) => {
      const res = await s.apiUnchecked(api.contacts.invite, { body });
      expect(res.statusCode, res.body).toBe(status);
      return JSON.parse(res.body) as { code: string; field?: string };
    };
    expect(
      await refused({ emails: ['a@example.com'], filter: {}, campaignIds: [campaign.id] }),
    ).toMatchObject({ code: 'validation', field: 'filter' });
    expect(await refused({ campaignIds: [campaign.id] })).toMatchObject({
      code: 'validation',
      field: 'filter',
    });
    expect(
      await refused({ filter: { participation: 'sometimes' }, campaignIds: [campaign.id] }),
    ).toMatchObject({ code: 'validation' });
    const list = await other.api(api.contactLists.create, { body: { name: 'Theirs' } });
    expect(
      await refused(
        { filter: { contactListId: (list.json() as ContactList)._id }, campaignIds: [campaign.id] },
        404,
      ),
    ).toMatchObject({ code: 'not-found' });
    // Another maker's campaign is not found either, whatever the filter.
    const theirCampaign = await insertCampaign(ctx.rt, other.manufacturerId);
    expect(
      codeOf(
        await s.apiUnchecked(api.contacts.invite, { body: { filter: {}, campaignIds: [theirCampaign.id] } }),
      ),
    ).toBe('not-found');

    await seed(s, contactFilterMax + 1);
    expect(await refused({ filter: {}, campaignIds: [campaign.id] })).toMatchObject({
      code: 'validation',
      field: 'filter',
    });
    expect(await jobsOf(INVITE_CONTACTS_JOB)).toEqual([]);
    expect(await invitedIds(campaign.id)).toEqual([]);
  });
});

describe('adding to a list by filter', () => {
  const membersOf = async (listId: string) =>
    (await ctx.rt.db.select().from(contactListMembers).where(eq(contactListMembers.listId, listId)))
      .map((m) => m.contactId)
      .sort();

  it('adds every contact the filter matches, of this manufacturer only, and a new list is made with them', async () => {
    const mine = await ownerSession(ctx);
    const theirs = await ownerSession(ctx);
    const hamburg = await seed(mine, 3);
    const [berlin] = await seed(mine, 1, 'Berlin');
    await seed(theirs, 3);
    const made = await mine.api(api.contactLists.create, {
      body: { name: 'Fair', contactIds: [berlin?.id as string] },
    });
    const list = made.json() as ContactList;

    const res = await mine.apiUnchecked(api.contactLists.update, {
      params: { id: list._id },
      body: { filter: { 'cities[]': ['Hamburg'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fair', memberCount: 4 });
    expect(await membersOf(list._id)).toEqual([berlin, ...hamburg].map((c) => c?.id).sort());

    // A filter matching none changes nothing.
    const none = await mine.apiUnchecked(api.contactLists.update, {
      params: { id: list._id },
      body: { filter: { search: 'nobody-is-called-this' } },
    });
    expect(none.json()).toMatchObject({ memberCount: 4 });

    const created = await mine.apiUnchecked(api.contactLists.create, {
      body: { name: 'Hamburg', filter: { 'cities[]': ['Hamburg'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Hamburg', memberCount: 3 });

    // The other manufacturer cannot add to my list, whatever its filter.
    const foreign = await theirs.apiUnchecked(api.contactLists.update, {
      params: { id: list._id },
      body: { filter: {} },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await membersOf(list._id)).toHaveLength(4);
  });

  it('announces those who joined a linked list to its job, a page of 1,000 at a time', async () => {
    const s = await ownerSession(ctx);
    const people = await seed(s, 1_200);
    const campaign = await insertCampaign(ctx.rt, s.manufacturerId, { isGroupCampaign: true });
    const list = (await s.api(api.contactLists.create, { body: { name: 'Linked' } })).json() as ContactList;
    const linked = await s.api(api.contactLists.inviteToCampaign, {
      params: { id: campaign.id },
      body: { contactLists: [list._id] },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await clearJobs(CONTACT_LIST_MEMBERS_JOB);

    const res = await s.apiUnchecked(api.contactLists.update, {
      params: { id: list._id },
      body: { filter: {} },
    });
    expect(res.json()).toMatchObject({ memberCount: 1_200 });
    const joined = await jobsOf<{ manufacturerId: string; listId: string; contactIds: string[] }>(
      CONTACT_LIST_MEMBERS_JOB,
    );
    expect(joined.map((j) => j.contactIds.length).sort((x, y) => x - y)).toEqual([200, 1_000]);
    for (const job of joined) await ctx.rt.services.contactLists.inviteJoined(job);
    expect(await invitedIds(campaign.id)).toEqual(people.map((c) => c.id).sort());
  });

  it('refuses ids and a filter together, another maker’s list in the filter and a filter over the cap', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const [one] = await seed(s, 1);
    const list = (await s.api(api.contactLists.create, { body: { name: 'Mine' } })).json() as ContactList;
    const put = (body: object) => s.apiUnchecked(api.contactLists.update, { params: { id: list._id }, body });

    for (const body of [
      { newContactIds: [one?.id], filter: {} },
      { name: 'Mine', contactIds: [one?.id], filter: {} },
    ]) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', field: 'filter' });
    }
    const both = await s.apiUnchecked(api.contactLists.create, {
      body: { name: 'Both', contactIds: [one?.id], filter: {} },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'validation', field: 'filter' });

    const theirList = (
      await other.api(api.contactLists.create, { body: { name: 'Theirs' } })
    ).json() as ContactList;
    expect((await put({ filter: { contactListId: theirList._id } })).statusCode).toBe(404);

    await seed(s, contactFilterMax);
    const tooMany = await put({ filter: {} });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation', field: 'filter' });
    expect(await membersOf(list._id)).toEqual([]);
  });
});
