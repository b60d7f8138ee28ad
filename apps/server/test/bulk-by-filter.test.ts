import { randomUUID } from 'node:crypto';
import { api, contactFilterMax } from '@parley/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, useTestApp } from './helpers.js';

/**
 * The bulk calls by the contact list's filter instead of ids (docs/product-decisions.md, "Contacts"),
 * and the inbox's bulk archive ("The ticket conversation"): each reaches only its manufacturer's rows.
 */
const ctx = useTestApp();
type Session = Awaited<ReturnType<typeof ownerSession>>;

/** A manufacturer's contacts as rows: `tagged` of them with tag `x`, in Hamburg, and `plain` others. */
const seed = async (s: Session, tagged: number, plain: number, stamp = randomUUID().slice(0, 8)) => {
  const rows = [
    ...Array.from({ length: tagged }, (_, i) => ({ email: `x${i}-${stamp}@example.com`, tags: ['x'] })),
    ...Array.from({ length: plain }, (_, i) => ({ email: `p${i}-${stamp}@example.com`, tags: [] })),
  ];
  await ctx.rt.db
    .insert(contacts)
    .values(rows.map((r) => ({ manufacturerId: s.manufacturerId, city: 'Hamburg', ...r })));
};

const tagsOf = async (manufacturerId: string) =>
  (await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, manufacturerId))).map(
    (c) => c.tags,
  );

describe('bulk delete by filter', () => {
  it('deletes every contact the filter matches, of this manufacturer only', async () => {
    const mine = await ownerSession(ctx);
    const theirs = await ownerSession(ctx);
    await seed(mine, 3, 2);
    await seed(theirs, 4, 0);

    const res = await mine.api(api.contacts.bulkDelete, {
      body: { filter: { 'tags[]': ['x'], 'cities[]': ['Hamburg'] } },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await tagsOf(mine.manufacturerId)).toEqual([[], []]);
    // The other manufacturer's contacts match the same filter and stay.
    expect(await tagsOf(theirs.manufacturerId)).toHaveLength(4);

    // An empty filter is "every contact": the rest of mine, none of theirs.
    expect((await mine.api(api.contacts.bulkDelete, { body: { filter: {} } })).statusCode).toBe(204);
    expect(await tagsOf(mine.manufacturerId)).toEqual([]);
    expect(await tagsOf(theirs.manufacturerId)).toHaveLength(4);
  });

  it('refuses both ids and a filter, neither, another maker’s list and a filter over the cap', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    await seed(s, 1, 0);
    const [one] = await ctx.rt.db
      .select()
      .from(contacts)
      .where(eq(contacts.manufacturerId, s.manufacturerId));
    const both = await s.apiUnchecked(api.contacts.bulkDelete, {
      body: { contactIds: [one?.id ?? ''], filter: {} },
    });
    expect(both.statusCode).toBe(400);
    expect(codeOf(both)).toBe('validation');
    expect((JSON.parse(both.body) as { field?: string }).field).toBe('filter');
    const neither = await s.apiUnchecked(api.contacts.bulkDelete, { body: { eraseAnswers: true } });
    expect(neither.statusCode).toBe(400);
    expect(codeOf(neither)).toBe('validation');

    const list = await other.api(api.contactLists.create, { body: { name: 'Theirs' } });
    expect(list.statusCode, list.body).toBe(201);
    const foreignList = await s.apiUnchecked(api.contacts.bulkDelete, {
      body: { filter: { contactListId: list.json()._id } },
    });
    expect(foreignList.statusCode).toBe(404);
    expect(await tagsOf(s.manufacturerId)).toHaveLength(1);

    // One more than the cap matches: refused whole, nothing deleted.
    await seed(s, contactFilterMax, 0);
    const tooMany = await s.apiUnchecked(api.contacts.bulkDelete, { body: { filter: { 'tags[]': ['x'] } } });
    expect(tooMany.statusCode).toBe(400);
    expect((JSON.parse(tooMany.body) as { field?: string }).field).toBe('filter');
    expect(await tagsOf(s.manufacturerId)).toHaveLength(contactFilterMax + 1);
  });
});

describe('tag edit by filter', () => {
  it('tags every contact the filter matches, of this manufacturer only, and checks first', async () => {
    const mine = await ownerSession(ctx);
    const theirs = await ownerSession(ctx);
    await seed(mine, 2, 1);
    await seed(theirs, 2, 0);
    const body = { filter: { 'tags[]': ['x'] }, addedTags: ['vip'] };

    const check = await mine.api(api.tags.edit, { body: { ...body, callForCheck: true } });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ check: true, contacts: 2, tagged: 2 });
    expect((await tagsOf(mine.manufacturerId)).filter((t) => t.includes('vip'))).toHaveLength(0);

    const done = await mine.api(api.tags.edit, { body });
    expect(done.statusCode, done.body).toBe(200);
    expect((await tagsOf(mine.manufacturerId)).sort()).toEqual([[], ['vip', 'x'], ['vip', 'x']]);
    expect(await tagsOf(theirs.manufacturerId)).toEqual([['x'], ['x']]);

    const both = await mine.apiUnchecked(api.tags.edit, {
      body: { ...body, contactIds: [randomUUID()] },
    });
    expect(both.statusCode).toBe(400);
    expect(codeOf(both)).toBe('validation');
  });
});

describe('bulk archive in the inbox', () => {
  it("archives and restores this manufacturer's tickets only, counting those that changed", async () => {
    const ticketOf = async (s: Session) => {
      const c = await insertCampaign(ctx.rt, s.manufacturerId);
      const res = await callApi(ctx.app, api.participation.submit, {
        params: { id: c.id },
        body: {
          email: `t-${randomUUID()}@example.com`,
          submissionId: randomUUID(),
          answers: [{ questionId: c.questions[0]?.id as string, text: 'Hi' }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [t] = await ctx.rt.db.select().from(campaignTickets).where(eq(campaignTickets.campaignId, c.id));
      return t?.id as string;
    };
    const mine = await ownerSession(ctx);
    const theirs = await ownerSession(ctx);
    const [a, b, foreign] = [await ticketOf(mine), await ticketOf(mine), await ticketOf(theirs)];
    const archived = async (ids: string[]) =>
      (
        await ctx.rt.db
          .select({ id: campaignTickets.id })
          .from(campaignTickets)
          .where(and(inArray(campaignTickets.id, ids), eq(campaignTickets.ignored, true)))
      ).map((r) => r.id);

    const res = await mine.api(api.tickets.bulkArchive, { body: { ids: [a, b, foreign], archived: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    expect((await archived([a, b, foreign])).sort()).toEqual([a, b].sort());
    // Already archived: nothing changes.
    expect((await mine.api(api.tickets.bulkArchive, { body: { ids: [a], archived: true } })).json()).toEqual({
      changed: 0,
    });

    const restored = await mine.api(api.tickets.bulkArchive, {
      body: { ids: [a, foreign], archived: false },
    });
    expect(restored.json()).toEqual({ changed: 1 });
    expect(await archived([a, b, foreign])).toEqual([b]);

    const none = await mine.apiUnchecked(api.tickets.bulkArchive, { body: { ids: [], archived: true } });
    expect(none.statusCode).toBe(400);
  });
});
