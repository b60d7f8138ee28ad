import type { PostFilterQuery } from '@parley/contract';
import { and, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likePattern } from '../../lib/like.js';
import { type Cursor, keysetOrder } from '../../lib/paging.js';
import { postReads, posts, postTallies } from './posts.tables.js';

/**
 * The feeds: the owner's (filtered, with the tab counts) and the public page's. Their totals and counts add
 * up the manufacturer's post tallies (migration 0013) instead of counting its posts.
 */

/** When `ownerId` last read the post (null: never), as a column of the feed. */
const seenAtOf = (ownerId: string) =>
  sql<Date | null>`(select ${postReads.seenAt} from ${postReads} where ${postReads.postId} = ${posts.id} and ${postReads.ownerId} = ${ownerId})`;
const hasNewOf = (ownerId: string) =>
  sql<boolean>`coalesce(${posts.lastAuthorActivityAt} > ${seenAtOf(ownerId)}, true)`;

const feedWhere = (manufacturerId: string, ownerId: string, q: PostFilterQuery): SQL | undefined =>
  and(
    eq(posts.manufacturerId, manufacturerId),
    q['states[]'] && q['states[]'].length > 0 ? inArray(posts.state, q['states[]']) : undefined,
    q.manuType === 'none' ? isNull(posts.manuType) : q.manuType ? eq(posts.manuType, q.manuType) : undefined,
    q.unanswered ? isNull(posts.answer) : undefined,
    q.newComments ? hasNewOf(ownerId) : undefined,
    q.reported ? gt(posts.publicReports, 0) : undefined,
    q.search ? ilike(posts.searchText, likePattern(q.search.toLowerCase())) : undefined,
  );

/** The feed's order as keyset order (lib/paging.ts): the id breaks ties, so pages never overlap or skip rows. */
const keysetOf = (sort: PostFilterQuery['sort']) =>
  sort === 'activity'
    ? keysetOrder({ key: posts.lastActivityAt, type: 'timestamptz', id: posts.id, descending: true })
    : keysetOrder({ key: posts.createdAt, type: 'timestamptz', id: posts.id, descending: sort !== 'oldest' });

/**
 * How many posts a filter the tallies cannot answer (new for this owner, a search) counts past the page's
 * first row: the count stops there and the answer says `totalAtLeast` (docs/architecture.md, "Data").
 */
export const postCountCap = 1000;

/** The tally rows of the filter's posts (post_tallies, kept by triggers): all but the owner's news and a search. */
const talliesOf = (manufacturerId: string, q: PostFilterQuery) => {
  const t = postTallies;
  return and(
    eq(t.manufacturerId, manufacturerId),
    q['states[]'] && q['states[]'].length > 0 ? inArray(t.state, q['states[]']) : undefined,
    q.manuType ? eq(t.manuType, q.manuType) : undefined,
    q.unanswered ? eq(t.answered, false) : undefined,
    q.reported ? eq(t.reported, true) : undefined,
  );
};

/**
 * One page of the owner's feed, its total and the counts by state. The counts by state and, when the
 * filter allows, the total are sums of the manufacturer's tallies (a few dozen rows whatever the feed's
 * size); a filter by news or a search counts at most `postCountCap` rows past the page (`atLeast` when it
 * stopped). With a cursor (`after`) the page starts after that row instead of at `offset`.
 */
export const listPosts = async (
  db: DbOrTx,
  r: {
    manufacturerId: string;
    ownerId: string;
    q: PostFilterQuery;
    offset: number;
    after?: Cursor | undefined;
  },
) => {
  const where = feedWhere(r.manufacturerId, r.ownerId, r.q);
  const order = keysetOf(r.q.sort);
  const offset = r.after ? 0 : r.offset;
  const tallied = !r.q.newComments && !r.q.search;
  const cap = offset + postCountCap;
  const t = postTallies;
  const [rows, tallies, [counted]] = await Promise.all([
    db
      .select({ post: posts, hasNew: hasNewOf(r.ownerId), key: order.keyText })
      .from(posts)
      .where(r.after ? and(where, order.after(r.after)) : where)
      .orderBy(...order.orderBy)
      .limit(r.q.limit)
      .offset(offset),
    db
      .select({
        state: t.state,
        n: sql<number>`sum(${t.n})::int`,
        inFilter: tallied
          ? sql<number>`(sum(${t.n}) filter (where ${talliesOf(r.manufacturerId, r.q)}))::int`
          : sql<number>`0`,
      })
      .from(t)
      .where(eq(t.manufacturerId, r.manufacturerId))
      .groupBy(t.state),
    tallied
      ? []
      : db.select({ n: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(posts)
            .where(where)
            .limit(cap + 1)
            .as('capped'),
        ),
  ]);
  const counts = { pending: 0, published: 0, unpublished: 0, reported: 0 };
  for (const s of tallies) counts[s.state] = s.n;
  if (tallied)
    return { rows, total: tallies.reduce((a, s) => a + (s.inFilter ?? 0), 0), atLeast: false, counts };
  const n = counted?.n ?? 0;
  return { rows, total: Math.min(n, cap), atLeast: n > cap, counts };
};

/** The published posts of the public page, newest or by latest activity; their number from the tallies. */
export const listPublishedPosts = async (
  db: DbOrTx,
  r: { manufacturerId: string; sort: 'newest' | 'activity'; limit: number; offset: number },
) => {
  const where = and(eq(posts.manufacturerId, r.manufacturerId), eq(posts.state, 'published'));
  const order =
    r.sort === 'activity'
      ? [desc(posts.lastActivityAt), desc(posts.id)]
      : [desc(posts.createdAt), desc(posts.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(r.limit)
      .offset(r.offset),
    db
      .select({ n: sql<number>`coalesce(sum(${postTallies.n}), 0)::int` })
      .from(postTallies)
      .where(and(eq(postTallies.manufacturerId, r.manufacturerId), eq(postTallies.state, 'published'))),
  ]);
  return { rows, total: total?.n ?? 0 };
};
