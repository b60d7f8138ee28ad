/**
 * Read-only query: the live audiences of tag groups linked to running campaigns (D17): who is to be
 * invited, and who is kept from an invitation and why. Reads tag_groups and tag_group_campaigns (tags),
 * contacts and contact_unsubscribes (contacts), campaigns (campaigns), invitations (invitations) and
 * campaign_tickets (tickets). Used by the tags module's audience job and report. It never writes.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { anyOf } from '../lib/any-of.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contacts, contactUnsubscribes } from '../modules/contacts/contacts.tables.js';
import { invitations } from '../modules/invitations/invitations.tables.js';
import { tagGroupCampaigns, tagGroups } from '../modules/tags/tags.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { textArray } from './segments.query.js';

/** The membership test of the group row `g` for the contact row `c` (in the live-audience queries). */
const rowMemberOf = sql`(cardinality(g.tags) > 0 and
  ((g.condition = 'and' and c.tags @> g.tags) or (g.condition = 'or' and c.tags && g.tags)))`;

/** Which part of the live audience a query looks at; absent keys do not narrow. */
export type AudienceScope = {
  manufacturerId: string;
  /** Only these contacts. */
  contactIds?: string[] | undefined;
  /** Only groups holding one of these tags (the groups a gained tag can have made someone join). */
  tags?: string[] | undefined;
  groupIds?: string[] | undefined;
  campaignIds?: string[] | undefined;
};

/**
 * Every (contact, campaign) of the live audience in scope: a member of a group linked to a running
 * campaign, each pair once (the first group by id names it), with what keeps it from an invitation.
 */
const audience = (s: AudienceScope) => sql`
  select distinct on (l.campaign_id, c.id)
    c.id as contact_id, c.email, l.campaign_id, k.title as campaign_title,
    g.id as group_id, g.title as group_title, g.tags as group_tags,
    exists (select 1 from ${invitations} i where i.campaign_id = l.campaign_id and i.contact_id = c.id)
      or exists (select 1 from ${campaignTickets} t where t.campaign_id = l.campaign_id and t.contact_id = c.id)
      as reached,
    exists (select 1 from ${contactUnsubscribes} u where u.manufacturer_id = c.manufacturer_id and u.email = c.email)
      as unsubscribed
  from ${tagGroupCampaigns} l
  join ${tagGroups} g on g.id = l.tag_group_id
  join ${campaigns} k on k.id = l.campaign_id and k.state = 'running'
  join ${contacts} c on c.manufacturer_id = g.manufacturer_id and ${rowMemberOf}
  where l.manufacturer_id = ${s.manufacturerId}
    ${s.contactIds ? sql`and ${anyOf(sql`c.id`, s.contactIds, 'uuid')}` : sql``}
    ${s.tags ? sql`and g.tags && ${textArray(s.tags)}` : sql``}
    ${s.groupIds ? sql`and ${anyOf(sql`g.id`, s.groupIds, 'uuid')}` : sql``}
    ${s.campaignIds ? sql`and ${anyOf(sql`l.campaign_id`, s.campaignIds, 'uuid')}` : sql``}
  order by l.campaign_id, c.id, g.id`;

export type PendingInvitation = {
  contactId: string;
  email: string;
  campaignId: string;
  groupId: string;
  groupTitle: string;
  groupTags: string[];
};

/** The pairs (up to `limit`) of the live audience still to invite: not invited, not answered, not unsubscribed. */
export const pendingInvitations = async (
  db: DbOrTx,
  s: AudienceScope,
  limit?: number,
): Promise<PendingInvitation[]> => {
  const result = await db.execute<{
    contact_id: string;
    email: string;
    campaign_id: string;
    group_id: string;
    group_title: string;
    group_tags: string[];
  }>(sql`select contact_id, email, campaign_id, group_id, group_title, group_tags from (${audience(s)}) a
    where not a.reached and not a.unsubscribed ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  return result.rows.map((r) => ({
    contactId: r.contact_id,
    email: r.email,
    campaignId: r.campaign_id,
    groupId: r.group_id,
    groupTitle: r.group_title,
    groupTags: r.group_tags,
  }));
};

/** The live audience in scope counted per campaign: invitations to make, and who is kept from one and why. */
export const audienceCounts = async (db: DbOrTx, s: AudienceScope) => {
  const result = await db.execute<{
    campaign_id: string;
    campaign_title: string;
    pending: number;
    reached: number;
    unsubscribed: number;
  }>(sql`select campaign_id, min(campaign_title) as campaign_title,
      count(*) filter (where not reached and not unsubscribed)::int as pending,
      count(*) filter (where reached)::int as reached,
      count(*) filter (where unsubscribed and not reached)::int as unsubscribed
    from (${audience(s)}) a group by campaign_id order by min(campaign_title)`);
  return result.rows.map((r) => ({
    campaignId: r.campaign_id,
    title: r.campaign_title,
    pending: Number(r.pending),
    reached: Number(r.reached),
    unsubscribed: Number(r.unsubscribed),
  }));
};

/** Whether the manufacturer has any group linked to a running campaign (else no tag change invites anyone). */
export const hasLiveAudience = async (db: DbOrTx, manufacturerId: string) => {
  const result = await db.execute(sql`select 1 from ${tagGroupCampaigns} l
    join ${campaigns} k on k.id = l.campaign_id and k.state = 'running'
    where l.manufacturer_id = ${manufacturerId} limit 1`);
  return result.rows.length > 0;
};
