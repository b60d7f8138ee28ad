/**
 * Read-only query: contact lists with what other domains know of them. Reads contact_lists,
 * contact_list_members and campaign_contact_lists (contact-lists), contacts and contact_notes
 * (contacts), campaigns (campaigns), invitations (invitations) and campaign_tickets (tickets). Used
 * by the contact-lists service for its lists, members and a campaign's linked lists. It never writes.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { anyOf } from '../lib/any-of.js';
import { type Cursor, keysetOrder, pageAndCount } from '../lib/paging.js';
import { preparedShapes } from '../lib/prepared.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import {
  campaignContactLists,
  contactListCounts,
  contactListMembers,
  contactLists,
} from '../modules/contact-lists/contact-lists.tables.js';
import { contactNotes, contactSearchText, contacts } from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { answeredCount, invitedCount, likePattern, unsubscribed } from './contact-book.query.js';

/** The list's members: kept in its count row by triggers (migration 0014), no longer counted per read. */
const memberCount = sql<number>`(select c.members from ${contactListCounts} c where c.list_id = "contact_lists"."id")`;
/** The list's linked campaigns as JSON, by title. */
const linkedCampaigns = sql<{ _id: string; title: string; state: string }[]>`coalesce((
  select json_agg(json_build_object('_id', c.id, 'title', c.title, 'state', c.state) order by lower(c.title))
  from ${campaignContactLists} l join ${campaigns} c on c.id = l.campaign_id
  where l.list_id = "contact_lists"."id"), '[]'::json)`;

const listSortKeys = {
  name: sql`lower(${contactLists.name})`,
  createdAt: contactLists.createdAt,
  updatedAt: contactLists.updatedAt,
  memberCount,
} as const;

export type ContactListWithCounts = {
  list: typeof contactLists.$inferSelect;
  memberCount: number;
  campaigns: { _id: string; title: string; state: string }[];
};

/** One page of the manufacturer's lists with their member counts and linked campaigns, and the total. */
export const listContactLists = (
  db: DbOrTx,
  q: { manufacturerId: string; search?: string | undefined; sort: string; limit: number; offset: number },
) => {
  const where = and(
    eq(contactLists.manufacturerId, q.manufacturerId),
    q.search
      ? sql`(${contactLists.name} ilike ${likePattern(q.search)} or ${contactLists.description} ilike ${likePattern(q.search)})`
      : undefined,
  );
  const dir = q.sort.startsWith('-') ? desc : asc;
  const key = listSortKeys[q.sort.replace(/^-/, '') as keyof typeof listSortKeys];
  return pageAndCount(
    db
      .select({ list: contactLists, memberCount, campaigns: linkedCampaigns })
      .from(contactLists)
      .where(where)
      .orderBy(dir(key), dir(contactLists.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(contactLists).where(where),
  );
};

/** One list with its member count and linked campaigns. */
export const findContactListWithCounts = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
): Promise<ContactListWithCounts | undefined> => {
  const [row] = await db
    .select({ list: contactLists, memberCount, campaigns: linkedCampaigns })
    .from(contactLists)
    .where(and(eq(contactLists.manufacturerId, manufacturerId), eq(contactLists.id, id)));
  return row;
};

const memberSortKeys = {
  addedAt: { key: contactListMembers.addedAt, type: 'timestamptz' },
  email: { key: contacts.email, type: 'text' },
} as const;

const p = (name: string) => sql.placeholder(name);

/**
 * A members page's two statements for one shape (sort, search or not, cursor or offset), values as
 * placeholders. Both are scoped by the list and its manufacturer, so they can run side by side before
 * anything else is read: the page reads only the manufacturer's memberships, and the total comes from the
 * list's row, which is there only if the list is the manufacturer's (no row: 404).
 */
const buildMembers = (db: DbOrTx, shape: { sort: string; search: boolean; after: boolean }) => {
  const descending = shape.sort.startsWith('-');
  const order = keysetOrder({
    ...memberSortKeys[shape.sort.replace(/^-/, '') as keyof typeof memberSortKeys],
    // A membership's contact id is its contact's id: ordering by the membership's column lets the
    // (list, added, contact) index serve the order and the keyset.
    id: contactListMembers.contactId,
    descending,
  });
  const search = shape.search ? sql`${contactSearchText} like ${p('search')}` : undefined;
  const members = and(
    eq(contactListMembers.listId, p('listId')),
    eq(contactListMembers.manufacturerId, p('manufacturerId')),
    search,
  );
  const page = db
    .select({
      contact: contacts,
      addedAt: contactListMembers.addedAt,
      unsubscribed,
      invitedCount,
      answeredCount,
      key: order.keyText,
    })
    .from(contactListMembers)
    .innerJoin(contacts, eq(contacts.id, contactListMembers.contactId))
    .where(shape.after ? and(members, order.after({ key: p('key'), id: p('id') })) : members)
    .orderBy(...order.orderBy)
    .limit(p('limit'))
    .offset(shape.after ? 0 : p('offset'));
  // Without a search the total is the list's kept count; with one, the matches are counted (through the
  // contacts' trigram index), inside the same row so that a list of another manufacturer still has none.
  // (Written out qualified: Drizzle leaves a column's table out inside a one-table query's select list.)
  const matches = sql<number>`(select count(*)::int from ${contactListMembers} m
    inner join ${contacts} on "contacts"."id" = m.contact_id
    where m.list_id = "contact_lists"."id" and ${search})`;
  const total = shape.search
    ? db
        .select({ total: matches })
        .from(contactLists)
        .where(and(eq(contactLists.id, p('listId')), eq(contactLists.manufacturerId, p('manufacturerId'))))
    : db
        .select({ total: contactListCounts.members })
        .from(contactListCounts)
        .where(
          and(
            eq(contactListCounts.listId, p('listId')),
            eq(contactListCounts.manufacturerId, p('manufacturerId')),
          ),
        );
  return { page, total };
};

const memberStatements = preparedShapes<{
  page: ReturnType<ReturnType<typeof buildMembers>['page']['prepare']>;
  total: ReturnType<ReturnType<typeof buildMembers>['total']['prepare']>;
}>('list_members');

/**
 * One page of a list's members with the contact book's counts and their sort key as text, and the total;
 * `totals` is undefined when the list is not the manufacturer's. Each shape is built and prepared once
 * (lib/prepared.ts).
 */
export const listMembers = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    listId: string;
    search?: string | undefined;
    sort: string;
    limit: number;
    offset: number;
    after?: Cursor | undefined;
  },
) => {
  const shape = { sort: q.sort, search: Boolean(q.search), after: q.after !== undefined };
  const { page, total } = memberStatements(
    db,
    `${shape.sort}:${shape.search ? 's' : ''}:${shape.after ? 'a' : ''}`,
    (name) => {
      const built = buildMembers(db, shape);
      return { page: built.page.prepare(name('page')), total: built.total.prepare(name('total')) };
    },
  );
  const values = {
    listId: q.listId,
    manufacturerId: q.manufacturerId,
    search: q.search ? likePattern(q.search.toLowerCase()) : undefined,
    limit: q.limit,
    offset: q.offset,
    key: q.after?.key,
    id: q.after?.id,
  };
  return pageAndCount(page.execute(values), total.execute(values));
};

