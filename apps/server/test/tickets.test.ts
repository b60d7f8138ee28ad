import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

const ctx = useTestApp();

/** A campaign answered by `n` participants through the public call, the way tickets arrive. */
const answered = async (manufacturerId: string, n: number) => {
  const c = await insertCampaign(ctx.rt, manufacturerId, {
    allowMultipleParticipation: true,
    questions: [
      { type: 'FreeText', text: 'Say something' },
      { type: 'SingleChoice', optional: true },
    ],
  });
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `t${i}-${randomUUID()}@example.com`;
    emails.push(email);
    const res = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email,
        lastname: `Number ${i}`,
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]!.id, text: `answer ${i}` }],
      },
    });
    expect(res.statusCode).toBe(201);
  }
  return { c, emails };
};

describe('GET /api/campaignTicket/all', () => {
  it("lists a campaign's tickets newest first with their contact, paged with a total", async () => {
    const owner = await ownerSession(ctx);
    const { c, emails } = await answered(owner.manufacturerId, 3);
    await answered(owner.manufacturerId, 1); // another campaign's ticket stays out

    const res = await owner.api(api.tickets.list, { query: { campaignId: c.id, limit: '2' } });
    expect(res.statusCode).toBe(200);
    const page1 = res.json();
    expect(page1.total).toBe(3);
    expect(page1.documents).toHaveLength(2);
    expect(page1.documents[0]).toEqual({
      _id: expect.any(String),
      campaignId: c.id,
      campaignTitle: c.title,
      contact: { _id: expect.any(String), email: emails[2], firstname: null, lastname: 'Number 2' },
      emailConfirmed: false,
      answeredCount: 1,
      createdAt: expect.any(String),
      lastActivityAt: expect.any(String),
      ignored: false,
      answered: false,
      commentCount: 0,
      hasNew: false,
      votes: { up: 0, down: 0 },
      excerpt: 'answer 2',
    });
    expect(page1.documents[1]?.contact?.email).toBe(emails[1]);

    const page2 = (
      await owner.api(api.tickets.list, { query: { campaignId: c.id, limit: '2', page: '2' } })
    ).json();
    expect(page2).toMatchObject({ total: 3, documents: [{ contact: { email: emails[0] } }] });
  });

  it('answers an empty page for a campaign without tickets', async () => {
    const owner = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const res = await owner.api(api.tickets.list, { query: { campaignId: c.id } });
    expect(res.json()).toEqual({ documents: [], total: 0 });
  });

  it("answers 404 for another manufacturer's or an unknown campaign; without one, every campaign's (the inbox)", async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const { c } = await answered(owner.manufacturerId, 1);
    for (const campaignId of [c.id, randomUUID()]) {
      const res = await stranger.api(api.tickets.list, { query: { campaignId } });
      expect(res.statusCode).toBe(404);
    }
    const inbox = await owner.api(api.tickets.list);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().total).toBe(1);
    expect((await stranger.api(api.tickets.list)).json().total).toBe(0);
    const tooMany = await owner.api(api.tickets.list, { query: { campaignId: c.id, limit: '101' } });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('GET /api/campaignTicket/:id', () => {
  it('shows a ticket with the answers as the participant saw them', async () => {
    const owner = await ownerSession(ctx);
    const { c, emails } = await answered(owner.manufacturerId, 1);
    const list = (await owner.api(api.tickets.list, { query: { campaignId: c.id } })).json();
    const id = list.documents[0]?._id as string;
    const res = await owner.api(api.tickets.get, { params: { id } });
    expect(res.statusCode).toBe(200);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      _id: id,
      campaignId: c.id,
      campaignTitle: c.title,
      language: 'en',
      emailConfirmed: false,
      answeredCount: 1,
      contact: { email: emails[0] },
    });
    expect(ticket.answers).toEqual([
      expect.objectContaining({ text: 'Say something', value: { text: 'answer 0' }, skipped: false }),
      expect.objectContaining({ type: 'SingleChoice', optional: true, value: {}, skipped: true }),
    ]);
  });

  it("answers 404 for another manufacturer's ticket and for an unknown id", async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const { c } = await answered(owner.manufacturerId, 1);
    const list = (await owner.api(api.tickets.list, { query: { campaignId: c.id } })).json();
    const id = list.documents[0]?._id as string;
    expect((await stranger.api(api.tickets.get, { params: { id } })).statusCode).toBe(404);
    expect((await owner.api(api.tickets.get, { params: { id: randomUUID() } })).statusCode).toBe(404);
  });

  it('needs connect', async () => {
    const owner = await ownerSession(ctx, { connect: false });
    const res = await owner.api(api.tickets.get, { params: { id: randomUUID() } });
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe('connect/not-enabled');
  });
});
