import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { post, runningCampaign, type Session } from './campaign-api.js';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * What counts as "new" in the history (docs/product-decisions.md, history): an entry is cleared
 * by opening its object, one's own action is never new, and an answer names who gave it.
 */
const ctx = useTestApp();

const history = async (s: Session) => {
  const res = await s.api(api.history.me, { query: { product: 'connect' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const answer = async (
  campaignId: string,
  questionId: string,
  who: { email: string; firstname?: string; lastname?: string },
) => {
  const res = await callApi(ctx.app, api.participation.submit, {
    params: { id: campaignId },
    body: { ...who, submissionId: randomUUID(), answers: [{ questionId, text: 'Fine.' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe('history "new"', () => {
  it('names who answered: their name when given, else their address', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      allowMultipleParticipation: true,
      questions: [{ type: 'FreeText', text: 'Say something' }],
    });
    const questionId = c.questions[0]!.id;
    await answer(c.id, questionId, {
      email: `ada-${randomUUID()}@example.com`,
      firstname: 'Ada',
      lastname: 'Lovelace',
    });
    const anonymous = `quiet-${randomUUID()}@example.com`;
    await answer(c.id, questionId, { email: anonymous });

    const { documents } = await history(owner);
    expect(documents.map((d) => d.data.participant)).toEqual([anonymous, 'Ada Lovelace']);
  });

  it('clears a ticket’s entry for the owner who opens the ticket, not for a colleague', async () => {
    const owner = await ownerSession(ctx);
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      allowMultipleParticipation: true,
      questions: [{ type: 'FreeText', text: 'Say something' }],
    });
    await answer(c.id, c.questions[0]!.id, { email: `one-${randomUUID()}@example.com` });
    await answer(c.id, c.questions[0]!.id, { email: `two-${randomUUID()}@example.com` });
    const before = await history(owner);
    expect(before.newCount).toBe(2);
    const opened = before.documents[1]!;

    const read = await owner.api(api.tickets.get, { params: { id: opened.subject._id } });
    expect(read.statusCode, read.body).toBe(200);

    const after = await history(owner);
    expect(after.newCount).toBe(1);
    expect(after.documents.find((d) => d._id === opened._id)?.isNewHistory).toBe(false);
    expect((await history(colleague)).newCount).toBe(2);
  });

  it('never shows an owner their own Stop as new; a colleague sees it until opening the campaign', async () => {
    const owner = await ownerSession(ctx);
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const c = await runningCampaign(owner, { title: 'Stopped by hand' });
    await post(owner, api.campaigns.stop, c._id);

    const mine = await history(owner);
    const ended = mine.documents.find((d) => d.kind === 'campaignEnded');
    expect(ended?.isNewHistory).toBe(false);
    expect(ended?.data.actorOwnerId).toBe(owner.ownerId);
    expect(mine.newCount).toBe(0);

    const theirs = await history(colleague);
    expect(theirs.documents.find((d) => d.kind === 'campaignEnded')?.isNewHistory).toBe(true);
    const read = await colleague.api(api.campaigns.get, { params: { id: c._id } });
    expect(read.statusCode, read.body).toBe(200);
    expect((await history(colleague)).newCount).toBe(0);
  });

  it('opening another manufacturer’s ticket or campaign clears nothing of theirs', async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
      questions: [{ type: 'FreeText', text: 'Say something' }],
    });
    await answer(c.id, c.questions[0]!.id, { email: `x-${randomUUID()}@example.com` });
    const [entry] = (await history(owner)).documents;

    expect((await stranger.api(api.tickets.get, { params: { id: entry!.subject._id } })).statusCode).toBe(
      404,
    );
    expect((await stranger.api(api.campaigns.get, { params: { id: c.id } })).statusCode).toBe(404);
    expect((await history(owner)).newCount).toBe(1);
  });
});
