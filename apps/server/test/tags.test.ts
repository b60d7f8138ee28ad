import { randomUUID } from 'node:crypto';
import { api, type Question, type TagGroup, type TagReport } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import { contacts, contactUnsubscribes } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { TAG_CHANGE_JOB } from '../src/modules/tags/index.js';
import { tagChanges } from '../src/modules/tags/tags.tables.js';
import { addQuestion, choice, createCampaign, expectError, post } from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';
import { tenantSnapshot } from './snapshot.js';

type Session = Awaited<ReturnType<typeof ownerSession>>;

const clock = createTestClock(new Date('2026-05-04T08:00:00Z'));
// No workers: the tag change job and the sweep are run by hand, so nothing races the assertions.
const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000', JOBS: 'false' }, { clock });

const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Contacts of the session's manufacturer with these tags, written straight into the table. */
const makeContacts = async (s: Session, tagSets: string[][]) =>
  ctx.rt.db
    .insert(contacts)
    .values(
      tagSets.map((tags, i) => ({
        manufacturerId: s.manufacturerId,
        email: addr(`c${i}`),
        kind: 'contact' as const,
        tags,
      })),
    )
    .returning();

const createGroup = async (
  s: Session,
  body: { title: string; condition?: 'and' | 'or'; tags?: string[]; description?: string },
) => {
  const res = await s.api(api.tags.create, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TagGroup;
};

const report = async (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TagReport;
};

const invitationsOf = (campaignId: string) =>
  ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, campaignId));

const queuedChanges = async () =>
  (
    await ctx.rt.db.execute<{ data: { changeId: string } }>(
      sql`select data from pgboss.job where name = ${TAG_CHANGE_JOB} and state = 'created'`,
    )
  ).rows.map((r) => r.data.changeId);

/** Runs every queued tag change job by hand (the workers are off), as the queue would. */
const runChangeJobs = async () => {
  const ids = await queuedChanges();
  for (const id of ids) await ctx.rt.services.tags.processChange(id);
  await ctx.rt.db.execute(sql`delete from pgboss.job where name = ${TAG_CHANGE_JOB}`);
  return ids.length;
};

const tagsOf = async (id: string) =>
  (await ctx.rt.db.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.id, id)))[0]?.tags;

