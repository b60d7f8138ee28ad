import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { addHistoryEntry } from '../src/modules/history/history.repository.js';
import { ownerSession, useTestApp } from './helpers.js';

const ctx = useTestApp();

const entry = (manufacturerId: string, product: 'connect' | 'platform', title: string) =>
  addHistoryEntry(ctx.rt.db, {
    manufacturerId,
    product,
    kind: product === 'connect' ? 'newCampaignTicket' : 'newFeedbackByUser',
    subject: { type: product === 'connect' ? 'campaignTicket' : 'postTicket', id: randomUUID(), title },
    data: { campaignId: randomUUID() },
  });

describe('history', () => {
  it('lists the entries of one product area, newest first, each new for the owner', async () => {
    const owner = await ownerSession(ctx);
    await entry(owner.manufacturerId, 'connect', 'first');
    await entry(owner.manufacturerId, 'connect', 'second');
    await entry(owner.manufacturerId, 'platform', 'a post');
    const res = await owner.api(api.history.me, { query: { product: 'connect', limit: '50' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.newCount).toBe(2);
    expect(body.documents.map((d) => d.subject.title)).toEqual(['second', 'first']);
    expect(
      body.documents.every(
        (d: { isNewHistory: boolean; product: string }) => d.isNewHistory && d.product === 'connect',
      ),
    ).toBe(true);
  });

  it('marks entries seen per owner and hides other manufacturers', async () => {
    const owner = await ownerSession(ctx);
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const stranger = await ownerSession(ctx);
    const mine = await entry(owner.manufacturerId, 'platform', 'mine');
    const theirs = await entry(stranger.manufacturerId, 'platform', 'theirs');

    const seen = await owner.api(api.history.seen, { body: { ids: [mine!.id, theirs!.id] } });
    expect(seen.statusCode).toBe(204);

    const list = (await owner.api(api.history.me, { query: { product: 'platform' } })).json();
    expect(list.documents).toHaveLength(1);
    expect(list.documents[0]).toMatchObject({ _id: mine!.id, isNewHistory: false });
    expect(list.newCount).toBe(0);

    // Still new for the colleague, and the stranger's entry stayed new for the stranger.
    const forColleague = (await colleague.api(api.history.me, { query: { product: 'platform' } })).json();
    expect(forColleague.documents[0]?.isNewHistory).toBe(true);
    const forStranger = (await stranger.api(api.history.me, { query: { product: 'platform' } })).json();
    expect(forStranger.documents).toEqual([expect.objectContaining({ _id: theirs!.id, isNewHistory: true })]);

    // Marking again is harmless.
    expect((await owner.api(api.history.seen, { body: { ids: [mine!.id] } })).statusCode).toBe(204);
  });

  it('validates its input with messages naming the field', async () => {
    const owner = await ownerSession(ctx);
    const badProduct = await owner.apiUnchecked(api.history.me, { query: { product: 'elsewhere' } });
    expect(badProduct.statusCode).toBe(400);
    expect(badProduct.error()).toMatchObject({ code: 'validation', field: 'product' });
    const tooMany = await owner.api(api.history.me, { query: { product: 'connect', limit: '101' } });
    expect(tooMany.statusCode).toBe(400);
    const badIds = await owner.api(api.history.seen, { body: { ids: ['nope'] } });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.error()).toMatchObject({ code: 'validation', field: 'ids.0' });
    const empty = await owner.api(api.history.seen, { body: { ids: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('pages with limit and page', async () => {
    const owner = await ownerSession(ctx);
    for (let i = 0; i < 5; i++) await entry(owner.manufacturerId, 'connect', `e${i}`);
    const page2 = (
      await owner.api(api.history.me, { query: { product: 'connect', limit: '2', page: '2' } })
    ).json();
    expect(page2.total).toBe(5);
    expect(page2.documents.map((d) => d.subject.title)).toEqual(['e2', 'e1']);
  });
});
