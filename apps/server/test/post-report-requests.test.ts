import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callApiUnchecked } from './client.js';
import { setManufacturerLimits } from './fixtures.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

/**
 * A visitor's report waiting for its confirmation is a tenant row like its post (docs/scaling.md,
 * "Tenant keys"): it carries the post's manufacturer, and publishing the post again deletes the waiting
 * ones of that manufacturer's post.
 */
const ctx = useTestApp();

const addr = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

const publishedPost = async () => {
  const owner = await ownerSession(ctx);
  const m = owner.manufacturerId;
  await setManufacturerLimits(ctx.rt, m, { canUnpublish: true });
  const submitted = await callApiUnchecked(
    ctx.app,
    api.posts.submit,
    {
      params: { manufacturerId: m },
      body: { name: 'Jana Berg', email: addr('jana'), text: 'The bell rattles.', consent: true },
    },
    { remoteAddress: '10.1.2.3' },
  );
  expect(submitted.statusCode, submitted.body).toBe(201);
  const { rows } = await ctx.rt.db.execute<{ id: string }>(
    sql`select id from posts where manufacturer_id = ${m}`,
  );
  const id = rows[0]?.id as string;
  expect((await owner.api(api.posts.publish, { params: { id } })).statusCode).toBe(200);
  return { owner, m, id };
};

const requestsOf = async (postId: string) =>
  (
    await ctx.rt.db.execute<{ manufacturer_id: string; confirmed: boolean }>(
      sql`select manufacturer_id, confirmed_at is not null as confirmed from post_report_requests
          where post_id = ${postId}`,
    )
  ).rows;

describe('post_report_requests', () => {
  it('carry the manufacturer of their post; confirming and publishing again work by it', async () => {
    const a = await publishedPost();
    const b = await publishedPost();
    const report = (p: { m: string; id: string }, email: string, remoteAddress: string) =>
      callApiUnchecked(
        ctx.app,
        api.posts.publicReport,
        { params: { manufacturerId: p.m, postId: p.id }, body: { email, language: 'en' } },
        { remoteAddress },
      );
    const ann = addr('ann');
    expect((await report(a, ann, '198.51.100.1')).statusCode).toBe(204);
    expect((await report(b, addr('ben'), '198.51.100.2')).statusCode).toBe(204);
    expect(await requestsOf(a.id)).toEqual([{ manufacturer_id: a.m, confirmed: false }]);
    expect(await requestsOf(b.id)).toEqual([{ manufacturer_id: b.m, confirmed: false }]);

    const [mail] = await readOutbox(ctx.rt, (x) => x.to === ann);
    const token =
      mail?.links
        .find((l) => l.includes('/report/'))
        ?.split('/report/')[1]
        ?.split(/[?#]/)[0] ?? '';
    const page = await callApiUnchecked(ctx.app, api.posts.reportConfirmation, { params: { token } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ manufacturerId: a.m, postId: a.id, confirmed: false });
    const confirmed = await callApiUnchecked(ctx.app, api.posts.reportConfirm, { params: { token } });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    expect(await requestsOf(a.id)).toEqual([{ manufacturer_id: a.m, confirmed: true }]);
    expect((await a.owner.api(api.posts.get, { params: { id: a.id } })).json().publicReports).toBe(1);

    // The owner publishes again (unpublishes first): that post's waiting and confirmed ones go, no other.
    expect((await a.owner.api(api.posts.unpublish, { params: { id: a.id } })).statusCode).toBe(200);
    expect((await a.owner.api(api.posts.publish, { params: { id: a.id } })).statusCode).toBe(200);
    expect(await requestsOf(a.id)).toEqual([]);
    expect(await requestsOf(b.id)).toHaveLength(1);
  });
});