describe('tag groups', () => {
  it('creates, lists with live counts, searches, renames and deletes a group; contacts keep their tags', async () => {
    const s = await ownerSession(ctx);
    await makeContacts(s, [['vip', 'berlin'], ['vip'], ['berlin'], []]);
    const and = await createGroup(s, {
      title: '  VIP in Berlin ',
      condition: 'and',
      tags: [' VIP', 'Berlin', 'vip'],
    });
    expect(and).toMatchObject({
      title: 'VIP in Berlin',
      condition: 'and',
      tags: ['berlin', 'vip'],
      memberCount: 1,
    });
    const or = await createGroup(s, { title: 'VIP or Berlin', condition: 'or', tags: ['vip', 'berlin'] });
    expect(or.memberCount).toBe(3);
    const empty = await createGroup(s, { title: 'Nobody yet' });
    expect(empty).toMatchObject({ condition: 'and', tags: [], memberCount: 0 });

    const list = await s.api(api.tags.groups, { query: { limit: 10 } });
    expect(
      (list.json() as { documents: TagGroup[]; total: number }).documents.map((g) => [
        g.title,
        g.memberCount,
      ]),
    ).toEqual([
      ['Nobody yet', 0],
      ['VIP in Berlin', 1],
      ['VIP or Berlin', 3],
    ]);
    // The search matches a part of the title or a tag.
    const found = await s.api(api.tags.groups, { query: { search: 'BERL' } });
    expect((found.json() as { total: number }).total).toBe(2);

    clock.advance(1000);
    const renamed = await report(
      await s.api(api.tags.update, {
        params: { id: and._id },
        body: { title: 'Berlin VIPs', description: 'Our best', updatedAt: and.updatedAt },
      }),
    );
    expect(renamed.group).toMatchObject({ title: 'Berlin VIPs', description: 'Our best', memberCount: 1 });
    expect(renamed.groups).toEqual([]);
    expectError(
      await s.api(api.tags.update, {
        params: { id: and._id },
        body: { title: 'Again', updatedAt: and.updatedAt },
      }),
      409,
      'conflict/stale',
      'updatedAt',
    );
    expectError(
      await s.api(api.tags.create, { body: { title: 'berlin vips' } }),
      409,
      'tag/group-title-taken',
      'title',
    );

    // The delete's preview says what goes and changes nothing.
    const before = await tenantSnapshot(ctx.rt, s.manufacturerId);
    const preview = await report(
      await s.api(api.tags.remove, { params: { id: or._id }, body: { callForCheck: true } }),
    );
    expect(preview).toMatchObject({
      check: true,
      contacts: 3,
      groups: [{ _id: or._id, lost: 3, memberCount: 0 }],
    });
    expect(await tenantSnapshot(ctx.rt, s.manufacturerId)).toEqual(before);
    expect(
      (await report(await s.api(api.tags.remove, { params: { id: or._id }, body: { callForCheck: false } })))
        .check,
    ).toBe(false);
    expectError(await s.api(api.tags.group, { params: { id: or._id } }), 404, 'not-found');
    const left = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(left.map((c) => c.tags.join(',')).sort()).toEqual(['', 'berlin', 'vip', 'vip,berlin']);
  });

  it('counts and/or members, a contact in both groups, and pages the members', async () => {
    const s = await ownerSession(ctx);
    const [both, vip, , none] = await makeContacts(s, [
      ['berlin', 'vip'],
      ['vip'],
      ['berlin', 'munich'],
      ['x'],
    ]);
    const and = await createGroup(s, { title: 'and', condition: 'and', tags: ['vip', 'berlin'] });
    const or = await createGroup(s, { title: 'or', condition: 'or', tags: ['vip', 'munich'] });
    const members = async (id: string, query = {}) =>
      (await s.api(api.tags.members, { params: { id }, query })).json() as {
        documents: { _id: string }[];
        total: number;
      };
    expect((await members(and._id)).documents.map((c) => c._id)).toEqual([both?.id]);
    const ors = await members(or._id, { limit: 2 });
    expect(ors.total).toBe(3);
    expect(ors.documents).toHaveLength(2);
    expect((await members(or._id, { limit: 2, page: 2 })).documents).toHaveLength(1);
    // The contact with vip and berlin is in both groups; the one with x in none.
    expect((await members(or._id, { limit: 10 })).documents.map((c) => c._id)).toContain(both?.id);
    expect((await members(or._id, { limit: 10 })).documents.map((c) => c._id)).toContain(vip?.id);
    expect((await members(or._id, { limit: 10 })).documents.map((c) => c._id)).not.toContain(none?.id);
    // Turning "and" into "or" gains the vip-only and the berlin-only contacts.
    const preview = await report(
      await s.api(api.tags.update, {
        params: { id: and._id },
        body: { condition: 'or', callForCheck: true },
      }),
    );
    expect(preview.groups).toEqual([{ _id: and._id, title: 'and', gained: 2, lost: 0, memberCount: 3 }]);
    expect((await s.api(api.tags.group, { params: { id: and._id } })).json()).toMatchObject({
      condition: 'and',
      memberCount: 1,
    });
  });

  it('searches the tags in use with their contact counts, also those only a group or an option has', async () => {
    const s = await ownerSession(ctx);
    await makeContacts(s, [['vip', 'berlin'], ['vip'], ['munich']]);
    await createGroup(s, { title: 'g', tags: ['prospect'] });
    const res = await s.api(api.tags.search, { query: {} });
    expect((res.json() as { documents: unknown[] }).documents).toEqual([
      { tag: 'vip', contactCount: 2 },
      { tag: 'berlin', contactCount: 1 },
      { tag: 'munich', contactCount: 1 },
      { tag: 'prospect', contactCount: 0 },
    ]);
    const some = await s.api(api.tags.search, { query: { search: 'I', limit: 2 } });
    expect(some.json()).toEqual({
      documents: [
        { tag: 'vip', contactCount: 2 },
        { tag: 'berlin', contactCount: 1 },
      ],
      total: 3,
    });
  });

  it('refuses bad input naming the field, and hides another manufacturer’s groups, contacts and campaigns', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const g = await createGroup(s, { title: 'mine', tags: ['a'] });
    const theirs = await createGroup(other, { title: 'theirs', tags: ['a'] });
    const [theirContact] = await makeContacts(other, [['a']]);
    const theirCampaign = await insertCampaign(ctx.rt, other.manufacturerId);
    expectError(
      await s.apiUnchecked(api.tags.addTags, { params: { id: g._id }, body: { tags: ['x'.repeat(51)] } }),
      400,
      'validation',
      'tags.0',
    );
    expectError(await s.apiUnchecked(api.tags.create, { body: { title: ' ' } }), 400, 'validation', 'title');
    expectError(
      await s.apiUnchecked(api.tags.edit, { body: { contactIds: [randomUUID()] } }),
      400,
      'validation',
      'addedTags',
    );
    expectError(
      await s.apiUnchecked(api.tags.edit, {
        body: { contactIds: [randomUUID()], addedTags: ['a'], removedTags: ['A'] },
      }),
      400,
      'validation',
      'removedTags',
    );
    const before = await tenantSnapshot(ctx.rt, other.manufacturerId);
    for (const res of [
      await s.api(api.tags.group, { params: { id: theirs._id } }),
      await s.api(api.tags.members, { params: { id: theirs._id } }),
      await s.api(api.tags.update, { params: { id: theirs._id }, body: { title: 'mine now' } }),
      await s.api(api.tags.remove, { params: { id: theirs._id }, body: { callForCheck: false } }),
      await s.api(api.tags.addTags, { params: { id: theirs._id }, body: { tags: ['b'] } }),
      await s.api(api.tags.removeTags, { params: { id: theirs._id }, body: { tags: ['a'] } }),
      await s.api(api.tags.linkCampaigns, {
        params: { id: g._id },
        body: { campaignIds: [theirCampaign.id] },
      }),
      await s.api(api.tags.linkGroups, { params: { id: theirCampaign.id }, body: { tagGroupIds: [g._id] } }),
      await s.api(api.tags.edit, { body: { contactIds: [theirContact?.id as string], addedTags: ['b'] } }),
      await s.api(api.tags.addCampaignTags, { params: { id: theirCampaign.id }, body: { tags: ['b'] } }),
      await s.api(api.tags.groups, { query: { campaignId: theirCampaign.id } }),
    ]) {
      expectError(res, 404, 'not-found');
    }
    expect(await tenantSnapshot(ctx.rt, other.manufacturerId)).toEqual(before);
  });
});

