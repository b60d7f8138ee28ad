/**
 * Read-only query: the contact book with what other domains know of each contact. Reads contacts and
 * contact_notes (contacts), invitations (invitations), campaign_tickets (tickets), campaigns
 * (campaigns) and contact_lists and contact_list_members (contact-lists). Used by the contacts service
 * (list, filter values, a contact's page) and the invitations service (temp contacts, a campaign's
 * participants). It never writes.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { likePattern } from '../lib/like.js';
import { type Cursor, keysetOrder, pageAndCount } from '../lib/paging.js';
import { preparedShapes } from '../lib/prepared.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contactListMembers, contactLists } from '../modules/contact-lists/contact-lists.tables.js';
import {
  contactCounts,
  contactSearchText,
  contacts,
  contactUnsubscribes,
} from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';

export { likePattern };

/** Whether the row's contact's address unsubscribed (the invitations query uses it too). */
export const unsubscribed = sql<boolean>`exists (select 1 from ${contactUnsubscribes} u
  where u.manufacturer_id = "contacts"."manufacturer_id" and u.email = "contacts"."email")`;
/**
 * How many campaigns the row's contact was invited to and answered (the contact-lists query uses them too):
 * kept in the contact's row by triggers (migration 0014), no longer counted for each row of a page.
 */
export const invitedCount = contacts.invitedCount;
export const answeredCount = contacts.answeredCount;

export type ContactBookRow = typeof contacts.$inferSelect & {
  unsubscribed: boolean;
  invitedCount: number;
  answeredCount: number;
};

/** The search through the trigram index on `contactSearchText` (migration 0005). */
export const searchOf = (search: string | undefined) =>
  search ? sql`${contactSearchText} like ${likePattern(search.toLowerCase())}` : undefined;

/**
 * How a filter's value goes into its statement: written in (`inline`, an array as one parameter) or as a
 * placeholder of a prepared statement (the contact book's list, lib/prepared.ts), by the value's name.
 */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => (Array.isArray(value) ? sql.param(value) : value);
const placeholder: Bind = (name) => sql.placeholder(name);

const invitedTo = (campaignId: unknown) =>
  sql`exists (select 1 from ${invitations} i where i.contact_id = "contacts"."id"
    ${campaignId ? sql`and i.campaign_id = ${campaignId}` : sql``})`;
const answered = (campaignId: unknown) =>
  sql`exists (select 1 from ${campaignTickets} t where t.contact_id = "contacts"."id"
    ${campaignId ? sql`and t.campaign_id = ${campaignId}` : sql``})`;

const inList = (listId: unknown) =>
  sql`exists (select 1 from ${contactListMembers} m where m.list_id = ${listId} and m.contact_id = "contacts"."id")`;

/** The contact list's filter (what the list and the bulk calls by filter share). */
export type ContactBookFilter = {
  manufacturerId: string;
  search?: string | undefined;
  campaignId?: string | undefined;
  participation?: 'invited' | 'answered' | 'notAnswered' | undefined;
  countries?: string[] | undefined;
  cities?: string[] | undefined;
  tags?: string[] | undefined;
  contactListId?: string | undefined;
  notInContactListId?: string | undefined;
};

export type ContactListQuery = ContactBookFilter & {
  sort: string;
  limit: number;
  offset: number;
  /** Keyset paging: the rows after this one in the list's order (lib/paging.ts); `offset` is then ignored. */
  after?: Cursor | undefined;
};

const sortKeys = {
  email: { key: contacts.email, type: 'text' },
  firstname: { key: sql`lower(coalesce(${contacts.firstname}, ''))`, type: 'text' },
  lastname: { key: sql`lower(coalesce(${contacts.lastname}, ''))`, type: 'text' },
  createdAt: { key: contacts.createdAt, type: 'timestamptz' },
  updatedAt: { key: contacts.updatedAt, type: 'timestamptz' },
} as const;

/**
 * The contacts (kind `contact`) of the manufacturer the filter matches, as a condition; `bind` writes its
 * values in, or names them for a prepared statement (whose shape is then the filters given, `shapeOf`).
 */
