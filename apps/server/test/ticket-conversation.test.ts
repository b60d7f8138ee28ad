import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { api, type Ticket } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketMedia } from '../src/modules/tickets/tickets.tables.js';
import { makePng, multipart } from './campaign-api.js';
import { callApi } from './client.js';
import { insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

/**
 * The ticket conversation (D14, docs/product-decisions.md, "The ticket conversation"): the owner's
 * answer, comments, private note, archive and ratings; the inbox's filters; the participant's
 * replies, files and mail switch; the mails each sends.
 */
const ctx = useTestApp();

const allFlags = { canComment: true, canPrivateNote: true, canSaveAnswerWithoutNotification: true };

const setup = async (flags: Partial<typeof allFlags> = allFlags) => {
  const owner = await ownerSession(ctx);
  await setManufacturerLimits(ctx.rt, owner.manufacturerId, flags);
  const c = await insertCampaign(ctx.rt, owner.manufacturerId, {
    allowMultipleParticipation: true,
    questions: [
      { type: 'FreeText', text: 'Say something' },
      { type: 'SingleChoice', optional: true },
    ],
  });
  /** A participant answers through the open link; answers their ticket's id and private-link token. */
  const participant = async (text = 'The saddle squeaks', firstname: string | null = 'Ada') => {
    const email = `p-${randomUUID()}@example.com`;
    const res = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email,
        ...(firstname ? { firstname } : {}),
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]!.id, text }],
      },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === email);
    const token = tokenOf(mail?.links.find((l) => l.includes('/p/t/')));
    const list = (await owner.api(api.tickets.list, { query: { campaignId: c.id, limit: '100' } })).json();
    const ticketId = list.documents.find((d) => d.contact?.email === email)?._id as string;
    return { email, token, ticketId };
  };
  return { owner, c, participant };
};