describe('live audiences', () => {
  it('links a group to a running campaign: previews, then invites every member once, never the unsubscribed', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const [a, b, gone] = await makeContacts(s, [['vip'], ['vip', 'berlin'], ['vip']]);
    await ctx.rt.db
      .insert(contactUnsubscribes)
      .values({ manufacturerId: s.manufacturerId, email: gone?.email as string });
    const g = await createGroup(s, { title: 'VIPs', tags: ['vip'] });
    const g2 = await createGroup(s, { title: 'Berliners', tags: ['berlin'] });

    const before = await tenantSnapshot(ctx.rt, s.manufacturerId);
    const preview = await report(
      await s.api(api.tags.linkCampaigns, {
        params: { id: g._id },
        body: { campaignIds: [c.id], callForCheck: true },
      }),
    );
    expect(preview).toMatchObject({
      check: true,
      contacts: 3,
      invitations: 2,
      campaigns: [{ _id: c.id, invitations: 2 }],
      problems: [{ code: 'contact/7', count: 1 }],
    });
    expect(await tenantSnapshot(ctx.rt, s.manufacturerId)).toEqual(before);
    expect(await invitationsOf(c.id)).toHaveLength(0);

    const done = await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    // The group's job invites them (1,000 a transaction), not the call.
    expect(await invitationsOf(c.id)).toHaveLength(0);
    expect(await runChangeJobs()).toBe(1);
    expect(done).toMatchObject({ check: false, invitations: 2 });
    expect(done.group?.campaigns.map((x) => x._id)).toEqual([c.id]);
    const made = await invitationsOf(c.id);
    expect(made.map((i) => i.contactId).sort()).toEqual([a?.id, b?.id].sort());
    expect(made[0]?.origin).toEqual({
      kind: 'tagGroup',
      tagGroupId: g._id,
      tagGroupTitle: 'VIPs',
      via: 'group',
      tags: [],
    });

    // Linking the second group from the campaign's side: b is in both and is not invited twice.
    const fromCampaign = await report(
      await s.api(api.tags.linkGroups, { params: { id: c.id }, body: { tagGroupIds: [g._id, g2._id] } }),
    );
    expect(fromCampaign.invitations).toBe(0);
    expect(fromCampaign.problems).toEqual([
      expect.objectContaining({ code: 'contact/7', count: 1 }),
      expect.objectContaining({ code: 'contact/4', count: 2 }),
    ]);
    expect(await invitationsOf(c.id)).toHaveLength(2);

    // The contact page names the group behind the invitation.
    const page = (await s.api(api.contacts.get, { params: { id: a?.id as string } })).json() as {
      campaigns: { _id: string; invitation: { origin: unknown } }[];
    };
    expect(page.campaigns.find((x) => x._id === c.id)?.invitation.origin).toMatchObject({
      tagGroupTitle: 'VIPs',
    });

    // Only a running campaign takes a link.
    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    expectError(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [draft.id] } }),
      409,
      'contact/5',
      'campaignIds',
    );
  });

  it('invites a contact who joins a linked group through a job, once; nothing after unlinking or the end', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const g = await createGroup(s, { title: 'vip and berlin', condition: 'and', tags: ['vip', 'berlin'] });
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    await runChangeJobs();
    const [anna, ben, gone] = await makeContacts(s, [['vip'], [], []]);
    await ctx.rt.db
      .insert(contactUnsubscribes)
      .values({ manufacturerId: s.manufacturerId, email: gone?.email as string });

    // The preview of tagging from the contact table: who gets the tag, joins, is invited; nothing changes.
    const body = {
      contactIds: [anna?.id as string, ben?.id as string, gone?.id as string],
      addedTags: ['Berlin', 'vip'],
    };
    const before = await tenantSnapshot(ctx.rt, s.manufacturerId);
    const preview = await report(await s.api(api.tags.edit, { body: { ...body, callForCheck: true } }));
    expect(preview).toMatchObject({
      check: true,
      contacts: 3,
      tagged: 3,
      untagged: 0,
      groups: [{ _id: g._id, gained: 3, lost: 0, memberCount: 3 }],
      invitations: 2,
      campaigns: [{ _id: c.id, invitations: 2 }],
      problems: [{ code: 'contact/7', count: 1 }],
    });
    expect(await tenantSnapshot(ctx.rt, s.manufacturerId)).toEqual(before);
    expect(await queuedChanges()).toHaveLength(0);

    const done = await report(await s.api(api.tags.edit, { body }));
    expect(done).toMatchObject({ check: false, tagged: 3, invitations: 2 });
    expect(await tagsOf(anna?.id as string)).toEqual(['berlin', 'vip']);
    // The job was queued with the tags; the invitations come with it, not before.
    expect(await invitationsOf(c.id)).toHaveLength(0);
    expect(await runChangeJobs()).toBe(1);
    const made = await invitationsOf(c.id);
    expect(made.map((i) => i.contactId).sort()).toEqual([anna?.id, ben?.id].sort());
    expect(made[0]?.origin).toMatchObject({ tagGroupId: g._id, via: 'hand', tags: ['berlin', 'vip'] });

    // Tagged again: nothing new (no tag gained, no job).
    expect((await report(await s.api(api.tags.edit, { body }))).tagged).toBe(0);
    expect(await runChangeJobs()).toBe(0);
    // The same job run twice (a retry) invites nobody twice.
    const [change] = await ctx.rt.db
      .select()
      .from(tagChanges)
      .where(eq(tagChanges.manufacturerId, s.manufacturerId));
    await ctx.rt.services.tags.processChange(change?.id as string);
    expect(await invitationsOf(c.id)).toHaveLength(2);

    // Removing a tag leaves the group; the invitation stays.
    const untag = await report(
      await s.api(api.tags.edit, { body: { contactIds: [ben?.id as string], removedTags: ['vip'] } }),
    );
    expect(untag).toMatchObject({ untagged: 1, groups: [{ gained: 0, lost: 1, memberCount: 2 }] });
    expect(await invitationsOf(c.id)).toHaveLength(2);

    // Unlinked: a new member is not invited any more.
    const [cara] = await makeContacts(s, [['vip']]);
    await report(
      await s.api(api.tags.unlinkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    await report(
      await s.api(api.tags.edit, { body: { contactIds: [cara?.id as string], addedTags: ['berlin'] } }),
    );
    await runChangeJobs();
    expect(await invitationsOf(c.id)).toHaveLength(2);
    expectError(
      await s.api(api.tags.unlinkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
      404,
      'not-found',
    );

    // Linked again, but the campaign ended: nobody new.
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    await runChangeJobs();
    expect(await invitationsOf(c.id)).toHaveLength(3);
    await ctx.rt.db.update(campaigns).set({ state: 'ended' }).where(eq(campaigns.id, c.id));
    const [dora] = await makeContacts(s, [['vip']]);
    await report(
      await s.api(api.tags.edit, { body: { contactIds: [dora?.id as string], addedTags: ['berlin'] } }),
    );
    await runChangeJobs();
    expect(await invitationsOf(c.id)).toHaveLength(3);
  });

  it('invites those who join when a linked group changes its tags or condition', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const [a, b] = await makeContacts(s, [['vip'], ['vip', 'berlin']]);
    const g = await createGroup(s, { title: 'g', condition: 'and', tags: ['vip', 'berlin'] });
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    await runChangeJobs();
    expect((await invitationsOf(c.id)).map((i) => i.contactId)).toEqual([b?.id]);
    const preview = await report(
      await s.api(api.tags.removeTags, {
        params: { id: g._id },
        body: { tags: ['BERLIN'], callForCheck: true },
      }),
    );
    expect(preview).toMatchObject({ groups: [{ gained: 1, lost: 0, memberCount: 2 }], invitations: 1 });
    expect(await invitationsOf(c.id)).toHaveLength(1);
    const done = await report(
      await s.api(api.tags.removeTags, { params: { id: g._id }, body: { tags: ['berlin'] } }),
    );
    expect(done.group?.tags).toEqual(['vip']);
    expect(await runChangeJobs()).toBe(1);
    expect((await invitationsOf(c.id)).map((i) => i.contactId).sort()).toEqual([a?.id, b?.id].sort());
    // Adding a tag to an "and" group narrows it: nobody is invited, nobody's invitation goes.
    const narrowed = await report(
      await s.api(api.tags.addTags, { params: { id: g._id }, body: { tags: ['munich'] } }),
    );
    expect(narrowed).toMatchObject({ invitations: 0, groups: [{ gained: 0, lost: 2, memberCount: 0 }] });
    expect(await invitationsOf(c.id)).toHaveLength(2);
  });

  it('gives option and campaign tags with the answer, and the linked group invites the participant elsewhere', async () => {
    const s = await ownerSession(ctx);
    const survey = await createCampaign(s, { title: 'Fair survey' });
    const q = await addQuestion(s, survey._id, choice('Where are you from?', ['Berlin', 'Munich']));
    const berlin = q.options[0]?._id as string;
    const set = await s.api(api.questions.optionTags, {
      params: { id: survey._id, qid: q._id, oid: berlin },
      body: { tags: ['Berlin', ' berlin '] },
    });
    expect((set.json() as Question).options[0]?.tags).toEqual(['berlin']);
    await report(
      await s.api(api.tags.addCampaignTags, { params: { id: survey._id }, body: { tags: ['Fair 2026'] } }),
    );
    await post(s, api.campaigns.start, survey._id);
    const followUp = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Berlin follow-up' });
    const g = await createGroup(s, { title: 'fair visitors from berlin', tags: ['berlin', 'fair 2026'] });
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [followUp.id] } }),
    );
    await runChangeJobs();

    const email = addr('participant');
    const answer = (optionId: string, to = email) =>
      callApiUnchecked(ctx.app, api.participation.submit, {
        params: { id: survey._id },
        body: {
          email: to,
          submissionId: randomUUID(),
          answers: [{ questionId: q._id, optionIds: [optionId] }],
        },
      });
    expect((await answer(berlin)).statusCode).toBe(201);
    const [contact] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.manufacturerId, s.manufacturerId), eq(contacts.email, email)));
    expect(contact?.tags).toEqual(['berlin', 'fair 2026']);
    expect(await runChangeJobs()).toBe(1);
    const made = await invitationsOf(followUp.id);
    expect(made.map((i) => i.contactId)).toEqual([contact?.id]);
    expect(made[0]?.origin).toMatchObject({ via: 'answer', tagGroupTitle: 'fair visitors from berlin' });

    // A Munich participant gets only the campaign tag: not a member, not invited.
    expect((await answer(q.options[1]?._id as string, addr('munich'))).statusCode).toBe(201);
    await runChangeJobs();
    expect(await invitationsOf(followUp.id)).toHaveLength(1);
  });

  it('previews re-applying an option’s tags to its past pickers (simulate), then applies them on request', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, {
      questions: [{ type: 'MultiChoice', text: 'Which?', options: ['Red', 'Green'] }],
    });
    const q = c.questions[0] as (typeof c.questions)[0];
    const [red, green] = q.options as [string, string];
    const other = await insertCampaign(ctx.rt, s.manufacturerId);
    const g = await createGroup(s, { title: 'reds', tags: ['red lover'] });
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [other.id] } }),
    );
    await runChangeJobs();
    for (const optionIds of [[red], [red, green], [green]]) {
      const res = await callApiUnchecked(ctx.app, api.participation.submit, {
        params: { id: c.id },
        body: { email: addr(), submissionId: randomUUID(), answers: [{ questionId: q.id, optionIds }] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await tenantSnapshot(ctx.rt, s.manufacturerId);
    const simulated = await report(
      await s.api(api.tags.simulate, {
        params: { id: c.id, qid: q.id, oid: red },
        query: { 'tags[]': ['Red Lover'] },
      }),
    );
    expect(simulated).toMatchObject({
      check: true,
      contacts: 2,
      tagged: 2,
      groups: [{ _id: g._id, gained: 2, memberCount: 2 }],
      invitations: 2,
      campaigns: [{ _id: other.id, invitations: 2 }],
    });
    expect(await tenantSnapshot(ctx.rt, s.manufacturerId)).toEqual(before);
    expectError(
      await s.api(api.tags.simulate, { params: { id: c.id, qid: q.id, oid: randomUUID() }, query: {} }),
      404,
      'not-found',
    );

    // Without applyToPast only later answers get the tags; with it the past pickers get them now.
    await ctx.rt.db.update(campaigns).set({ state: 'draft' }).where(eq(campaigns.id, c.id));
    const set = (applyToPast: boolean) =>
      s.api(api.questions.optionTags, {
        params: { id: c.id, qid: q.id, oid: red },
        body: { tags: ['red lover'], applyToPast },
      });
    expect((await set(false)).statusCode).toBe(200);
    expect(await runChangeJobs()).toBe(0);
    expect((await set(true)).statusCode).toBe(200);
    expect(await runChangeJobs()).toBe(1);
    expect(await invitationsOf(other.id)).toHaveLength(2);
  });

  it('adds campaign tags to past participants on request, with the preview; removing keeps the given tags', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const res = await callApiUnchecked(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email: addr(),
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]?.id, text: 'fine' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const before = await tenantSnapshot(ctx.rt, s.manufacturerId);
    const preview = await report(
      await s.api(api.tags.addCampaignTags, {
        params: { id: c.id },
        body: { tags: ['Alumni'], applyToPast: true, callForCheck: true },
      }),
    );
    expect(preview).toMatchObject({ check: true, contacts: 1, tagged: 1 });
    expect(await tenantSnapshot(ctx.rt, s.manufacturerId)).toEqual(before);
    await report(
      await s.api(api.tags.addCampaignTags, {
        params: { id: c.id },
        body: { tags: ['Alumni'], applyToPast: true },
      }),
    );
    const got = (await s.api(api.campaigns.get, { params: { id: c.id } })).json() as { tags: string[] };
    expect(got.tags).toEqual(['alumni']);
    const [participant] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(participant?.tags).toEqual(['alumni']);
    await report(
      await s.api(api.tags.removeCampaignTags, { params: { id: c.id }, body: { tags: ['alumni'] } }),
    );
    expect(
      ((await s.api(api.campaigns.get, { params: { id: c.id } })).json() as { tags: string[] }).tags,
    ).toEqual([]);
    expect(await tagsOf(participant?.id as string)).toEqual(['alumni']);
  });

  it('the sweep finishes a tag change whose job was lost in a crash, once', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const g = await createGroup(s, { title: 'g', tags: ['lost'] });
    await report(
      await s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [c.id] } }),
    );
    await runChangeJobs();
    const [a] = await makeContacts(s, [[]]);
    await report(
      await s.api(api.tags.edit, { body: { contactIds: [a?.id as string], addedTags: ['lost'] } }),
    );
    // Its job still waits: the sweep leaves the change to it.
    expect((await ctx.rt.services.tags.sweep()).finished).toBe(0);
    expect(await invitationsOf(c.id)).toHaveLength(0);
    // Held by a process that was killed: its claim expired, so it is as good as gone.
    await ctx.rt.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour'
      where name = ${TAG_CHANGE_JOB}`);
    expect((await ctx.rt.services.tags.sweep()).finished).toBeGreaterThanOrEqual(1);
    expect((await invitationsOf(c.id)).map((i) => i.contactId)).toEqual([a?.id]);
    // The crash: another change is stored with the tags, its job is gone.
    const [b] = await makeContacts(s, [[]]);
    await report(
      await s.api(api.tags.edit, { body: { contactIds: [b?.id as string], addedTags: ['lost'] } }),
    );
    await ctx.rt.db.execute(sql`delete from pgboss.job where name = ${TAG_CHANGE_JOB}`);
    expect((await ctx.rt.services.tags.sweep()).finished).toBeGreaterThanOrEqual(1);
    expect((await invitationsOf(c.id)).map((i) => i.contactId).sort()).toEqual([a?.id, b?.id].sort());
    expect((await ctx.rt.services.tags.sweep()).finished).toBe(0);
    expect(await invitationsOf(c.id)).toHaveLength(2);
  });

  it('links a group to a campaign while people answer it, without a deadlock, and misses nobody', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { allowMultipleParticipation: true });
    await ctx.rt.db
      .update(campaigns)
      .set({ tags: ['fair'] })
      .where(eq(campaigns.id, c.id));
    const other = await insertCampaign(ctx.rt, s.manufacturerId);
    const g = await createGroup(s, { title: 'fair', tags: ['fair'] });
    const answer = (i: number) =>
      callApiUnchecked(
        ctx.app,
        api.participation.submit,
        {
          params: { id: c.id },
          body: {
            email: addr(`race${i}`),
            submissionId: randomUUID(),
            answers: [{ questionId: c.questions[0]?.id, text: 'yes' }],
          },
        },
        { remoteAddress: `10.0.0.${i}` },
      );
    const link = (campaignId: string) =>
      s.api(api.tags.linkCampaigns, { params: { id: g._id }, body: { campaignIds: [campaignId] } });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => answer(i)),
      link(c.id),
      ...Array.from({ length: 6 }, (_, i) => answer(i + 6)),
      link(other.id),
    ]);
    for (const r of results) expect([200, 201], r.body).toContain(r.statusCode);
    await runChangeJobs();
    // Everyone who answered is in the group: each invited to the other campaign, once (the one they
    // answered needs no invitation).
    expect(await invitationsOf(other.id)).toHaveLength(12);
  });
});
