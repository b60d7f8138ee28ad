import { randomUUID } from 'node:crypto';
import { api, type ContactList, routeUrl } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactListCounts } from '../src/modules/contact-lists/contact-lists.tables.js';
import { contactCounts, contacts } from '../src/modules/contacts/contacts.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { multipart } from './campaign-api.js';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * The counts the contact book and the contact lists read instead of counting (migration 0014): a
 * manufacturer's contacts per kind (contact_counts), a contact's invitations and answered campaigns
 * (contacts.invited_count, answered_count) and a list's members (contact_list_counts), each compared after
 * every way its rows come and go with the count the lists made before, taken live from the rows.
 */
const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });
type Session = Awaited<ReturnType<typeof ownerSession>>;

const addr = (name = 'p') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Every count of the manufacturer, kept and live, for one `expect`. */
const countsOf = async (manufacturerId: string) => {
  const kinds = await ctx.rt.pool.query<{ kind: string; kept: number; live: number }>(
    `select k.kind,
       (select coalesce(sum(count), 0)::int from contact_counts where manufacturer_id = $1 and kind = k.kind) as kept,
       (select count(*)::int from contacts where manufacturer_id = $1 and kind = k.kind) as live
     from (values ('contact'), ('temp')) k(kind)`,
    [manufacturerId],
  );
  const contactRows = await ctx.rt.pool.query<{ id: string; kept: string; live: string }>(
    `select c.id, c.invited_count || '/' || c.answered_count as kept,
       (select count(*) from invitations i where i.contact_id = c.id) || '/' ||
       (select count(distinct t.campaign_id) from campaign_tickets t where t.contact_id = c.id) as live
     from contacts c where c.manufacturer_id = $1 order by c.id`,
    [manufacturerId],
  );
  const lists = await ctx.rt.pool.query<{ id: string; kept: number | null; live: number }>(
    `select l.id, (select members from contact_list_counts where list_id = l.id) as kept,
       (select count(*)::int from contact_list_members m where m.list_id = l.id) as live
     from contact_lists l where l.manufacturer_id = $1 order by l.id`,
    [manufacturerId],
  );
  return {
    kinds: kinds.rows.map((r) => ({ kind: r.kind, kept: r.kept })),
    liveKinds: kinds.rows.map((r) => ({ kind: r.kind, kept: r.live })),
    contacts: contactRows.rows.map((r) => ({ id: r.id, counts: r.kept })),
    liveContacts: contactRows.rows.map((r) => ({ id: r.id, counts: r.live })),
    lists: lists.rows.map((r) => ({ id: r.id, members: r.kept })),
    liveLists: lists.rows.map((r) => ({ id: r.id, members: r.live })),
  };
};

/** Every kept count of the manufacturer equals the live one, and the book's total is the live count. */
const expectCountsRight = async (s: Session) => {
  const c = await countsOf(s.manufacturerId);
  expect(c.kinds).toEqual(c.liveKinds);
  expect(c.contacts).toEqual(c.liveContacts);
  expect(c.lists).toEqual(c.liveLists);
  const book = await s.api(api.contacts.list, { query: {} });
  expect(book.json().total).toBe(c.liveKinds.find((k) => k.kind === 'contact')?.kept);
  for (const l of c.liveLists) {
    const members = await s.api(api.contactLists.members, { params: { id: l.id }, query: {} });
    expect(members.json().total).toBe(l.members);
  }
  return c;
};