const contactBookWhere = (q: ContactBookFilter, bind: Bind = inline) => {
  const campaignId = q.campaignId ? bind('campaignId', q.campaignId) : undefined;
  const participationFilter = (): SQL | undefined => {
    if (q.participation === 'invited') return invitedTo(campaignId);
    if (q.participation === 'answered') return answered(campaignId);
    if (q.participation === 'notAnswered')
      return and(invitedTo(campaignId), sql`not ${answered(campaignId)}`);
    return campaignId ? or(invitedTo(campaignId), answered(campaignId)) : undefined;
  };
  return and(
    eq(contacts.manufacturerId, bind('manufacturerId', q.manufacturerId) as string),
    eq(contacts.kind, 'contact'),
    // The search through the trigram index on `contactSearchText` (migration 0005), as `searchOf`.
    q.search
      ? sql`${contactSearchText} like ${bind('search', likePattern(q.search.toLowerCase()))}`
      : undefined,
    q.contactListId ? inList(bind('contactListId', q.contactListId)) : undefined,
    q.notInContactListId ? sql`not ${inList(bind('notInContactListId', q.notInContactListId))}` : undefined,
    participationFilter(),
    q.countries?.length
      ? sql`${contacts.country} = any(${bind('countries', q.countries)}::text[])`
      : undefined,
    q.cities?.length ? sql`${contacts.city} = any(${bind('cities', q.cities)}::text[])` : undefined,
    q.tags?.length
      ? sql`${contacts.tags} @> ${bind(
          'tags',
          q.tags.map((t) => t.toLowerCase()),
        )}::text[]`
      : undefined,
  );
};

/** Which filters are given (not their values): the prepared statements' shape. */
const shapeOf = (q: ContactBookFilter) =>
  [
    q.search ? 's' : '',
    q.campaignId ? 'c' : '',
    q.participation ?? '',
    q.contactListId ? 'l' : '',
    q.notInContactListId ? 'n' : '',
    q.countries?.length ? 'o' : '',
    q.cities?.length ? 'y' : '',
    q.tags?.length ? 't' : '',
  ].join(',');

/** The values of a filter's placeholders, by name (as `contactBookWhere` names them). */
const valuesOf = (q: ContactBookFilter) => ({
  manufacturerId: q.manufacturerId,
  search: q.search ? likePattern(q.search.toLowerCase()) : undefined,
  campaignId: q.campaignId,
  contactListId: q.contactListId,
  notInContactListId: q.notInContactListId,
  countries: q.countries,
  cities: q.cities,
  tags: q.tags?.map((t) => t.toLowerCase()),
});

/**
 * The ids of the contacts the list's filter matches (the bulk calls by filter), at most `limit`, in id
 * order from after `after` (a page of them): always within the manufacturer, whatever the filter names.
 */
export const contactIdsMatching = async (db: DbOrTx, q: ContactBookFilter, limit: number, after?: string) =>
  (
    await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(contactBookWhere(q), after ? gt(contacts.id, after) : undefined))
      .orderBy(contacts.id)
      .limit(limit)
  ).map((r) => r.id);

/** How many contacts the list's filter matches, counted up to `limit` (enough to know a cap is passed). */
export const countContactsMatching = async (db: DbOrTx, q: ContactBookFilter, limit: number) => {
  const matches = db.select({ one: sql`1` }).from(contacts).where(contactBookWhere(q)).limit(limit).as('m');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
};

/** Whether the filter narrows the book at all: without one its total is the kept count (contact_counts). */
const isUnfiltered = (q: ContactBookFilter) => shapeOf(q) === shapeOf({ manufacturerId: '' });

/**
 * The page's statement: the page's ids first (the order, the limit and the offset or the cursor), then only
 * those rows with what other domains know of them and their sort key as text, for the next cursor
 * (docs/operations.md, "Lists").
 */
const bookPage = (db: DbOrTx, where: SQL | undefined, o: { sort: string; after: boolean }) => {
  const descending = o.sort.startsWith('-');
  const order = keysetOrder({
    ...sortKeys[o.sort.replace(/^-/, '') as keyof typeof sortKeys],
    id: contacts.id,
    descending,
  });
  const pageIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      o.after ? and(where, order.after({ key: sql.placeholder('key'), id: sql.placeholder('id') })) : where,
    )
    .orderBy(...order.orderBy)
    .limit(sql.placeholder('limit'))
    .offset(o.after ? 0 : sql.placeholder('offset'));
  return db
    .select({ contact: contacts, unsubscribed, invitedCount, answeredCount, key: order.keyText })
    .from(contacts)
    .where(inArray(contacts.id, pageIds))
    .orderBy(...order.orderBy);
};

/** The total: without a filter the manufacturer's kept count (the sum of its slots), else the matches counted. */
const bookTotal = (db: DbOrTx, q: ContactBookFilter, where: SQL | undefined) =>
  isUnfiltered(q)
    ? db
        .select({ total: sql<number>`coalesce(sum(${contactCounts.count}), 0)::int` })
        .from(contactCounts)
        .where(
          and(
            eq(contactCounts.manufacturerId, sql.placeholder('manufacturerId')),
            eq(contactCounts.kind, 'contact'),
          ),
        )
    : db.select({ total: count() }).from(contacts).where(where);

