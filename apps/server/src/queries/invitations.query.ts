/**
 * Read-only query: invitations with the contacts, campaigns, tickets and manufacturers they concern.
 * Reads invitations (invitations), contacts and contact_unsubscribes (contacts), campaigns
 * (campaigns), campaign_tickets (tickets) and manufacturers (owner). Used by the invitations service
 * and its jobs (a mail's facts, a campaign's participants and their counts, temp contacts, due
 * reminders). It never writes.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { anyOf } from '../lib/any-of.js';
import { pageAndCount } from '../lib/paging.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { manufacturers } from '../modules/owner/owner.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { likePattern, unsubscribed } from './contact-book.query.js';
import { memberOfList } from './contact-lists.query.js';

/** The contact's address and the names it gave, as an invitation's mail and page read them. */
const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
};

const searchOf = (search: string | undefined) =>
  search
    ? or(
        ilike(contacts.email, likePattern(search)),
        ilike(contacts.firstname, likePattern(search)),
        ilike(contacts.lastname, likePattern(search)),
      )
    : undefined;

/** What an invitation's mail needs: the invitation, its contact, campaign and manufacturer. */
export const invitationMailFacts = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .select({
      invitation: invitations,
      contact: contactColumns,
      unsubscribed,
      campaign: {
        id: campaigns.id,
        title: campaigns.title,
        description: campaigns.description,
        language: campaigns.language,
        state: campaigns.state,
        image: campaigns.image,
      },
      manufacturer: { name: manufacturers.name, imageUrl: manufacturers.imageUrl },
    })
    .from(invitations)
    .innerJoin(contacts, eq(contacts.id, invitations.contactId))
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .innerJoin(manufacturers, eq(manufacturers.id, invitations.manufacturerId))
    .where(eq(invitations.id, id))
    .limit(1);
  return row;
};
export type InvitationMailFacts = NonNullable<Awaited<ReturnType<typeof invitationMailFacts>>>;

/** The invitation of a personal link with its contact (the participant's page). */
export const invitationByTokenHash = async (db: DbOrTx, hash: string) => {
  const [row] = await db
    .select({
      invitation: invitations,
      contact: contactColumns,
      manufacturerName: manufacturers.name,
    })
    .from(invitations)
    .innerJoin(contacts, eq(contacts.id, invitations.contactId))
    .innerJoin(manufacturers, eq(manufacturers.id, invitations.manufacturerId))
    .where(sql`${invitations.tokenHashes} @> array[${hash}]::text[]`)
    .limit(1);
  return row;
};

const answeredCampaign = (campaignId: string) =>
  sql`exists (select 1 from ${campaignTickets} t where t.contact_id = "contacts"."id" and t.campaign_id = ${campaignId})`;

/** The state a participant shows: the invitation's (`sending` is still queued), or answered by open link. */
const participantState = sql<string>`case when ${invitations.id} is null then 'answered'
  when ${invitations.state} = 'sending' then 'queued' else ${invitations.state} end`;

