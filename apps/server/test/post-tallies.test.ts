import { randomUUID } from 'node:crypto';
import { api, type PostFilter } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { postCountCap } from '../src/modules/posts/posts.feed.repository.js';
import { callApiUnchecked } from './client.js';
import { setManufacturerLimits } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * post_tallies (migration 0013), kept by triggers on posts: after every way a post comes, changes or goes
 * they equal a count of the posts, and the feed's totals and tab counts read from them equal the posts in
 * the filter. The feed's keyset pages, and the count that stops past the page for a search.
 */
const ctx = useTestApp();
type Owner = Awaited<ReturnType<typeof ownerSession>>;

const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const setup = async () => {
  const owner = await ownerSession(ctx);
  await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canComment: true, canUnpublish: true });
  const post = async (i: number) => {
    const res = await callApiUnchecked(
      ctx.app,
      api.posts.submit,
      {
        params: { manufacturerId: owner.manufacturerId },
        body: {
          name: `Author ${String.fromCharCode(65 + (i % 26))}`,
          email: `a${i}-${randomUUID().slice(0, 8)}@example.com`,
          text: `The bell of my bike rattles, number ${i}.`,
          consent: true,
          language: 'en',
        },
      },
      { remoteAddress: ip() },
    );
    expect(res.statusCode, res.body).toBe(201);
  };
  return { owner, post };
};

const idsOf = async (manufacturerId: string) =>
  (
    await ctx.rt.pool.query<{ id: string }>(
      'select id from posts where manufacturer_id = $1 order by created_at, id',
      [manufacturerId],
    )
  ).rows.map((r) => r.id);