const tokenOf = (link: string | undefined) => {
  const token = link?.split('/p/t/')[1]?.split(/[?#]/)[0];
  if (!token) throw new Error(`no ticket link in ${link}`);
  return token;
};

const publicTicket = (token: string) => callApi(ctx.app, api.participation.ticket, { params: { token } });

describe("the owner's answer", () => {
  it('is stored with its placeholders filled and mailed with a fresh link and a way to turn mails off', async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const res = await owner.api(api.tickets.answer, {
      params: { id: p.ticketId },
      body: { manuAnswer: 'Thanks {{contact.firstname|there}}, we fix it.', notify: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'Thanks Ada, we fix it.', notified: true });

    const [mail] = await readOutbox(ctx.rt, (m) => m.to === p.email && m.body.includes('has answered'));
    expect(mail?.body).toContain('> Thanks Ada, we fix it.');
    const link = mail?.links.find((l) => l.includes('/p/t/') && !l.includes('mails=off'));
    expect(mail?.links.some((l) => l.includes('/p/t/') && l.includes('mails=off'))).toBe(true);
    // The mail's own link opens the ticket (a new token; the first stays valid too).
    const newToken = tokenOf(link);
    expect(newToken).not.toBe(p.token);
    for (const token of [newToken, p.token]) {
      const view = await publicTicket(token);
      expect(view.statusCode).toBe(200);
      expect(view.json().manuAnswer?.text).toBe('Thanks Ada, we fix it.');
    }
  });

  it('is saved without a mail only with canSaveAnswerWithoutNotification', async () => {
    const off = await setup({ canComment: true });
    const p = await off.participant();
    const refused = await off.owner.api(api.tickets.answer, {
      params: { id: p.ticketId },
      body: { manuAnswer: 'Quietly', notify: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.error().code).toBe('feature/disabled');

    const on = await setup();
    const q = await on.participant();
    const saved = await on.owner.api(api.tickets.answer, {
      params: { id: q.ticketId },
      body: { manuAnswer: 'Quietly', notify: false },
    });
    expect(saved.json()).toMatchObject({ text: 'Quietly', notified: false });
    const ticket = (await on.owner.api(api.tickets.get, { params: { id: q.ticketId } })).json();
    expect(ticket.manuAnswer?.notified).toBe(false);
    expect(ticket.answered).toBe(true);
    const mails = await readOutbox(ctx.rt, (m) => m.to === q.email && m.body.includes('has answered'), 1500);
    expect(mails).toHaveLength(0);
  });

  it('refuses an unknown placeholder and a text over 5000 characters, naming the field, and changes nothing', async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const unknown = await owner.api(api.tickets.answer, {
      params: { id: p.ticketId },
      body: { manuAnswer: 'Hi {{contact.nickname}}', notify: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toMatchObject({ code: 'validation', field: 'manuAnswer' });
    expect(unknown.error().message).toContain('{{contact.nickname}}');
    const long = await owner.api(api.tickets.answer, {
      params: { id: p.ticketId },
      body: { manuAnswer: 'x'.repeat(5001), notify: true },
    });
    expect(long.statusCode).toBe(400);
    expect((await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json().manuAnswer).toBeNull();
  });
});

describe('comments', () => {
  it('go both ways: the participant is mailed, replies with an image, and the owner sees it as new', async () => {
    const { owner, participant } = await setup();
    const p = await participant('Too loud', null);
    const posted = await owner.api(api.tickets.comment, {
      params: { id: p.ticketId },
      body: { description: 'Which model do you ride, {{contact.firstname|friend}}?' },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      author: 'owner',
      description: 'Which model do you ride, friend?',
      own: true,
    });
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === p.email && m.body.includes('wrote to you'));
    expect(mail?.body).toContain('Which model do you ride, friend?');

    // The participant uploads an image, then replies with it.
    const png = makePng(4, 4);
    const form = multipart([{ name: 'file', filename: 'bike.png', contentType: 'image/png', data: png }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/ticket/${p.token}/media`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.statusCode).toBe(201);
    const media = upload.json() as { _id: string; kind: string; contentType: string };
    expect(media).toMatchObject({ kind: 'image', contentType: 'image/png' });
    const reply = await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: p.token },
      body: { description: 'The Tour 3', mediaIds: [media._id] },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ author: 'participant', media: [{ _id: media._id }] });
    // The same file cannot go with a second reply.
    const again = await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: p.token },
      body: { description: 'again', mediaIds: [media._id] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.error().field).toBe('mediaIds');

    // New for the owner, in the list and on the ticket, until read with the flag.
    const listed = (await owner.api(api.tickets.list, { query: { newComments: 'true' } })).json();
    expect(listed.documents.map((d) => d._id)).toEqual([p.ticketId]);
    const opened = (
      await owner.api(api.tickets.get, {
        params: { id: p.ticketId },
        query: { shouldMarkCommentsAndMediaAsSeen: 'true' },
      })
    ).json() as Ticket;
    expect(opened.comments.map((c) => [c.author, c.isNew])).toEqual([
      ['owner', false],
      ['participant', true],
    ]);
    const after = (await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json() as Ticket;
    expect(after.comments[1]?.isNew).toBe(false);
    expect((await owner.api(api.tickets.list, { query: { newComments: 'true' } })).json().total).toBe(0);

    // The file: the owner with their token, the participant with their link, nobody else.
    const ownerFile = await owner.call({
      method: 'GET',
      url: `/api/campaignTicket/${p.ticketId}/media/${media._id}`,
    });
    expect(ownerFile.statusCode).toBe(200);
    expect(ownerFile.headers['content-type']).toBe('image/png');
    expect(ownerFile.headers['cache-control']).toContain('no-store');
    expect(ownerFile.rawPayload.equals(png)).toBe(true);
    const mine = await ctx.app.inject({ url: `/api/public/ticket/${p.token}/media/${media._id}` });
    expect(mine.statusCode).toBe(200);
    // In byte ranges, as video players ask.
    const part = await ctx.app.inject({
      url: `/api/public/ticket/${p.token}/media/${media._id}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(0, 10))).toBe(true);
    const tail = await ctx.app.inject({
      url: `/api/public/ticket/${p.token}/media/${media._id}`,
      headers: { range: 'bytes=-5' },
    });
    expect(tail.rawPayload.equals(png.subarray(png.length - 5))).toBe(true);
    const beyond = await ctx.app.inject({
      url: `/api/public/ticket/${p.token}/media/${media._id}`,
      headers: { range: `bytes=${png.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    const stranger = await ownerSession(ctx);
    const foreign = await stranger.call({
      method: 'GET',
      url: `/api/campaignTicket/${p.ticketId}/media/${media._id}`,
    });
    expect(foreign.statusCode).toBe(404);
    const noToken = await ctx.app.inject({ url: `/api/campaignTicket/${p.ticketId}/media/${media._id}` });
    expect(noToken.statusCode).toBe(401);

    // The owner is told (D20: history, and a mail since new messages are on by default).
    const history = (await owner.api(api.history.me, { query: { product: 'connect' } })).json();
    expect(history.documents.some((e) => e.kind === 'newComment' && e.subject._id === p.ticketId)).toBe(true);
    const ownerMail = await readOutbox(ctx.rt, (m) => m.to === owner.email && m.body.includes('New message'));
    expect(ownerMail[0]?.body).toContain(`/connect/campaigns/`);
  });

  it('reads no upload for a made-up link, and keeps a reply whose start cuts an emoji', async () => {
    const { owner, participant } = await setup();
    const big = multipart([
      { name: 'file', filename: 'big.mp4', contentType: 'video/mp4', data: Buffer.alloc(60 * 1024 * 1024) },
    ]);
    const madeUp = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/ticket/${'x'.repeat(43)}/media`,
      payload: big.payload,
      headers: big.headers,
    });
    expect(madeUp.statusCode).toBe(404);

    const p = await participant();
    const text = `${'b'.repeat(299)}😀 and more`;
    const reply = await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: p.token },
      body: { description: text },
    });
    expect(reply.statusCode).toBe(201);
    const entry = (await owner.api(api.history.me, { query: { product: 'connect' } })).json().documents[0];
    expect(entry?.data.excerpt).toBe(`${'b'.repeat(299)}…`);
  });

  it('refuses a file that is not an image or video by its bytes, whatever it claims', async () => {
    const { participant } = await setup();
    const p = await participant();
    const form = multipart([
      {
        name: 'file',
        filename: 'x.png',
        contentType: 'image/png',
        data: Buffer.from('<svg onload=alert(1)>'),
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/ticket/${p.token}/media`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { code: string }).code).toBe('file/invalid');
  });

  it('refuses an image above 64 megapixels and an image that is also a page (docs/product-decisions.md)', async () => {
    const { participant } = await setup();
    const p = await participant();
    // A PNG of a few bytes whose header claims 30000 × 30000 px: 2.7 GB once a browser decodes it.
    const huge = makePng(1, 1);
    huge.writeUInt32BE(30000, 16);
    huge.writeUInt32BE(30000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const polyglot = Buffer.concat([
      makePng(4, 4),
      Buffer.from('<html><script>alert(document.domain)</script>'),
    ]);
    for (const [data, code] of [
      [huge, 'file/too-many-pixels'],
      [polyglot, 'file/invalid'],
    ] as const) {
      const form = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/ticket/${p.token}/media`,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.statusCode, code).toBe(400);
      expect((res.json() as { code: string }).code).toBe(code);
    }
  });

  it("are erased with the contact's answers, their files too", async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const form = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: makePng(2, 2) },
    ]);
    const media = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/public/ticket/${p.token}/media`,
        payload: form.payload,
        headers: form.headers,
      })
    ).json() as { _id: string };
    await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: p.token },
      body: { description: 'See the picture', mediaIds: [media._id] },
    });
    const [row] = await ctx.rt.db.select().from(ticketMedia).where(eq(ticketMedia.id, media._id));
    const stored = await ctx.rt.storage.get(row!.storageKey);
    expect(stored).toBeDefined();
    if (stored && 'destroy' in stored.body) stored.body.destroy();
    const ticket = (await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json();
    const erased = await owner.api(api.contacts.remove, {
      params: { id: ticket.contact!._id },
      query: { eraseAnswers: 'true' },
    });
    expect(erased.statusCode).toBe(204);
    expect((await owner.api(api.tickets.get, { params: { id: p.ticketId } })).statusCode).toBe(404);
    expect(await ctx.rt.storage.get(row!.storageKey)).toBeUndefined();
  });

  it('need canComment; only the writing owner deletes one', async () => {
    const off = await setup({ canPrivateNote: true });
    const p = await off.participant();
    const refused = await off.owner.api(api.tickets.comment, {
      params: { id: p.ticketId },
      body: { description: 'Hello' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.error().code).toBe('feature/disabled');

    const { owner, participant } = await setup();
    const q = await participant();
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const mine = (
      await owner.api(api.tickets.comment, { params: { id: q.ticketId }, body: { description: 'Mine' } })
    ).json();
    const theirs = await colleague.api(api.tickets.deleteComment, {
      params: { id: q.ticketId, cid: mine._id },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.error().code).toBe('ticket/not-own-comment');
    const reply = (
      await callApi(ctx.app, api.participation.ticketComment, {
        params: { token: q.token },
        body: { description: 'Participant' },
      })
    ).json();
    const participantsOwn = await owner.api(api.tickets.deleteComment, {
      params: { id: q.ticketId, cid: reply._id },
    });
    expect(participantsOwn.statusCode).toBe(403);
    const deleted = await owner.api(api.tickets.deleteComment, { params: { id: q.ticketId, cid: mine._id } });
    expect(deleted.statusCode).toBe(204);
    const ticket = (await owner.api(api.tickets.get, { params: { id: q.ticketId } })).json();
    expect(ticket.comments.map((c) => c.description)).toEqual(['Participant']);
    expect(ticket.commentCount).toBe(1);
  });

  it("stop mailing once the participant turned this conversation's mails off (also by one-click)", async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const off = await callApi(ctx.app, api.participation.ticketMails, {
      params: { token: p.token },
      body: { mailsOff: true },
    });
    expect(off.json()).toEqual({ mailsOff: true });
    await owner.api(api.tickets.comment, { params: { id: p.ticketId }, body: { description: 'Quiet one' } });
    const answer = await owner.api(api.tickets.answer, {
      params: { id: p.ticketId },
      body: { manuAnswer: 'Quiet answer', notify: true },
    });
    expect(answer.json().notified).toBe(false);
    expect(await readOutbox(ctx.rt, (m) => m.to === p.email && m.body.includes('Quiet'), 1500)).toHaveLength(
      0,
    );

    // A mail client's RFC 8058 one-click POST (a form body).
    const q = await participant();
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/ticket/${q.token}/unsubscribe`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(204);
    expect((await publicTicket(q.token)).json().mailsOff).toBe(true);
    // RFC 8058 also lets a client post it as multipart/form-data.
    const r = await participant();
    const form = multipart([{ name: 'List-Unsubscribe', data: 'One-Click' }]);
    const multipartClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/ticket/${r.token}/unsubscribe`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(multipartClick.statusCode).toBe(204);
    expect((await publicTicket(r.token)).json().mailsOff).toBe(true);
  });
});

describe('the private note', () => {
  it('needs canPrivateNote and never reaches the participant', async () => {
    const off = await setup({ canComment: true });
    const p0 = await off.participant();
    const refused = await off.owner.api(api.tickets.privateNote, {
      params: { id: p0.ticketId },
      body: { privateNote: 'x' },
    });
    expect(refused.statusCode).toBe(403);

    const { owner, participant } = await setup();
    const p = await participant();
    const secret = `Secret-${randomUUID()}`;
    const res = await owner.api(api.tickets.privateNote, {
      params: { id: p.ticketId },
      body: { privateNote: secret },
    });
    expect(res.json()).toEqual({ privateNote: secret });
    expect((await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json().privateNote).toBe(
      secret,
    );
    await owner.api(api.tickets.comment, { params: { id: p.ticketId }, body: { description: 'A comment' } });
    const view = await publicTicket(p.token);
    expect(view.body).not.toContain(secret);
    expect(view.body).not.toContain('privateNote');
    const mails = await readOutbox(ctx.rt, (m) => m.to === p.email && m.body.includes('A comment'));
    expect(mails.every((m) => !m.body.includes(secret))).toBe(true);
    const cleared = await owner.api(api.tickets.privateNote, {
      params: { id: p.ticketId },
      body: { privateNote: '' },
    });
    expect(cleared.json()).toEqual({ privateNote: null });
  });
});

describe('archive and ratings', () => {
  it('an archived ticket refuses every write but restoring; a participant reply restores it', async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const archived = await owner.api(api.tickets.ignore, {
      params: { id: p.ticketId },
      body: { ignore: true },
    });
    expect(archived.json()).toEqual({ ignored: true });
    const questionId = (await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json().answers[0]!
      .questionId;
    const writes = [
      owner.api(api.tickets.comment, { params: { id: p.ticketId }, body: { description: 'x' } }),
      owner.api(api.tickets.answer, { params: { id: p.ticketId }, body: { manuAnswer: 'x', notify: true } }),
      owner.api(api.tickets.privateNote, { params: { id: p.ticketId }, body: { privateNote: 'x' } }),
      owner.api(api.tickets.rate, { params: { id: p.ticketId, x: questionId }, body: { vote: 'up' } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(409);
      expect(res.error().code).toBe('ticket/archived');
    }
    // The inbox leaves it out; the archive shows it.
    expect((await owner.api(api.tickets.list)).json().documents.map((d) => d._id)).not.toContain(p.ticketId);
    expect(
      (await owner.api(api.tickets.list, { query: { archived: 'true' } })).json().documents[0]?._id,
    ).toBe(p.ticketId);
    await callApi(ctx.app, api.participation.ticketComment, {
      params: { token: p.token },
      body: { description: 'Still broken' },
    });
    expect((await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json().ignored).toBe(false);
    expect(
      (await owner.api(api.tickets.ignore, { params: { id: p.ticketId }, body: { ignore: true } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await owner.api(api.tickets.ignore, { params: { id: p.ticketId }, body: { ignore: false } })).json(),
    ).toEqual({ ignored: false });
  });

  it('rates each answer up, down or not at all, and the inbox filters by it', async () => {
    const { owner, participant } = await setup();
    const p = await participant();
    const q = await participant();
    const ticket = (await owner.api(api.tickets.get, { params: { id: p.ticketId } })).json();
    const [first, second] = ticket.answers.map((a) => a.questionId);
    const up = await owner.api(api.tickets.rate, {
      params: { id: p.ticketId, x: first! },
      body: { vote: 'up' },
    });
    expect(up.json()).toEqual({ ratings: { [first!]: 'up' } });
    await owner.api(api.tickets.rate, { params: { id: p.ticketId, x: second! }, body: { vote: 'down' } });
    const cleared = await owner.api(api.tickets.rate, {
      params: { id: p.ticketId, x: second! },
      body: { vote: null },
    });
    expect(cleared.json()).toEqual({ ratings: { [first!]: 'up' } });
    const unknown = await owner.api(api.tickets.rate, {
      params: { id: p.ticketId, x: randomUUID() },
      body: { vote: 'up' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await owner.apiUnchecked(api.tickets.rate, {
      params: { id: p.ticketId, x: first! },
      body: { vote: 'sideways' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().field).toBe('vote');

    const ups = (await owner.api(api.tickets.list, { query: { rating: 'up' } })).json();
    expect(ups.documents.map((d) => d._id)).toEqual([p.ticketId]);
    expect(ups.documents[0]?.votes).toEqual({ up: 1, down: 0 });
    const none = (await owner.api(api.tickets.list, { query: { rating: 'none' } })).json();
    expect(none.documents.map((d) => d._id)).toEqual([q.ticketId]);
  });
});

describe('the inbox', () => {
  it('filters unanswered and by words in the answers, sorts by activity, and gives the ids for next and previous', async () => {
    const { owner, c, participant } = await setup();
    const a = await participant('The bell rings too softly');
    const b = await participant('Brakes squeal in the rain');
    const d = await participant('Lovely colour');
    await owner.api(api.tickets.answer, {
      params: { id: b.ticketId },
      body: { manuAnswer: 'On it', notify: true },
    });

    const unanswered = (await owner.api(api.tickets.list, { query: { unanswered: 'true' } })).json();
    expect(unanswered.documents.map((t) => t._id).sort()).toEqual([a.ticketId, d.ticketId].sort());
    const found = (await owner.api(api.tickets.list, { query: { search: 'SQUEAL' } })).json();
    expect(found.documents.map((t) => t._id)).toEqual([b.ticketId]);
    const byAddress = (await owner.api(api.tickets.list, { query: { search: a.email } })).json();
    expect(byAddress.documents.map((t) => t._id)).toEqual([a.ticketId]);

    // Latest activity first: b was answered last.
    const activity = (await owner.api(api.tickets.list, { query: { sort: 'activity' } })).json();
    expect(activity.documents[0]?._id).toBe(b.ticketId);
    const newest = (await owner.api(api.tickets.list, { query: { campaignId: c.id } })).json();
    expect(newest.documents.map((t) => t._id)).toEqual([d.ticketId, b.ticketId, a.ticketId]);

    const ids = await owner.api(api.tickets.ids, { params: { campaignId: c.id }, query: { sort: 'oldest' } });
    expect(ids.json()).toEqual({ ids: [a.ticketId, b.ticketId, d.ticketId], truncated: false });
    const all = await owner.api(api.tickets.ids, {
      params: { campaignId: 'all' },
      query: { unanswered: 'true' },
    });
    expect(all.json().ids).toEqual([d.ticketId, a.ticketId]);
    const stranger = await ownerSession(ctx);
    expect((await stranger.api(api.tickets.ids, { params: { campaignId: c.id } })).statusCode).toBe(404);
    expect((await stranger.api(api.tickets.ids, { params: { campaignId: 'all' } })).json().ids).toEqual([]);
  });

  it("answers 404 for another manufacturer's ticket on every conversation call", async () => {
    const { participant } = await setup();
    const p = await participant();
    const stranger = await ownerSession(ctx);
    await setManufacturerLimits(ctx.rt, stranger.manufacturerId, allFlags);
    const id = p.ticketId;
    const calls = [
      stranger.api(api.tickets.get, { params: { id } }),
      stranger.api(api.tickets.answer, { params: { id }, body: { manuAnswer: 'x', notify: true } }),
      stranger.api(api.tickets.comment, { params: { id }, body: { description: 'x' } }),
      stranger.api(api.tickets.privateNote, { params: { id }, body: { privateNote: 'x' } }),
      stranger.api(api.tickets.ignore, { params: { id }, body: { ignore: true } }),
      stranger.api(api.tickets.rate, { params: { id, x: randomUUID() }, body: { vote: 'up' } }),
      stranger.api(api.tickets.deleteComment, { params: { id, cid: randomUUID() } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
  });
});

describe('response templates', () => {
  it('are created, listed, changed and deleted per manufacturer; unknown placeholders are refused by name', async () => {
    const owner = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const created = await owner.api(api.templates.create, {
      body: { title: 'Thanks', language: 'en', text: 'Thank you {{contact.firstname|there}}!' },
    });
    expect(created.statusCode).toBe(201);
    const t = created.json();
    const german = await owner.api(api.templates.create, {
      body: { title: 'thanks', language: 'de', text: 'Danke {{contact.firstname|schön}}!' },
    });
    expect(german.statusCode).toBe(201);
    const duplicate = await owner.api(api.templates.create, {
      body: { title: 'THANKS', language: 'en', text: 'Again' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.error()).toMatchObject({ code: 'template/title-taken', field: 'title' });
    const unknown = await owner.api(api.templates.create, {
      body: { title: 'Bad', language: 'en', text: 'Hi {{contact.email}} and {{order.id}}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error().field).toBe('text');
    expect(unknown.error().message).toContain('{{contact.email}}');
    expect(unknown.error().message).toContain('{{order.id}}');

    const list = (await owner.api(api.templates.list, { query: { language: 'en' } })).json();
    expect(list.documents.map((x) => x.title)).toEqual(['Thanks']);
    expect((await owner.api(api.templates.list, { query: { search: 'danke' } })).json().total).toBe(1);
    expect((await stranger.api(api.templates.list)).json().total).toBe(0);

    const changed = await owner.api(api.templates.update, {
      params: { id: t._id },
      body: { text: 'Thanks, {{contact.firstname}}, from {{manufacturer.name}}' },
    });
    expect(changed.json()).toMatchObject({
      title: 'Thanks',
      text: 'Thanks, {{contact.firstname}}, from {{manufacturer.name}}',
    });
    for (const res of [
      await stranger.api(api.templates.update, { params: { id: t._id }, body: { title: 'Mine' } }),
      await stranger.api(api.templates.remove, { params: { id: t._id } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await owner.api(api.templates.remove, { params: { id: t._id } })).statusCode).toBe(204);
    expect((await owner.api(api.templates.remove, { params: { id: t._id } })).statusCode).toBe(404);
  });
});

describe('owner mail switches', () => {
  it('are read and changed in the profile, one kind at a time', async () => {
    const owner = await ownerSession(ctx);
    const me = (await owner.api(api.owner.meSmall)).json();
    expect(me.mailNotifications).toMatchObject({ newComment: true, newCampaignTicket: false });
    const changed = await owner.api(api.owner.updateMe, {
      body: { mailNotifications: { newCampaignTicket: true, newComment: false } },
    });
    expect(changed.json().mailNotifications).toMatchObject({ newComment: false, newCampaignTicket: true });
    const bad = await owner.apiUnchecked(api.owner.updateMe, {
      body: { mailNotifications: { bogus: true } },
    });
    expect(bad.statusCode).toBe(400);

    // A new answer now mails this owner.
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, allFlags);
    const c = await insertCampaign(ctx.rt, owner.manufacturerId);
    const submitted = await callApi(ctx.app, api.participation.submit, {
      params: { id: c.id },
      body: {
        email: `x-${randomUUID()}@example.com`,
        submissionId: randomUUID(),
        answers: [{ questionId: c.questions[0]!.id, text: 'Fine' }],
      },
    });
    expect(submitted.statusCode).toBe(201);
    const mails = await readOutbox(ctx.rt, (m) => m.to === owner.email && m.body.includes('New answer'));
    expect(mails).toHaveLength(1);
  });
});
