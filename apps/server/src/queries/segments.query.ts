/**
 * Read-only query: tag groups as segments of the contact book (D17). Reads tag_groups,
 * tag_group_member_deltas, tag_group_campaigns (tags), contacts and contact_unsubscribes (contacts),
 * campaigns (campaigns), question_options (questions), invitations (invitations) and campaign_tickets
 * (tickets). Used by the tags service for its lists, member pages and counts; the live audiences'
 * queries are in live-audience.query.ts. It never writes.
 *
 * A group's members are the contacts with all (`and`) or any (`or`) of its tags; a group without tags
 * has none. Written as `tags @> group` / `tags && group`, which the GIN index on contacts.tags serves.
 * How many they are is kept, not counted on a read: the group's `member_count` plus its deltas not yet
 * folded (docs/architecture.md, "Tags and live audiences").
 */
import type { TagCondition } from '@parley/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { type Cursor, keysetOrder, pageAndCount } from '../lib/paging.js';
import { preparedShapes } from '../lib/prepared.js';
import { campaigns } from '../modules/campaigns/campaigns.tables.js';
import { contacts } from '../modules/contacts/contacts.tables.js';
import { questionOptions } from '../modules/questions/questions.tables.js';
import { keptMemberCount, tagGroupCampaigns, tagGroups } from '../modules/tags/tags.tables.js';
import { campaignTickets } from '../modules/tickets/tickets.tables.js';
import { answeredCount, invitedCount, likePattern, searchOf, unsubscribed } from './contact-book.query.js';

type Segment = { condition: TagCondition; tags: string[] };

export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** The membership test of one segment given by value, for `contacts` (uses the GIN index). */
export const memberOf = (s: Segment): SQL =>
  s.tags.length === 0
    ? sql`false`
    : s.condition === 'and'
      ? sql`${contacts.tags} @> ${textArray(s.tags)}`
      : sql`${contacts.tags} && ${textArray(s.tags)}`;

// Inside a subquery the outer row's columns are written out with their table: Drizzle prints a
// column of the selected table without it, and `"tags"` there would name the contact's.
const memberCount = keptMemberCount;

/** The group's linked campaigns as JSON, by title. */
const linkedCampaigns = sql<{ _id: string; title: string; state: string }[]>`coalesce((
  select json_agg(json_build_object('_id', k.id, 'title', k.title, 'state', k.state) order by lower(k.title))
  from ${tagGroupCampaigns} l join ${campaigns} k on k.id = l.campaign_id
  where l.tag_group_id = "tag_groups"."id"), '[]'::json)`;

export type TagGroupWithCounts = {
  group: typeof tagGroups.$inferSelect;
  memberCount: number;
  campaigns: { _id: string; title: string; state: string }[];
};

const groupSortKeys = {
  title: sql`lower(${tagGroups.title})`,
  createdAt: tagGroups.createdAt,
  updatedAt: tagGroups.updatedAt,
} as const;

/** The group list's two statements for one shape (sort, search or not, campaign or not), values as placeholders. */
const buildGroupList = (
  db: DbOrTx,
  shape: { sort: string; search: boolean; campaign: boolean },
  name: (part: string) => string,
) => {
  const pattern = sql.placeholder('pattern');
  const where = and(
    eq(tagGroups.manufacturerId, sql.placeholder('manufacturerId')),
    shape.search
      ? sql`(lower(${tagGroups.title}) like ${pattern} or lower(${tagGroups.description}) like ${pattern}
          or exists (select 1 from unnest("tag_groups"."tags") t where t like ${pattern}))`
      : undefined,
    shape.campaign
      ? sql`exists (select 1 from ${tagGroupCampaigns} l where l.tag_group_id = "tag_groups"."id"
          and l.campaign_id = ${sql.placeholder('campaignId')})`
      : undefined,
  );
  const dir = shape.sort.startsWith('-') ? desc : asc;
  const key = groupSortKeys[shape.sort.replace(/^-/, '') as keyof typeof groupSortKeys];
  return {
    page: db
      .select({ group: tagGroups, memberCount, campaigns: linkedCampaigns })
      .from(tagGroups)
      .where(where)
      .orderBy(dir(key), dir(tagGroups.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name('page')),
    count: db.select({ total: count() }).from(tagGroups).where(where).prepare(name('count')),
  };
};

const groupListStatements = preparedShapes<ReturnType<typeof buildGroupList>>('tag_group_list');

/**
 * One page of the manufacturer's groups with their kept member counts and linked campaigns, and the total.
 * Each shape's statements are built and prepared once (lib/prepared.ts): the list costs its SQL, which
 * no longer counts anyone.
 */
export const listTagGroups = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    search?: string | undefined;
    campaignId?: string | undefined;
    sort: string;
    limit: number;
    offset: number;
  },
) => {
  const shape = { sort: q.sort, search: Boolean(q.search), campaign: Boolean(q.campaignId) };
  const { page, count: total } = groupListStatements(
    db,
    `${shape.sort}:${shape.search ? 's' : ''}:${shape.campaign ? 'c' : ''}`,
    (name) => buildGroupList(db, shape, name),
  );
  const values = {
    manufacturerId: q.manufacturerId,
    pattern: q.search ? likePattern(q.search.toLowerCase()) : undefined,
    campaignId: q.campaignId,
    limit: q.limit,
    offset: q.offset,
  };
  return pageAndCount(page.execute(values), total.execute(values));
};