const answer = async (campaignId: string, questionId: string, email: string) => {
  const res = await callApi(ctx.app, api.participation.submit, {
    params: { id: campaignId },
    body: { email, submissionId: randomUUID(), answers: [{ questionId, text: 'Yes' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const importCsv = async (s: Session, lines: string[]) => {
  const { payload, headers } = multipart([
    { name: 'mapping', data: JSON.stringify({ email: 'email' }) },
    { name: 'campaignIds', data: '[]' },
    {
      name: 'file',
      filename: 'people.csv',
      contentType: 'text/csv',
      data: ['email', ...lines, ''].join('\n'),
    },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: routeUrl(api.contactImports.start),
    headers: { ...headers, 'x-auth-token': s.tokens.idToken },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const imp = (await s.api(api.contactImports.get, { params: { id: res.json()._id } })).json();
    if (imp.state === 'done') return imp;
    if (imp.state === 'failed' || Date.now() > deadline) throw new Error(`import ${imp.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const contactIdOf = async (email: string) => {
  const [row] = await ctx.rt.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email));
  return row?.id as string;
};

describe('kept counts', () => {
  it('a manufacturer’s contacts per kind, through answers, invitations, imports, deletes and bulk deletes', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const q = c.questions[0]?.id as string;
    expect((await expectCountsRight(s)).liveKinds).toEqual([
      { kind: 'contact', kept: 0 },
      { kind: 'temp', kept: 0 },
    ]);

    // Invited addresses are temp contacts; an answer makes a contact, a temp one who answers becomes one.
    const invited = [addr('t'), addr('t'), addr('t')];
    expect(
      (await s.api(api.contacts.invite, { body: { emails: invited, campaignIds: [c.id] } })).statusCode,
    ).toBe(200);
    await answer(c.id, q, addr('a'));
    await answer(c.id, q, invited[0] as string);
    await answer(c.id, q, addr('a'));
    // Another manufacturer's contacts count for it alone.
    const theirs = await insertCampaign(ctx.rt, other.manufacturerId);
    await answer(theirs.id, theirs.questions[0]?.id as string, addr('o'));
    expect((await expectCountsRight(s)).liveKinds).toEqual([
      { kind: 'contact', kept: 3 },
      { kind: 'temp', kept: 2 },
    ]);

    // An import makes new contacts and keeps a temp contact it names as a contact.
    await importCsv(s, [addr('i'), addr('i'), invited[1] as string, addr('i')]);
    expect((await expectCountsRight(s)).liveKinds).toEqual([
      { kind: 'contact', kept: 7 },
      { kind: 'temp', kept: 1 },
    ]);

    // One delete, a bulk delete by ids and one by the list's filter, and a temp contact withdrawn.
    const book = (await s.api(api.contacts.list, { query: { sort: 'email' } })).json().documents;
    expect(
      (
        await s.api(api.contacts.remove, {
          params: { id: book[0]?._id as string },
          query: { eraseAnswers: 'true' },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await s.api(api.contacts.bulkDelete, {
          body: { contactIds: [book[1]?._id as string, book[2]?._id as string] },
        })
      ).statusCode,
    ).toBe(204);
    expect((await expectCountsRight(s)).liveKinds).toEqual([
      { kind: 'contact', kept: 4 },
      { kind: 'temp', kept: 1 },
    ]);
    expect(
      (await s.api(api.contacts.bulkDelete, { body: { filter: { search: 'i-' }, eraseAnswers: false } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await s.api(api.contacts.tempRemove, { params: { id: await contactIdOf(invited[2] as string) } }))
        .statusCode,
    ).toBe(204);
    expect((await expectCountsRight(s)).liveKinds).toEqual([
      { kind: 'contact', kept: 2 },
      { kind: 'temp', kept: 0 },
    ]);
    expect((await expectCountsRight(other)).liveKinds[0]).toEqual({ kind: 'contact', kept: 1 });
  });

  it('each statement adds to its connection’s slot, and the slots add up under concurrent writers', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { allowMultipleParticipation: true });
    const q = c.questions[0]?.id as string;
    await Promise.all(Array.from({ length: 12 }, () => answer(c.id, q, addr('par'))));
    await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.rt.db
          .insert(contacts)
          .values(
            Array.from({ length: 25 }, () => ({ manufacturerId: s.manufacturerId, email: addr('bulk') })),
          ),
      ),
    );
    const c2 = await expectCountsRight(s);
    expect(c2.liveKinds[0]).toEqual({ kind: 'contact', kept: 112 });
    const slots = await ctx.rt.db
      .select({ slot: contactCounts.slot })
      .from(contactCounts)
      .where(eq(contactCounts.manufacturerId, s.manufacturerId));
    expect(slots.every((r) => r.slot >= 0 && r.slot < 16)).toBe(true);
  });

  it('a contact’s invitations and answered campaigns, through invitations, answers, re-answers and erased tickets', async () => {
    const s = await ownerSession(ctx);
    const c1 = await insertCampaign(ctx.rt, s.manufacturerId, { allowMultipleParticipation: true });
    const c2 = await insertCampaign(ctx.rt, s.manufacturerId);
    const email = addr('n');
    await s.api(api.contacts.invite, { body: { emails: [email], campaignIds: [c1.id, c2.id] } });
    const id = await contactIdOf(email);
    const doc = async () =>
      (await s.api(api.contacts.get, { params: { id } })).json() as {
        invitedCount: number;
        answeredCount: number;
      };
    expect(await doc()).toMatchObject({ invitedCount: 2, answeredCount: 0 });
    await answer(c1.id, c1.questions[0]?.id as string, email);
    await answer(c1.id, c1.questions[0]?.id as string, email);
    expect(await doc()).toMatchObject({ invitedCount: 2, answeredCount: 1 });
    await answer(c2.id, c2.questions[0]?.id as string, email);
    expect(await doc()).toMatchObject({ invitedCount: 2, answeredCount: 2 });
    await expectCountsRight(s);

    // One of two tickets of a campaign erased: still answered; both: not any more.
    const [first, second] = await ctx.rt.db
      .select({ id: campaignTickets.id })
      .from(campaignTickets)
      .where(and(eq(campaignTickets.campaignId, c1.id), eq(campaignTickets.contactId, id)));
    await ctx.rt.db.delete(campaignTickets).where(eq(campaignTickets.id, first?.id as string));
    expect(await doc()).toMatchObject({ answeredCount: 2 });
    await ctx.rt.db.delete(campaignTickets).where(eq(campaignTickets.id, second?.id as string));
    expect(await doc()).toMatchObject({ answeredCount: 1 });
    // A ticket moved to another contact counts for that one (the row trigger).
    const someone = addr('m');
    await answer(c1.id, c1.questions[0]?.id as string, someone);
    const theirs = await contactIdOf(someone);
    await ctx.rt.db
      .update(campaignTickets)
      .set({ contactId: id })
      .where(eq(campaignTickets.contactId, theirs));
    expect(await doc()).toMatchObject({ answeredCount: 2 });
    // A withdrawn invitation, and a deleted campaign taking its invitations and tickets.
    await ctx.rt.db
      .delete(invitations)
      .where(and(eq(invitations.campaignId, c2.id), eq(invitations.contactId, id)));
    expect(await doc()).toMatchObject({ invitedCount: 1, answeredCount: 2 });
    await ctx.rt.pool.query('delete from campaigns where id = $1', [c1.id]);
    expect(await doc()).toMatchObject({ invitedCount: 0, answeredCount: 1 });
    await expectCountsRight(s);
  });

  it('a list’s members, through create, add, add by filter, replace, remove, deleted contacts and a deleted list', async () => {
    const s = await ownerSession(ctx);
    const rows = await ctx.rt.db
      .insert(contacts)
      .values(
        Array.from({ length: 8 }, (_, i) => ({ manufacturerId: s.manufacturerId, email: addr(`l${i}`) })),
      )
      .returning({ id: contacts.id, email: contacts.email });
    const ids = rows.map((r) => r.id);
    const made = await s.api(api.contactLists.create, {
      body: { name: 'Fair', contactIds: ids.slice(0, 3) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = made.json() as ContactList;
    expect(list.memberCount).toBe(3);
    const empty = (await s.api(api.contactLists.create, { body: { name: 'Empty' } })).json() as ContactList;
    expect(empty.memberCount).toBe(0);
    await s.api(api.contactLists.update, {
      params: { id: list._id },
      body: { newContactIds: ids.slice(2, 5) },
    });
    expect((await s.api(api.contactLists.get, { params: { id: list._id } })).json().memberCount).toBe(5);
    await s.api(api.contactLists.update, {
      params: { id: empty._id },
      body: { filter: { search: rows[7]?.email.slice(0, 3) } },
    });
    await expectCountsRight(s);
    await s.api(api.contactLists.update, {
      params: { id: list._id },
      body: { name: 'Fair', description: '', contactIds: [ids[0] as string, ids[6] as string] },
    });
    expect((await s.api(api.contactLists.get, { params: { id: list._id } })).json().memberCount).toBe(2);
    expect(
      (await s.api(api.contactLists.removeMember, { params: { id: list._id, contactId: ids[6] as string } }))
        .statusCode,
    ).toBe(204);
    await s.api(api.contactLists.update, { params: { id: list._id }, body: { newContactIds: ids } });
    await s.api(api.contacts.remove, { params: { id: ids[1] as string }, query: {} });
    await s.api(api.contacts.bulkDelete, { body: { contactIds: [ids[2] as string, ids[3] as string] } });
    const after = await expectCountsRight(s);
    expect(after.lists.find((l) => l.id === list._id)?.members).toBe(5);
    // The lists' list and its sort by size read the kept count too.
    const bySize = (await s.api(api.contactLists.list, { query: { sort: '-memberCount' } })).json();
    expect(bySize.documents.map((d) => [d.name, d.memberCount])).toEqual([
      ['Fair', 5],
      ['Empty', after.lists.find((l) => l.id === empty._id)?.members],
    ]);
    expect((await s.api(api.contactLists.remove, { params: { id: list._id } })).statusCode).toBe(204);
    expect(
      await ctx.rt.db.select().from(contactListCounts).where(eq(contactListCounts.listId, list._id)),
    ).toEqual([]);
    await expectCountsRight(s);
  });

  it('a deleted manufacturer takes its counts with it (its contacts, invitations and lists going at once)', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const email = addr('gone');
    await answer(c.id, c.questions[0]?.id as string, email);
    await s.api(api.contacts.invite, { body: { emails: [addr('gone')], campaignIds: [c.id] } });
    await s.api(api.contactLists.create, { body: { name: 'Gone', contactIds: [await contactIdOf(email)] } });
    await ctx.rt.db.delete(manufacturers).where(eq(manufacturers.id, s.manufacturerId));
    const left = await ctx.rt.db.execute<{ n: number }>(
      sql`select (select count(*) from contact_counts where manufacturer_id = ${s.manufacturerId})
        + (select count(*) from contact_list_counts where manufacturer_id = ${s.manufacturerId}) as n`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe('keyset pages of the contact book and of a list’s members', () => {
  /** Walks a list by `after` from its first page; answers the ids in order and the number of pages. */
  const walk = async (
    first: () => Promise<{ documents: { _id: string }[]; next?: string }>,
    next: (after: string) => Promise<{ documents: { _id: string }[]; next?: string }>,
  ) => {
    const ids: string[] = [];
    let page = await first();
    let pages = 1;
    ids.push(...page.documents.map((d) => d._id));
    while (page.next && pages < 20) {
      page = await next(page.next);
      pages += 1;
      ids.push(...page.documents.map((d) => d._id));
    }
    return { ids, pages };
  };

  it('walks the whole book by cursor in every sort, as the numbered pages list it, ties of one time included', async () => {
    const s = await ownerSession(ctx);
    const at = new Date('2026-03-01T10:00:00.123456Z');
    // 45 contacts, 30 of them made at the same instant: the id breaks the tie.
    await ctx.rt.db.insert(contacts).values(
      Array.from({ length: 45 }, (_, i) => ({
        manufacturerId: s.manufacturerId,
        email: addr(`k${i % 7}`),
        firstname: `Name${i % 5}`,
        createdAt: i < 30 ? at : new Date(at.getTime() + i * 1000),
        updatedAt: at,
      })),
    );
    for (const sort of ['-createdAt', 'createdAt', 'email', '-firstname', 'updatedAt'] as const) {
      const numbered: string[] = [];
      for (let page = 1; page <= 3; page++)
        numbered.push(
          ...(await s.api(api.contacts.list, { query: { sort, limit: 20, page } }))
            .json()
            .documents.map((d) => d._id),
        );
      const byCursor = await walk(
        async () => (await s.api(api.contacts.list, { query: { sort, limit: 20 } })).json(),
        async (after) =>
          (await s.api(api.contacts.list, { query: { sort, limit: 20, after, page: 7 } })).json(),
      );
      expect(byCursor.ids, sort).toEqual(numbered);
      expect(new Set(byCursor.ids).size).toBe(45);
      expect(byCursor.pages).toBe(3);
    }
    // With a filter, and with a contact made between two pages: it comes in its place, nothing repeats.
    const page1 = (
      await s.api(api.contacts.list, { query: { search: 'k3-', limit: 3, sort: 'email' } })
    ).json();
    expect(page1.total).toBeGreaterThan(3);
    await ctx.rt.db
      .insert(contacts)
      .values({ manufacturerId: s.manufacturerId, email: `zz-k3-${randomUUID()}@example.com` });
    const rest = await walk(
      async () => page1,
      async (after) =>
        (await s.api(api.contacts.list, { query: { search: 'k3-', limit: 3, sort: 'email', after } })).json(),
    );
    expect(new Set(rest.ids).size).toBe(rest.ids.length);
    expect(rest.ids.length).toBe(page1.total + 1);

    // A cursor of another sort, or a damaged one, is refused naming `after`.
    const other = await s.apiUnchecked(api.contacts.list, { query: { sort: '-email', after: page1.next } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation', field: 'after' });
    const damaged = await s.apiUnchecked(api.contacts.list, { query: { after: 'bm90LWEtY3Vyc29y' } });
    expect(damaged.json()).toMatchObject({ code: 'validation', field: 'after' });
  });

  it('walks a list’s members by cursor, members added at one time included, and never another maker’s', async () => {
    const s = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const rows = await ctx.rt.db
      .insert(contacts)
      .values(
        Array.from({ length: 33 }, (_, i) => ({ manufacturerId: s.manufacturerId, email: addr(`m${i}`) })),
      )
      .returning({ id: contacts.id });
    // All added in one call: one added time for all.
    const list = (
      await s.api(api.contactLists.create, { body: { name: 'Same time', contactIds: rows.map((r) => r.id) } })
    ).json() as ContactList;
    for (const sort of ['-addedAt', 'addedAt', 'email'] as const) {
      const numbered: string[] = [];
      for (let page = 1; page <= 3; page++)
        numbered.push(
          ...(
            await s.api(api.contactLists.members, {
              params: { id: list._id },
              query: { sort, limit: 15, page },
            })
          )
            .json()
            .documents.map((d) => d._id),
        );
      const byCursor = await walk(
        async () =>
          (
            await s.api(api.contactLists.members, { params: { id: list._id }, query: { sort, limit: 15 } })
          ).json(),
        async (after) =>
          (
            await s.api(api.contactLists.members, {
              params: { id: list._id },
              query: { sort, limit: 15, after },
            })
          ).json(),
      );
      expect(byCursor.ids, sort).toEqual(numbered);
      expect(new Set(byCursor.ids).size).toBe(33);
    }
    const first = (
      await s.api(api.contactLists.members, { params: { id: list._id }, query: { limit: 5 } })
    ).json();
    // Another manufacturer's cursor walk of this list: 404, as for every call on it.
    const theirs = await stranger.apiUnchecked(api.contactLists.members, {
      params: { id: list._id },
      query: { limit: 5, after: first.next },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
