/**
 * Read-only query: the contact book with what other domains know of each contact. Reads contacts and
 * contact_notes (contacts), invitations (invitations), campaign_tickets (tickets), campaigns
 * (campaigns) and contact_lists and contact_list_members (contact-lists). Used by the contacts service
 * (list, filter values, a contact's page) and the invitations service (temp contacts, a campaign's
 * participants). It never writes.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { likePattern } from '../lib/like.js';
import { pageAndCount } from '../lib/paging.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contactListMembers, contactLists } from '../modules/contact-lists/contact-lists.tables.js';
import { contactSearchText, contacts, contactUnsubscribes } from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';

export { likePattern };

/** Whether the row's contact's address unsubscribed (the invitations query uses it too). */
export const unsubscribed = sql<boolean>`exists (select 1 from ${contactUnsubscribes} u
  where u.manufacturer_id = "contacts"."manufacturer_id" and u.email = "contacts"."email")`;
/** How many campaigns the row's contact was invited to (the contact-lists query uses it too). */
export const invitedCount = sql<number>`(select count(*)::int from ${invitations} i where i.contact_id = "contacts"."id")`;
/** How many campaigns the row's contact answered. */
export const answeredCount = sql<number>`(select count(distinct t.campaign_id)::int from ${campaignTickets} t
  where t.contact_id = "contacts"."id")`;

export type ContactBookRow = typeof contacts.$inferSelect & {
  unsubscribed: boolean;
  invitedCount: number;
  answeredCount: number;
};

/** The search through the trigram index on `contactSearchText` (migration 0005). */
export const searchOf = (search: string | undefined) =>
  search ? sql`${contactSearchText} like ${likePattern(search.toLowerCase())}` : undefined;

const invitedTo = (campaignId: string | undefined) =>
  sql`exists (select 1 from ${invitations} i where i.contact_id = "contacts"."id"
    ${campaignId ? sql`and i.campaign_id = ${campaignId}` : sql``})`;
const answered = (campaignId: string | undefined) =>
  sql`exists (select 1 from ${campaignTickets} t where t.contact_id = "contacts"."id"
    ${campaignId ? sql`and t.campaign_id = ${campaignId}` : sql``})`;

const inList = (listId: string) =>
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

export type ContactListQuery = ContactBookFilter & { sort: string; limit: number; offset: number };

const sortKeys = {
  email: contacts.email,
  firstname: sql`lower(coalesce(${contacts.firstname}, ''))`,
  lastname: sql`lower(coalesce(${contacts.lastname}, ''))`,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
} as const;

/** The contacts (kind `contact`) of the manufacturer the filter matches, as a condition. */
const contactBookWhere = (q: ContactBookFilter) => {
  const participationFilter = (): SQL | undefined => {
    if (q.participation === 'invited') return invitedTo(q.campaignId);
    if (q.participation === 'answered') return answered(q.campaignId);
    if (q.participation === 'notAnswered')
      return and(invitedTo(q.campaignId), sql`not ${answered(q.campaignId)}`);
    return q.campaignId ? or(invitedTo(q.campaignId), answered(q.campaignId)) : undefined;
  };
  return and(
    eq(contacts.manufacturerId, q.manufacturerId),
    eq(contacts.kind, 'contact'),
    searchOf(q.search),
    q.contactListId ? inList(q.contactListId) : undefined,
    q.notInContactListId ? sql`not ${inList(q.notInContactListId)}` : undefined,
    participationFilter(),
    q.countries?.length ? inArray(contacts.country, q.countries) : undefined,
    q.cities?.length ? inArray(contacts.city, q.cities) : undefined,
    q.tags?.length
      ? sql`${contacts.tags} @> array[${sql.join(
          q.tags.map((t) => sql`${t.toLowerCase()}`),
          sql`, `,
        )}]::text[]`
      : undefined,
  );
};

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

/** One page of the contact book (kind `contact`) with each row's counts, and the total. */
export const listContactBook = (db: DbOrTx, q: ContactListQuery) => {
  const where = contactBookWhere(q);
  const descending = q.sort.startsWith('-');
  const key = sortKeys[q.sort.replace(/^-/, '') as keyof typeof sortKeys];
  const dir = descending ? desc : asc;
  const orderBy = [dir(key), dir(contacts.id)];
  // The page's ids first, then only those rows with their counts (docs/operations.md, "Lists").
  const pageIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.limit)
    .offset(q.offset);
  return pageAndCount(
    db
      .select({ contact: contacts, unsubscribed, invitedCount, answeredCount })
      .from(contacts)
      .where(inArray(contacts.id, pageIds))
      .orderBy(...orderBy),
    db.select({ total: count() }).from(contacts).where(where),
  );
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