/** One group with its kept member count and linked campaigns. */
export const findTagGroupWithCounts = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
): Promise<TagGroupWithCounts | undefined> => {
  const [row] = await db
    .select({ group: tagGroups, memberCount, campaigns: linkedCampaigns })
    .from(tagGroups)
    .where(and(eq(tagGroups.manufacturerId, manufacturerId), eq(tagGroups.id, id)));
  return row;
};

/** The members' order, newest contact first, as keyset (lib/paging.ts): the id breaks ties. */
export const membersOrder = keysetOrder({
  key: contacts.createdAt,
  type: 'timestamptz',
  id: contacts.id,
  descending: true,
});
/** The members' one sort, as their cursors name it. */
export const membersSort = '-createdAt';

/**
 * One page of a segment's members (newest contact first) with the contact book's counts, each with its
 * sort key for the next cursor, and the total. With a cursor (`after`) the page starts after that row
 * instead of at `offset`. `total` given (the group's kept count, when nothing narrows it) is answered
 * as it is; else the members the search matches are counted.
 */
export const listSegmentMembers = (
  db: DbOrTx,
  q: Segment & {
    manufacturerId: string;
    search?: string | undefined;
    limit: number;
    offset: number;
    after?: Cursor | undefined;
    total?: number | undefined;
  },
) => {
  const where = and(eq(contacts.manufacturerId, q.manufacturerId), memberOf(q), searchOf(q.search));
  // The page's ids first, then its rows with their counts and sort key: PostgreSQL computes a select
  // list for every row an offset skips (docs/operations.md, "Lists").
  const pageIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(q.after ? and(where, membersOrder.after(q.after)) : where)
    .orderBy(...membersOrder.orderBy)
    .limit(q.limit)
    .offset(q.after ? 0 : q.offset);
  return pageAndCount(
    db
      .select({ contact: contacts, unsubscribed, invitedCount, answeredCount, key: membersOrder.keyText })
      .from(contacts)
      .where(and(eq(contacts.manufacturerId, q.manufacturerId), inArray(contacts.id, pageIds)))
      .orderBy(...membersOrder.orderBy),
    q.total === undefined
      ? db.select({ total: count() }).from(contacts).where(where)
      : Promise.resolve([{ total: q.total }]),
  );
};

/** How many contacts a segment holds now. */
export const countSegment = async (db: DbOrTx, manufacturerId: string, s: Segment) => {
  if (s.tags.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.manufacturerId, manufacturerId), memberOf(s)));
  return row?.n ?? 0;
};

/**
 * A group's member count counted and as kept, read in one statement (one snapshot), so they differ only
 * when the kept count drifted: every change of contacts' tags writes its delta in its own transaction.
 * The sweep's repair; the caller holds the audience lock shared, so the group's definition is `s`.
 */