/** The notes of these contacts, newest first. */
export const notesOfContacts = (db: DbOrTx, contactIds: string[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(contactNotes)
        .where(inArray(contactNotes.contactId, contactIds))
        .orderBy(desc(contactNotes.createdAt));

/** For each of these contacts, the campaigns it was invited to or answered, with the invitation's state. */
export const campaignsOfContacts = async (db: DbOrTx, manufacturerId: string, contactIds: string[]) => {
  if (contactIds.length === 0) return [];
  const rows = await db.execute<{
    contact_id: string;
    id: string;
    title: string;
    state: string;
    invitation_state: string | null;
    answered: boolean;
  }>(sql`
    select p.contact_id, c.id, c.title, c.state, i.state as invitation_state,
      exists (select 1 from ${campaignTickets} t where t.campaign_id = c.id and t.contact_id = p.contact_id) as answered
    from (
      select contact_id, campaign_id from ${invitations}
        where manufacturer_id = ${manufacturerId} and ${anyOf(sql`contact_id`, contactIds, 'uuid')}
      union
      select contact_id, campaign_id from ${campaignTickets}
        where manufacturer_id = ${manufacturerId} and ${anyOf(sql`contact_id`, contactIds, 'uuid')}
    ) p
    join ${campaigns} c on c.id = p.campaign_id
    left join ${invitations} i on i.campaign_id = p.campaign_id and i.contact_id = p.contact_id
    order by lower(c.title)`);
  return rows.rows;
};

/** The lists linked to a campaign, by name, with their member counts. */
export const campaignLinkedLists = (db: DbOrTx, manufacturerId: string, campaignId: string) =>
  db
    .select({ id: contactLists.id, name: contactLists.name, memberCount })
    .from(campaignContactLists)
    .innerJoin(contactLists, eq(contactLists.id, campaignContactLists.listId))
    .where(
      and(
        eq(campaignContactLists.campaignId, campaignId),
        eq(campaignContactLists.manufacturerId, manufacturerId),
      ),
    )
    .orderBy(sql`lower(${contactLists.name})`);

/**
 * Whether the list is the manufacturer's: a list filter naming another's list answers 404 (D4), as
 * the contact book, the participants and the tickets do.
 */
export const isOwnContactList = async (db: DbOrTx, manufacturerId: string, listId: string) => {
  const [row] = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(and(eq(contactLists.manufacturerId, manufacturerId), eq(contactLists.id, listId)));
  return row !== undefined;
};

/** Only rows whose contact (the given column) is a member of the list: the list filter (D11). */
export const memberOfList = (contactIdColumn: SQL | AnyPgColumn, listId: string) =>
  sql`exists (select 1 from ${contactListMembers} m where m.list_id = ${listId} and m.contact_id = ${contactIdColumn})`;