/** One page of a campaign's participants (invited or answering), newest first, and their total. */
export const listParticipants = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    campaignId: string;
    search?: string | undefined;
    states?: string[] | undefined;
    /** Only members of this contact list (D11's list filter). */
    contactListId?: string | undefined;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(contacts.manufacturerId, q.manufacturerId),
    or(isNotNull(invitations.id), answeredCampaign(q.campaignId)),
    searchOf(q.search),
    q.states?.length ? inArray(participantState, q.states) : undefined,
    q.contactListId ? memberOfList(contacts.id, q.contactListId) : undefined,
  );
  const from = () =>
    db
      .select({
        contact: {
          id: contacts.id,
          email: contacts.email,
          kind: contacts.kind,
          firstname: contacts.firstname,
          lastname: contacts.lastname,
        },
        invitation: invitations,
        state: participantState,
        ticketCount: sql<number>`(select count(*)::int from ${campaignTickets} t
          where t.contact_id = "contacts"."id" and t.campaign_id = ${q.campaignId})`,
      })
      .from(contacts)
      .leftJoin(
        invitations,
        and(eq(invitations.contactId, contacts.id), eq(invitations.campaignId, q.campaignId)),
      );
  return pageAndCount(
    from()
      .where(where)
      .orderBy(desc(sql`coalesce(${invitations.createdAt}, ${contacts.createdAt})`), desc(contacts.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(contacts)
      .leftJoin(
        invitations,
        and(eq(invitations.contactId, contacts.id), eq(invitations.campaignId, q.campaignId)),
      )
      .where(where),
  );
};

/** A campaign's invitations counted by state, and its open-link participants. */
export const participantCounts = async (db: DbOrTx, campaignId: string) => {
  const [byState, [openLink]] = await Promise.all([
    db
      .select({ state: invitations.state, n: count() })
      .from(invitations)
      .where(eq(invitations.campaignId, campaignId))
      .groupBy(invitations.state),
    db
      .select({ n: sql<number>`count(distinct "campaign_tickets"."contact_id")::int` })
      .from(campaignTickets)
      .where(
        and(
          eq(campaignTickets.campaignId, campaignId),
          sql`not exists (select 1 from ${invitations} i
            where i.campaign_id = ${campaignId} and i.contact_id = "campaign_tickets"."contact_id")`,
        ),
      ),
  ]);
  return { byState, openLinkAnswers: openLink?.n ?? 0 };
};

/** Contacts of the manufacturer not invited to the campaign and not answering it. */
export const listContactsToAdd = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    campaignId: string;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(contacts.manufacturerId, q.manufacturerId),
    sql`not exists (select 1 from ${invitations} i where i.contact_id = "contacts"."id" and i.campaign_id = ${q.campaignId})`,
    sql`not ${answeredCampaign(q.campaignId)}`,
    searchOf(q.search),
  );
  return pageAndCount(
    db
      .select({
        id: contacts.id,
        email: contacts.email,
        kind: contacts.kind,
        firstname: contacts.firstname,
        lastname: contacts.lastname,
        unsubscribed,
      })
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.email))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(contacts).where(where),
  );
};

/** One page of temp contacts (newest first) with their total; `withInvitations` adds their invitations. */
export const listTempContacts = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    search?: string | undefined;
    campaignId?: string | undefined;
    limit: number;
    offset: number;
  },
) => {
  const where = and(
    eq(contacts.manufacturerId, q.manufacturerId),
    eq(contacts.kind, 'temp'),
    searchOf(q.search),
    q.campaignId
      ? sql`exists (select 1 from ${invitations} i where i.contact_id = "contacts"."id" and i.campaign_id = ${q.campaignId})`
      : undefined,
  );
  return pageAndCount(
    db
      .select({ id: contacts.id, email: contacts.email, createdAt: contacts.createdAt, unsubscribed })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(contacts).where(where),
  );
};

/** The invitations of these contacts with their campaigns' titles. */
export const invitationsOfContacts = (db: DbOrTx, contactIds: string[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ invitation: invitations, campaignTitle: campaigns.title })
        .from(invitations)
        .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
        .where(inArray(invitations.contactId, contactIds))
        .orderBy(asc(invitations.createdAt));

/**
 * Invitations due a reminder (D11): the campaign runs with autoReminder, the last mail is older than
 * `before`, fewer than two reminders went out, and nobody answered, unsubscribed or withdrew it.
 */
export const dueReminders = async (db: DbOrTx, before: Date, limit: number): Promise<string[]> => {
  const where: SQL | undefined = and(
    inArray(invitations.state, ['sent', 'opened']),
    sql`${invitations.reminderCount} < 2`,
    lte(invitations.lastMailedAt, before),
    eq(campaigns.state, 'running'),
    eq(campaigns.autoReminder, true),
  );
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .where(where)
    .orderBy(asc(invitations.lastMailedAt))
    .limit(limit);
  return rows.map((r) => r.id);
};

/**
 * The (campaign, contact) pairs among these where the contact answered the campaign already (by any
 * link), as `campaign:contact`: such a contact is not invited again.
 */
export const answeredPairs = async (db: DbOrTx, campaignIds: string[], contactIds: string[]) => {
  if (campaignIds.length === 0 || contactIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ campaignId: campaignTickets.campaignId, contactId: campaignTickets.contactId })
    .from(campaignTickets)
    .where(
      and(
        inArray(campaignTickets.campaignId, campaignIds),
        anyOf(campaignTickets.contactId, contactIds, 'uuid'),
      ),
    );
  return new Set(rows.map((r) => `${r.campaignId}:${r.contactId}`));
};