const expectTalliesCounted = async (manufacturerId: string) => {
  const q = (text: string) => ctx.rt.pool.query(text, [manufacturerId]).then((r) => r.rows);
  expect(
    await q(`select state, manu_type, answered, reported, n from post_tallies
      where manufacturer_id = $1 and n <> 0 order by 1, 2, 3, 4`),
  ).toEqual(
    await q(`select state, coalesce(manu_type, 'none') as manu_type, answer is not null as answered,
        public_reports > 0 as reported, count(*)::int as n
      from posts where manufacturer_id = $1 group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
};

/** The feed's filters the tallies answer, each with its condition on posts. */
const tallied: [PostFilter, string][] = [
  [{}, 'true'],
  [{ 'states[]': ['pending'] }, "state = 'pending'"],
  [{ 'states[]': ['published', 'reported'] }, "state in ('published', 'reported')"],
  [{ manuType: 'none' }, 'manu_type is null'],
  [{ manuType: 'praise', unanswered: 'true' }, "manu_type = 'praise' and answer is null"],
  [{ reported: 'true' }, 'public_reports > 0'],
];

const expectFeed = async (owner: Owner) => {
  const { rows: states } = await ctx.rt.pool.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from posts where manufacturer_id = $1 group by 1',
    [owner.manufacturerId],
  );
  const counts = { pending: 0, published: 0, unpublished: 0, reported: 0 };
  for (const s of states) counts[s.state as keyof typeof counts] = s.n;
  for (const [filter, where] of tallied) {
    const res = await owner.api(api.posts.list, { query: { ...filter, limit: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.rt.pool.query<{ n: number }>(
      `select count(*)::int as n from posts where manufacturer_id = $1 and ${where}`,
      [owner.manufacturerId],
    );
    expect(res.json(), JSON.stringify(filter)).toMatchObject({ total: rows[0]?.n, counts });
    expect(res.json().totalAtLeast).toBeUndefined();
  }
};

describe('post tallies', () => {
  it('stay equal to a count of the posts as they come, are published, classified, answered, reported and deleted', async () => {
    const { owner, post } = await setup();
    const other = await setup();
    for (let i = 0; i < 6; i++) await post(i);
    await other.post(99);
    await expectTalliesCounted(owner.manufacturerId);
    await expectFeed(owner);

    const [p0, p1, p2, p3, p4] = await idsOf(owner.manufacturerId);
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
    ok(await owner.api(api.posts.publish, { params: { id: p0! } }));
    ok(await owner.api(api.posts.bulk, { body: { action: 'publish', ids: [p1!, p2!] } }));
    ok(await owner.api(api.posts.unpublish, { params: { id: p2! } }));
    ok(await owner.api(api.posts.report, { params: { id: p3! }, body: { reason: 'Abusive words' } }));
    ok(await owner.api(api.posts.manuType, { params: { id: p0! }, body: { manuType: 'praise' } }));
    ok(await owner.api(api.posts.manuType, { params: { id: p1! }, body: { manuType: 'praise' } }));
    ok(await owner.api(api.posts.answer, { params: { id: p1! }, body: { answer: 'Thank you' } }));
    await expectTalliesCounted(owner.manufacturerId);
    await expectFeed(owner);

    // Visitors' reports (counted by their own confirmation flow) and the answer taken back.
    await ctx.rt.pool.query('update posts set public_reports = 2 where id = $1', [p0]);
    ok(await owner.api(api.posts.answer, { params: { id: p1! }, body: { answer: '' } }));
    expect((await owner.api(api.posts.remove, { params: { id: p4! } })).statusCode).toBe(204);
    await expectTalliesCounted(owner.manufacturerId);
    await expectFeed(owner);

    // The other manufacturer's feed counts its own post only.
    const theirs = (await other.owner.api(api.posts.list, {})).json();
    expect(theirs).toMatchObject({ total: 1, counts: { pending: 1, published: 0 } });
    await expectTalliesCounted(other.owner.manufacturerId);
  });

  it(`counts a search up to ${postCountCap} posts past the page, and pages by cursor without repeating a post`, async () => {
    const { owner } = await setup();
    const many = postCountCap + 10;
    await ctx.rt.pool.query(
      `insert into posts (manufacturer_id, author_name, author_email, text, language, token_hash, search_text,
         created_at, last_activity_at, last_author_activity_at)
       select $1, 'A', 'a' || g || '@example.com', 'Text ' || g, 'en', 'post-tally-' || gen_random_uuid(),
         case when g <= $3 then 'kondenswasser ' else 'other ' end || g,
         '2030-01-01T00:00:00Z'::timestamptz - (g / 3) * interval '1 minute', now(), now()
       from generate_series(1, $2::int) g`,
      [owner.manufacturerId, many + 4, many],
    );
    const search = await owner.api(api.posts.list, { query: { search: 'kondenswasser' } });
    expect(search.json()).toMatchObject({ total: postCountCap, totalAtLeast: true });
    const few = await owner.api(api.posts.list, { query: { search: 'other' } });
    expect(few.json()).toMatchObject({ total: 4 });
    expect(few.json().totalAtLeast).toBeUndefined();
    expect((await owner.api(api.posts.list, {})).json()).toMatchObject({
      total: many + 4,
      counts: { pending: many + 4 },
    });

    // Three posts share each instant: the id breaks the tie.
    for (const sort of ['newest', 'oldest'] as const) {
      const byOffset = (
        await owner.api(api.posts.list, { query: { search: 'other', sort, limit: '100' } })
      ).json().documents;
      const walked: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 5 && (pages === 0 || after); pages++) {
        const body = (
          await owner.api(api.posts.list, {
            query: { search: 'other', sort, limit: '3', ...(after ? { after } : {}) },
          })
        ).json();
        walked.push(...body.documents.map((d) => d._id));
        after = body.next;
      }
      expect(walked, sort).toEqual(byOffset.map((d) => d._id));
    }
    const first = (await owner.api(api.posts.list, { query: { limit: '2' } })).json();
    const wrong = await owner.apiUnchecked(api.posts.list, {
      query: { sort: 'activity', after: first.next },
    });
    expect(wrong.json()).toMatchObject({ code: 'validation', field: 'after' });
  });
});