const bookStatements = preparedShapes<{
  page: ReturnType<ReturnType<typeof bookPage>['prepare']>;
  total: ReturnType<ReturnType<typeof bookTotal>['prepare']>;
}>('contact_book');

/**
 * One page of the contact book (kind `contact`) with each row's counts (kept in the row), its sort key as
 * text and the total. Each shape (the filters given, the sort, a cursor or not) is built and prepared once
 * (lib/prepared.ts). Without a filter the total is the manufacturer's kept count, whatever its size; a
 * filter's matches are counted through its index.
 */
export const listContactBook = (db: DbOrTx, q: ContactListQuery) => {
  const after = q.after !== undefined;
  const { page, total } = bookStatements(db, `${shapeOf(q)}:${q.sort}:${after ? 'a' : ''}`, (name) => {
    const where = contactBookWhere(q, placeholder);
    return {
      page: bookPage(db, where, { sort: q.sort, after }).prepare(name('page')),
      total: bookTotal(db, q, where).prepare(name('total')),
    };
  });
  const values = {
    ...valuesOf(q),
    limit: q.limit,
    offset: q.offset,
    key: q.after?.key,
    id: q.after?.id,
  };
  return pageAndCount(page.execute(values), total.execute(values));
};

/** One contact (any kind) with its counts. */
export const findContactBookRow = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select({ contact: contacts, unsubscribed, invitedCount, answeredCount })
    .from(contacts)
    .where(and(eq(contacts.manufacturerId, manufacturerId), eq(contacts.id, id)))
    .limit(1);
  return row;
};

/** The campaigns a contact was invited to or answered, with the invitation and the tickets. */
export const contactCampaigns = async (db: DbOrTx, manufacturerId: string, contactId: string) => {
  const [invited, tickets] = await Promise.all([
    db
      .select({
        invitation: invitations,
        campaign: { id: campaigns.id, title: campaigns.title, state: campaigns.state },
      })
      .from(invitations)
      .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
      .where(and(eq(invitations.manufacturerId, manufacturerId), eq(invitations.contactId, contactId))),
    db
      .select({
        id: campaignTickets.id,
        createdAt: campaignTickets.createdAt,
        answeredCount: campaignTickets.answeredCount,
        campaign: { id: campaigns.id, title: campaigns.title, state: campaigns.state },
      })
      .from(campaignTickets)
      .innerJoin(campaigns, eq(campaigns.id, campaignTickets.campaignId))
      .where(
        and(eq(campaignTickets.manufacturerId, manufacturerId), eq(campaignTickets.contactId, contactId)),
      )
      .orderBy(desc(campaignTickets.createdAt)),
  ]);
  return { invited, tickets };
};

/** The contact lists a contact is in, by name. */
export const listsOfContact = (db: DbOrTx, contactId: string) =>
  db
    .select({ _id: contactLists.id, name: contactLists.name })
    .from(contactListMembers)
    .innerJoin(contactLists, eq(contactLists.id, contactListMembers.listId))
    .where(eq(contactListMembers.contactId, contactId))
    .orderBy(sql`lower(${contactLists.name})`);

/** The values the contact book's filters offer. */
export const contactFilterValues = async (db: DbOrTx, manufacturerId: string) => {
  const scope = and(eq(contacts.manufacturerId, manufacturerId), eq(contacts.kind, 'contact'));
  const [countries, cities, campaignRows] = await Promise.all([
    db
      .selectDistinct({ v: contacts.country })
      .from(contacts)
      .where(and(scope, isNotNull(contacts.country)))
      .orderBy(contacts.country)
      .limit(500),
    db
      .selectDistinct({ v: contacts.city })
      .from(contacts)
      .where(and(scope, isNotNull(contacts.city)))
      .orderBy(contacts.city)
      .limit(500),
    db
      .select({ _id: campaigns.id, title: campaigns.title, state: campaigns.state })
      .from(campaigns)
      .where(and(eq(campaigns.manufacturerId, manufacturerId), ne(campaigns.state, 'draft')))
      .orderBy(sql`lower(${campaigns.title})`)
      .limit(500),
  ]);
  return {
    countries: countries.map((r) => r.v as string),
    cities: cities.map((r) => r.v as string),
    campaigns: campaignRows,
  };
};