export const countedAndKept = async (db: DbOrTx, manufacturerId: string, groupId: string, s: Segment) => {
  const counted =
    s.tags.length === 0
      ? sql`0`
      : sql`(select count(*) from ${contacts} where ${and(eq(contacts.manufacturerId, manufacturerId), memberOf(s))})`;
  const result = await db.execute<{
    counted: number;
    kept: number | null;
  }>(sql`select ${counted}::int as counted,
    (select ${memberCount} from ${tagGroups} where "tag_groups"."id" = ${groupId}) as kept`);
  const row = result.rows[0];
  const kept = row?.kept;
  return {
    counted: Number(row?.counted ?? 0),
    kept: kept === null || kept === undefined ? undefined : Number(kept),
  };
};

/** Who joins and who leaves when a segment's definition changes from `before` to `after`, and its size after. */
export const segmentDelta = async (db: DbOrTx, manufacturerId: string, before: Segment, after: Segment) => {
  const was = memberOf(before);
  const is = memberOf(after);
  const [row] = await db
    .select({
      gained: sql<number>`count(*) filter (where ${is} and not ${was})::int`,
      lost: sql<number>`count(*) filter (where ${was} and not ${is})::int`,
      members: sql<number>`count(*) filter (where ${is})::int`,
    })
    .from(contacts)
    .where(and(eq(contacts.manufacturerId, manufacturerId), sql`(${was} or ${is})`));
  return { gained: row?.gained ?? 0, lost: row?.lost ?? 0, members: row?.members ?? 0 };
};

/** The ids of a segment's members, leaving out those of `except` (who joins when a group changes). */
export const segmentMemberIds = async (db: DbOrTx, manufacturerId: string, s: Segment, except?: Segment) => {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.manufacturerId, manufacturerId),
        memberOf(s),
        except ? sql`not ${memberOf(except)}` : undefined,
      ),
    );
  return rows.map((r) => r.id);
};

/**
 * The tags in use, most used first: contacts' tags with their contact counts, and the tags of groups,
 * options and campaigns that no contact has yet (count 0), so a picker suggests them too.
 */
export const tagCounts = async (
  db: DbOrTx,
  q: { manufacturerId: string; search?: string | undefined; limit: number },
) => {
  const pattern = q.search ? likePattern(q.search.toLowerCase()) : undefined;
  const match = (column: SQL) => (pattern ? sql`and ${column} like ${pattern}` : sql``);
  const result = await db.execute<{ tag: string; contact_count: number; total: number }>(sql`
    with used as (
      select t, count(*)::int as n from ${contacts} c cross join unnest(c.tags) t
      where c.manufacturer_id = ${q.manufacturerId} ${match(sql`t`)}
      group by t
    ), known as (
      select unnest(tags) as t from ${tagGroups} where manufacturer_id = ${q.manufacturerId}
      union select unnest(tags) from ${questionOptions} where manufacturer_id = ${q.manufacturerId}
      union select unnest(tags) from ${campaigns} where manufacturer_id = ${q.manufacturerId}
    ), every_tag as (
      select t from used union select t from known where true ${match(sql`t`)}
    )
    select e.t as tag, coalesce(u.n, 0) as contact_count, count(*) over ()::int as total
    from every_tag e left join used u using (t)
    order by coalesce(u.n, 0) desc, e.t
    limit ${q.limit}`);
  return {
    documents: result.rows.map((r) => ({ tag: r.tag, contactCount: Number(r.contact_count) })),
    total: Number(result.rows[0]?.total ?? 0),
  };
};

/** The contacts who picked an option (single or multiple choice) in a campaign's tickets. */
export const pickersOfOption = async (db: DbOrTx, campaignId: string, optionId: string) => {
  const result = await db.execute<{ contact_id: string }>(sql`
    select distinct t.contact_id from ${campaignTickets} t
    where t.campaign_id = ${campaignId} and t.contact_id is not null
      and exists (select 1 from jsonb_array_elements(t.answers) a
        where a->>'type' in ('SingleChoice', 'MultiChoice') and (a->'value'->'optionIds') ? ${optionId})`);
  return result.rows.map((r) => r.contact_id);
};

/** The contacts who answered a campaign. */
export const participantsOf = async (db: DbOrTx, campaignId: string) => {
  const result = await db.execute<{ contact_id: string }>(sql`
    select distinct contact_id from ${campaignTickets} where campaign_id = ${campaignId} and contact_id is not null`);
  return result.rows.map((r) => r.contact_id);
};
