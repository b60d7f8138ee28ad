import { randomUUID } from 'node:crypto';
import { api, type Post, type PostForm, postReportThreshold } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { sha256 } from '../src/lib/secrets.js';
import { historyEntries } from '../src/modules/history/history.tables.js';
import { AUTO_PUBLISH_JOB } from '../src/modules/posts/index.js';
import { postComments, postMedia, posts } from '../src/modules/posts/posts.tables.js';
import { makePng, multipart } from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { setManufacturerLimits } from './fixtures.js';
import { codeOf, ownerSession, readOutbox, useTestApp } from './helpers.js';

const day = 24 * 60 * 60_000;
const clock = createTestClock(new Date('2026-06-01T10:00:00Z'));
const ctx = useTestApp({}, { clock });

const allFlags = { canComment: true, canPrivateNote: true, canUnpublish: true };
const addr = (name = 'a') => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const form = (o: Partial<PostForm> = {}): PostForm => ({
  name: 'Jana Berg',
  email: addr('jana'),
  text: 'The bell of my bike rattles after a week.',
  consent: true,
  language: 'en',
  ...o,
});
const tokenOf = (link: string | undefined) => link?.split('/mine/')[1]?.split(/[?#]/)[0] ?? '';

const setup = async (flags: Partial<typeof allFlags> = allFlags, opts: { connect?: boolean } = {}) => {
  const owner = await ownerSession(ctx, opts);
  await setManufacturerLimits(ctx.rt, owner.manufacturerId, {
    canComment: false,
    canPrivateNote: false,
    canUnpublish: false,
    ...flags,
  });
  const m = owner.manufacturerId;
  const submit = (body: unknown, remoteAddress = ip()) =>
    callApiUnchecked(ctx.app, api.posts.submit, { params: { manufacturerId: m }, body }, { remoteAddress });
  /** Posts as a new author and answers the post's id and the author's private token. */
  const post = async (o: Partial<PostForm> = {}) => {
    const body = form({ text: `${form().text} #${randomUUID().slice(0, 8)}`, ...o });
    const email = body.email as string;
    const known = new Set((await readOutbox(ctx.rt, (x) => x.to === email, 0)).map((x) => x.file));
    const res = await submit(body);
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await readOutbox(ctx.rt, (x) => x.to === email && !known.has(x.file));
    const token = tokenOf(mail?.links.find((l) => l.includes('/mine/')));
    const [row] = await ctx.rt.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.tokenHash, sha256(token)));
    return { id: row?.id as string, token, email: body.email as string, state: res.json().state };
  };
  const get = async (id: string) => {
    const res = await owner.api(api.posts.get, { params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Post;
  };
  return { owner, m, submit, post, get };
};

const author = (token: string) => callApiUnchecked(ctx.app, api.posts.authorPost, { params: { token } });

describe('the public feedback page and the owner feed', () => {
  it('stores a post with its media, mails the author, tells the owners, and lists it in the feed', async () => {
    const { owner, m, submit, get } = await setup();
    const png = makePng(4, 4);
    const f = multipart([{ name: 'file', filename: 'bell.png', contentType: 'image/png', data: png }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/feedback/${m}/media`,
      payload: f.payload,
      headers: f.headers,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const media = upload.json() as { _id: string };

    const body = form({ email: ' Jana.Berg@Example.COM ', mediaIds: [media._id] });
    const res = await submit(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ state: 'pending' });
    const [mail] = await readOutbox(ctx.rt, (x) => x.to === 'jana.berg@example.com');
    expect(mail?.subject).toContain('Your feedback to Maker');
    // The receipt quotes nothing of what was typed: anyone can type any address.
    expect(mail?.body).not.toContain(body.text);
    const token = tokenOf(mail?.links.find((l) => l.includes(`/p/f/${m}/mine/`)));
    expect(token.length).toBeGreaterThan(20);

    const [entry] = await ctx.rt.db.select().from(historyEntries).where(eq(historyEntries.manufacturerId, m));
    expect(entry).toMatchObject({
      product: 'platform',
      kind: 'newFeedbackByUser',
      subjectType: 'postTicket',
    });

    const list = await owner.api(api.posts.list, { query: { feed_type: 'small' } });
    expect(list.statusCode, list.body).toBe(200);
    const feed = list.json();
    expect(feed.total).toBe(1);
    expect(feed.counts).toEqual({ pending: 1, published: 0, unpublished: 0, reported: 0 });
    expect(feed.documents[0]).toMatchObject({
      authorName: 'Jana Berg',
      excerpt: body.text,
      state: 'pending',
      manuType: null,
      answered: false,
      mediaCount: 1,
      hasNew: true,
    });
    const id = feed.documents[0]?._id as string;
    const full = await get(id);
    expect(full).toMatchObject({
      authorEmail: 'jana.berg@example.com',
      emailConfirmed: false,
      language: 'en',
    });
    expect(full.media).toHaveLength(1);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/owner/me/ticket/${id}/media/${media._id}`,
      headers: { 'x-auth-token': owner.tokens.idToken },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    // Read now: no longer new for this owner.
    const again = (await owner.api(api.posts.list, { query: {} })).json();
    expect(again.documents[0]?.hasNew).toBe(false);

    // Not public while pending; the author sees it (and confirms their address).
    const pub = await callApiUnchecked(ctx.app, api.posts.publicPost, {
      params: { manufacturerId: m, postId: id },
    });
    expect(pub.statusCode).toBe(404);
    const mine = await author(token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ state: 'pending', text: body.text, manufacturerId: m });
    expect((await get(id)).emailConfirmed).toBe(true);
  });

  it('filters, searches, sorts and pages the feed', async () => {
    const { owner, post } = await setup();
    const a = await post({ text: 'Praise for the saddle' });
    clock.advance(60_000);
    const b = await post({ text: 'The brakes squeal' });
    clock.advance(60_000);
    await post({ text: 'An idea: a bell app' });
    await owner.api(api.posts.manuType, { params: { id: a.id }, body: { manuType: 'praise' } });
    await owner.api(api.posts.answer, { params: { id: b.id }, body: { answer: 'We send new pads.' } });
    await owner.api(api.posts.publish, { params: { id: b.id } });
    const q = async (query: Record<string, unknown>) => {
      const res = await owner.apiUnchecked(api.posts.list, { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { documents: { _id: string }[]; total: number };
    };
    expect((await q({ manuType: 'praise' })).documents.map((d) => d._id)).toEqual([a.id]);
    expect((await q({ manuType: 'none' })).total).toBe(2);
    expect((await q({ unanswered: 'true' })).total).toBe(2);
    expect((await q({ 'states[]': ['published'] })).documents.map((d) => d._id)).toEqual([b.id]);
    expect((await q({ search: 'BRAKES' })).documents.map((d) => d._id)).toEqual([b.id]);
    expect((await q({ sort: 'oldest', limit: 1 })).documents.map((d) => d._id)).toEqual([a.id]);
    expect((await q({ sort: 'oldest', limit: 1, page: 2 })).documents.map((d) => d._id)).toEqual([b.id]);
    const bad = await owner.apiUnchecked(api.posts.list, { query: { manuType: 'rant' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('manuType');
  });

  it('refuses bad input naming the field, drops the bot trap, and limits posts per address', async () => {
    const { m, submit } = await setup();
    const noConsent = await submit({ ...form(), consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.body).toContain('consent');
    const badMail = await submit({ ...form(), email: 'not-an-address' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.body).toContain('email');
    const foreignMedia = await submit(form({ mediaIds: [randomUUID()] }));
    expect(foreignMedia.statusCode).toBe(400);
    expect(foreignMedia.body).toContain('mediaIds');
    const trapped = await submit(form({ website: 'http://spam.example' } as Partial<PostForm>));
    expect(trapped.statusCode).toBe(201);
    const rows = await ctx.rt.db.select().from(posts).where(eq(posts.manufacturerId, m));
    expect(rows).toHaveLength(0);
    const unknown = await callApiUnchecked(ctx.app, api.posts.submit, {
      params: { manufacturerId: randomUUID() },
      body: form(),
    });
    expect(unknown.statusCode).toBe(404);

    const email = addr('many');
    for (let i = 0; i < 5; i += 1) expect((await submit(form({ email }))).statusCode).toBe(201);
    const sixth = await submit(form({ email }));
    expect(sixth.statusCode).toBe(429);
    expect(codeOf(sixth)).toBe('rate-limit');
  });
});

describe('moderation (D19)', () => {
  it('follows the state machine, logs every change, refuses the rest with 409, and gates unpublish', async () => {
    const { owner, post, get } = await setup({ canUnpublish: false });
    const p = await post();
    const unpublishOff = await owner.api(api.posts.unpublish, { params: { id: p.id } });
    expect(unpublishOff.statusCode).toBe(403);
    expect(codeOf(unpublishOff)).toBe('feature/disabled');
    const published = await owner.api(api.posts.publish, { params: { id: p.id } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().state).toBe('published');
    const twice = await owner.api(api.posts.publish, { params: { id: p.id } });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('post/state');
    const reported = await owner.api(api.posts.report, {
      params: { id: p.id },
      body: { reason: 'Insults another customer' },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const reportedWhile = await ctx.rt.services.posts.reported(1000);
    const reportAgain = await owner.api(api.posts.report, {
      params: { id: p.id },
      body: { reason: 'again' },
    });
    expect(codeOf(reportAgain)).toBe('post/state');
    const noReason = await owner.apiUnchecked(api.posts.report, { params: { id: p.id }, body: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canUnpublish: true });
    expect((await owner.api(api.posts.publish, { params: { id: p.id } })).statusCode).toBe(200);
    expect((await owner.api(api.posts.unpublish, { params: { id: p.id } })).statusCode).toBe(200);
    const full = await get(p.id);
    expect(full.state).toBe('unpublished');
    expect(full.log.map((l) => [l.from, l.to, l.actor, l.actorName])).toEqual([
      ['pending', 'published', 'owner', expect.any(String)],
      ['published', 'reported', 'owner', expect.any(String)],
      ['reported', 'published', 'owner', expect.any(String)],
      ['published', 'unpublished', 'owner', expect.any(String)],
    ]);
    expect(full.log[1]?.reason).toBe('Insults another customer');
    // While it was reported, the operator's list (the admin command line's posts:reported) had it.
    expect(reportedWhile).toContainEqual(
      expect.objectContaining({
        _id: p.id,
        reason: 'Insults another customer',
        manufacturerId: owner.manufacturerId,
      }),
    );
  });

  it('publishes and unpublishes in bulk, naming what it skipped', async () => {
    const { owner, post } = await setup();
    const a = await post();
    const b = await post();
    await owner.api(api.posts.publish, { params: { id: a.id } });
    const foreign = randomUUID();
    const res = await owner.api(api.posts.bulk, { body: { action: 'publish', ids: [a.id, b.id, foreign] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(1);
    expect(res.json().skipped).toEqual(
      expect.arrayContaining([
        { _id: a.id, code: 'post/state' },
        { _id: foreign, code: 'not-found' },
      ]),
    );
    const un = await owner.api(api.posts.bulk, { body: { action: 'unpublish', ids: [a.id, b.id] } });
    expect(un.json()).toEqual({ changed: 2, skipped: [] });
  });

  it('hides another manufacturer’s posts (404) and serves an owner without connect', async () => {
    const { post } = await setup();
    const p = await post();
    const other = await ownerSession(ctx, { connect: false });
    for (const res of [
      await other.api(api.posts.get, { params: { id: p.id } }),
      await other.api(api.posts.publish, { params: { id: p.id } }),
      await other.api(api.posts.comments, { params: { id: p.id } }),
      await other.api(api.posts.answer, { params: { id: p.id }, body: { answer: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const own = await other.api(api.posts.list, { query: {} });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(0);
  });
});

describe('deleting a post', () => {
  it('deletes a post with its comments and media files for good; 404 for another manufacturer’s, 403 without canUnpublish', async () => {
    const { owner, m, submit } = await setup();
    const f = multipart([
      { name: 'file', filename: 'spam.png', contentType: 'image/png', data: makePng(4, 4) },
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/feedback/${m}/media`,
      payload: f.payload,
      headers: f.headers,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const res = await submit(
      form({ text: 'Cheap watches at example dot com', mediaIds: [upload.json()._id] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.rt.db.select().from(posts).where(eq(posts.manufacturerId, m));
    const id = row?.id as string;
    expect((await owner.api(api.posts.publish, { params: { id } })).statusCode).toBe(200);
    expect(
      (await owner.api(api.posts.comment, { params: { id }, body: { text: 'Please stop.' } })).statusCode,
    ).toBe(201);
    const [media] = await ctx.rt.db.select().from(postMedia).where(eq(postMedia.postId, id));
    const key = media?.storageKey as string;
    expect(await ctx.rt.storage.get(key)).toBeDefined();

    // Another manufacturer's owner: 404, and nothing goes.
    const other = await ownerSession(ctx);
    expect(codeOf(await other.api(api.posts.remove, { params: { id } }))).toBe('not-found');
    // Without canUnpublish: 403.
    await setManufacturerLimits(ctx.rt, m, { canUnpublish: false });
    const refused = await owner.api(api.posts.remove, { params: { id } });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('feature/disabled');
    expect(await ctx.rt.db.select().from(posts).where(eq(posts.id, id))).toHaveLength(1);

    await setManufacturerLimits(ctx.rt, m, { canUnpublish: true });
    const done = await owner.api(api.posts.remove, { params: { id } });
    expect(done.statusCode, done.body).toBe(204);
    expect(await ctx.rt.db.select().from(posts).where(eq(posts.id, id))).toHaveLength(0);
    expect(await ctx.rt.db.select().from(postComments).where(eq(postComments.postId, id))).toHaveLength(0);
    expect(await ctx.rt.db.select().from(postMedia).where(eq(postMedia.storageKey, key))).toHaveLength(0);
    expect(await ctx.rt.storage.get(key)).toBeUndefined();
    expect((await owner.api(api.posts.get, { params: { id } })).statusCode).toBe(404);
    const pub = await callApiUnchecked(ctx.app, api.posts.publicPost, {
      params: { manufacturerId: m, postId: id },
    });
    expect(pub.statusCode).toBe(404);
    expect((await owner.api(api.posts.list, { query: {} })).json().total).toBe(0);
    // A second delete finds nothing.
    expect((await owner.api(api.posts.remove, { params: { id } })).statusCode).toBe(404);
  });
});

describe('answer, comments and private note', () => {
  it('mails the answer and owner comments to the author, who comments back; the note never goes public', async () => {
    const { owner, m, post, get } = await setup();
    const p = await post();
    const answered = await owner.api(api.posts.answer, {
      params: { id: p.id },
      body: { answer: 'Thank you! A new bell is on its way.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().answer).toMatchObject({ text: 'Thank you! A new bell is on its way.' });
    const [mail] = await readOutbox(ctx.rt, (x) => x.to === p.email && x.body.includes('A new bell'));
    expect(mail?.body).toContain('A new bell is on its way.');
    expect(mail?.links.some((l) => l.includes(`/p/f/${m}/mine/`))).toBe(true);

    const note = await owner.api(api.posts.privateNote, {
      params: { id: p.id },
      body: { privateNote: 'SECRET-NOTE-42' },
    });
    expect(note.statusCode, note.body).toBe(200);
    clock.advance(1000);
    const comment = await owner.api(api.posts.comment, {
      params: { id: p.id },
      body: { text: 'Which model is it?' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json()).toMatchObject({ author: 'owner', own: true, text: 'Which model is it?' });
    await readOutbox(ctx.rt, (x) => x.to === p.email && x.body.includes('Which model is it?'));

    clock.advance(1000);
    const reply = await callApiUnchecked(ctx.app, api.posts.authorComment, {
      params: { token: p.token },
      body: { text: 'The Tour 3.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const entries = await ctx.rt.db.select().from(historyEntries).where(eq(historyEntries.manufacturerId, m));
    expect(entries.map((e) => e.kind).sort()).toEqual(['newComment', 'newFeedbackByUser']);
    const full = await get(p.id);
    expect(full.comments.map((c) => [c.author, c.text, c.isNew])).toEqual([
      ['owner', 'Which model is it?', false],
      ['author', 'The Tour 3.', true],
    ]);
    expect(full.privateNote).toBe('SECRET-NOTE-42');

    // The classification is the owner's own, like the note (docs/product-decisions.md, "The platform area").
    expect(
      (await owner.api(api.posts.manuType, { params: { id: p.id }, body: { manuType: 'complaint' } }))
        .statusCode,
    ).toBe(200);
    await owner.api(api.posts.publish, { params: { id: p.id } });
    const publicAnswers = [
      await callApiUnchecked(ctx.app, api.posts.feed, { params: { manufacturerId: m } }),
      await callApiUnchecked(ctx.app, api.posts.publicPost, { params: { manufacturerId: m, postId: p.id } }),
      await author(p.token),
    ];
    for (const res of publicAnswers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('SECRET-NOTE-42');
      expect(res.body).not.toContain(p.email);
      expect(res.body).not.toContain('manuType');
      expect(res.body).not.toContain('complaint');
    }
    const shown = JSON.parse(publicAnswers[0]?.body ?? '{}').documents[0];
    expect(shown).toMatchObject({ answer: { text: 'Thank you! A new bell is on its way.' } });
    expect(shown.comments.map((c: { authorName: string }) => c.authorName)).toEqual([
      `Maker ${owner.email}`,
      'Jana Berg',
    ]);

    // Turned off in one click: no more mails.
    const off = await ctx.app.inject({ method: 'POST', url: `/api/public/post/${p.token}/unsubscribe` });
    expect(off.statusCode).toBe(204);
    await owner.api(api.posts.comment, { params: { id: p.id }, body: { text: 'NOT-MAILED' } });
    await new Promise((r) => setTimeout(r, 2500));
    expect((await readOutbox(ctx.rt, () => true, 0)).some((x) => x.body.includes('NOT-MAILED'))).toBe(false);
  });

  it('needs canComment and canPrivateNote; only the writing owner deletes a comment', async () => {
    const { owner, post } = await setup({});
    const p = await post();
    const c = await owner.api(api.posts.comment, { params: { id: p.id }, body: { text: 'Hi' } });
    expect(c.statusCode).toBe(403);
    expect(codeOf(c)).toBe('feature/disabled');
    const n = await owner.api(api.posts.privateNote, { params: { id: p.id }, body: { privateNote: 'x' } });
    expect(codeOf(n)).toBe('feature/disabled');
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canComment: true });
    const mine = (await owner.api(api.posts.comment, { params: { id: p.id }, body: { text: 'Hi' } })).json();
    const colleague = await ownerSession(ctx, { manufacturerId: owner.manufacturerId });
    const notOwn = await colleague.api(api.posts.deleteComment, { params: { id: p.id, cid: mine._id } });
    expect(notOwn.statusCode).toBe(403);
    const del = await owner.api(api.posts.deleteComment, { params: { id: p.id, cid: mine._id } });
    expect(del.statusCode).toBe(204);
    const listed = await owner.api(api.posts.comments, { params: { id: p.id } });
    expect(listed.json().documents).toEqual([]);
  });
});

describe('visitors’ reports', () => {
  /** A report from `remoteAddress` with the address `email`: the server mails it a confirmation link. */
  const reporter = (m: string, postId: string) => ({
    report: (remoteAddress: string, email: string, reason = 'spam') =>
      callApiUnchecked(
        ctx.app,
        api.posts.publicReport,
        { params: { manufacturerId: m, postId }, body: { email, reason, language: 'en' } },
        { remoteAddress },
      ),
    /** The token of the newest confirmation link mailed to `email`. */
    linkOf: async (email: string) => {
      const mails = await readOutbox(ctx.rt, (x) => x.to === email.toLowerCase());
      const link = mails.at(-1)?.links.find((l) => l.includes(`/p/f/${m}/report/`));
      return link?.split('/report/')[1]?.split(/[?#]/)[0] ?? '';
    },
    confirm: (token: string) => callApiUnchecked(ctx.app, api.posts.reportConfirm, { params: { token } }),
    view: (token: string) => callApiUnchecked(ctx.app, api.posts.reportConfirmation, { params: { token } }),
  });

  it('counts a report only once its address is confirmed, once per address and network; at 3 the post is hidden and the owners told at once', async () => {
    const { owner, m, post, get } = await setup();
    const p = await post();
    await owner.api(api.posts.publish, { params: { id: p.id } });
    const { report, linkOf, confirm, view } = reporter(m, p.id);

    // Three cloud machines on three networks, with made-up addresses nobody confirms: nothing counts.
    for (const [i, net] of ['198.51.100.7', '203.0.113.9', '2001:db8:7:7::1'].entries()) {
      expect((await report(net, addr(`bot${i}`))).statusCode).toBe(204);
    }
    expect((await get(p.id)).state).toBe('published');
    expect((await get(p.id)).publicReports).toBe(0);

    // A confirmed report counts, once: confirming again changes nothing.
    const ann = addr('ann');
    expect((await report('198.51.100.8', ann, 'Insults the staff.')).statusCode).toBe(204);
    const [mail] = await readOutbox(ctx.rt, (x) => x.to === ann);
    expect(mail?.subject).toBe('Please confirm your report on the feedback page of Maker');
    // It quotes nothing typed: anyone can type any address.
    expect(mail?.body).not.toContain('Insults the staff.');
    expect(mail?.links.some((l) => l.endsWith('?lang=en'))).toBe(true);
    const annToken = await linkOf(ann);
    const shown = await view(annToken);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ manufacturerId: m, postId: p.id, confirmed: false });
    expect(shown.json().post).toMatchObject({ authorName: 'Jana Berg' });
    expect((await confirm(annToken)).statusCode).toBe(204);
    expect((await confirm(annToken)).statusCode).toBe(204);
    expect((await view(annToken)).json().confirmed).toBe(true);
    expect((await get(p.id)).publicReports).toBe(1);

    // The same mailbox again (a sub-address, capitals) from another network: still one.
    const [local, domain] = ann.split('@');
    const annAgain = `${local}+again@${domain?.toUpperCase()}`;
    expect((await report('192.0.2.1', annAgain)).statusCode).toBe(204);
    expect((await confirm(await linkOf(annAgain))).statusCode).toBe(204);
    // Another address in a network that counted already (the same /24): still one.
    const colleague = addr('colleague');
    expect((await report('198.51.100.200', colleague)).statusCode).toBe(204);
    expect((await confirm(await linkOf(colleague))).statusCode).toBe(204);
    expect((await get(p.id)).publicReports).toBe(1);
    expect((await get(p.id)).state).toBe('published');

    const ben = addr('ben');
    expect((await report('2001:db8:1:2::5', ben, 'Not true.')).statusCode).toBe(204);
    expect((await confirm(await linkOf(ben))).statusCode).toBe(204);
    const cleo = addr('cleo');
    const late = addr('late');
    expect((await report('203.0.113.50', cleo)).statusCode).toBe(204);
    expect((await report('192.0.2.99', late)).statusCode).toBe(204);
    expect(postReportThreshold).toBe(3);
    expect((await confirm(await linkOf(cleo))).statusCode).toBe(204);

    const hidden = await get(p.id);
    expect(hidden.state).toBe('unpublished');
    expect(hidden.publicReports).toBe(3);
    expect(hidden.log.at(-1)).toMatchObject({
      actor: 'visitors',
      from: 'published',
      to: 'unpublished',
      reason: '3 reports by visitors',
    });
    expect(hidden.reports.map((r) => r.reason).sort()).toEqual(['Insults the staff.', 'Not true.', 'spam']);
    // The owners are told at once: a history entry and its mail, written with the change.
    const entries = await ctx.rt.db.select().from(historyEntries).where(eq(historyEntries.manufacturerId, m));
    expect(entries.filter((e) => e.kind === 'postHiddenByReports')).toMatchObject([
      { product: 'platform', subjectType: 'postTicket', subjectId: p.id, data: { reports: 3 } },
    ]);
    const [told] = await readOutbox(ctx.rt, (x) => x.to === owner.email && x.body.includes('hidden by 3'));
    expect(told?.body).toContain(`/platform/tickets/${p.id}`);

    // Confirmed after the post was hidden: nothing more counts, and no second entry.
    expect((await confirm(await linkOf(late))).statusCode).toBe(204);
    expect((await get(p.id)).publicReports).toBe(3);
    expect((await report('192.0.2.1', addr('more'))).statusCode).toBe(404);
    const feed = await callApiUnchecked(ctx.app, api.posts.feed, { params: { manufacturerId: m } });
    expect(feed.json().total).toBe(0);

    // The owner decides: published again, the count starts anew, and links still waiting are gone.
    const waiting = addr('waiting');
    await owner.api(api.posts.publish, { params: { id: p.id } });
    expect((await report('198.51.100.9', waiting)).statusCode).toBe(204);
    const waitingToken = await linkOf(waiting);
    const again = addr('again');
    expect((await report('203.0.113.77', again)).statusCode).toBe(204);
    expect((await confirm(await linkOf(again))).statusCode).toBe(204);
    expect((await get(p.id)).publicReports).toBe(1);
    await owner.api(api.posts.unpublish, { params: { id: p.id } });
    await owner.api(api.posts.publish, { params: { id: p.id } });
    expect((await get(p.id)).publicReports).toBe(0);
    expect((await get(p.id)).reports).toEqual([]);
    expect((await confirm(waitingToken)).statusCode).toBe(404);
    expect((await view(waitingToken)).statusCode).toBe(404);
    expect(
      (await ctx.rt.db.select().from(historyEntries).where(eq(historyEntries.manufacturerId, m))).filter(
        (e) => e.kind === 'postHiddenByReports',
      ),
    ).toHaveLength(1);
  });

  it('refuses a report without an address, expires its link, and limits reports per network', async () => {
    const { owner, m, post, get } = await setup();
    const p = await post();
    await owner.api(api.posts.publish, { params: { id: p.id } });
    const { report, linkOf, confirm } = reporter(m, p.id);
    const noEmail = await callApiUnchecked(ctx.app, api.posts.publicReport, {
      params: { manufacturerId: m, postId: p.id },
      body: { reason: 'spam' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('email');
    const bad = await callApiUnchecked(ctx.app, api.posts.publicReport, {
      params: { manufacturerId: m, postId: p.id },
      body: { email: addr(), reason: 'x'.repeat(501) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reason');

    // A link is good for 48 hours; the posts sweep then deletes it.
    const slow = addr('slow');
    expect((await report('198.51.100.5', slow)).statusCode).toBe(204);
    const token = await linkOf(slow);
    const start = clock.now();
    clock.set(new Date(start.getTime() + 49 * 60 * 60_000));
    expect((await confirm(token)).statusCode).toBe(404);
    expect(await ctx.rt.services.postJobs.sweepReportRequests()).toBeGreaterThan(0);
    clock.set(start);
    expect((await confirm(token)).statusCode).toBe(404);
    expect((await get(p.id)).publicReports).toBe(0);

    // One IPv6 /64 holds more addresses than any limit per address: reports count against the network.
    for (let i = 1; i <= 30; i += 1) {
      expect((await report(`2001:db8:9:9::${i.toString(16)}`, addr(`n${i}`))).statusCode).toBe(204);
    }
    const over = await report('2001:db8:9:9:ffff::1', addr('over'));
    expect(over.statusCode).toBe(429);
    expect(codeOf(over)).toBe('rate-limit');
  });
});

describe('auto-publish (D19)', () => {
  const jobsOf = async (postId: string) =>
    (
      await ctx.rt.db.execute(
        sql`select start_after from pgboss.job where name = ${AUTO_PUBLISH_JOB} and data->>'postId' = ${postId}`,
      )
    ).rows as { start_after: Date }[];

  it('publishes at once with delayDays 0', async () => {
    const { owner, post, get } = await setup();
    await ctx.rt.db.execute(
      sql`update manufacturers set auto_published = true, delay_days = 0 where id = ${owner.manufacturerId}`,
    );
    const p = await post();
    expect(p.state).toBe('published');
    expect((await get(p.id)).log).toMatchObject([{ from: 'pending', to: 'published', actor: 'auto' }]);
  });

  it('publishes after delayDays by a job queued with the post, once, unless the owner acted first', async () => {
    const { owner, post, get } = await setup();
    await ctx.rt.db.execute(
      sql`update manufacturers set auto_published = true, delay_days = 2 where id = ${owner.manufacturerId}`,
    );
    const start = clock.now();
    const waiting = await post();
    const decided = await post();
    expect(waiting.state).toBe('pending');
    const [job] = await jobsOf(waiting.id);
    expect(new Date(job?.start_after as Date).getTime()).toBe(start.getTime() + 2 * day);
    expect((await get(waiting.id)).publishAt).toBe(new Date(start.getTime() + 2 * day).toISOString());
    await owner.api(api.posts.unpublish, { params: { id: decided.id } });

    const { postJobs } = ctx.rt.services;
    clock.set(new Date(start.getTime() + day));
    expect(await postJobs.publishDue()).toBe(0);
    clock.set(new Date(start.getTime() + 2 * day));
    // Two instances sweeping at once (or the job and the sweep): published once.
    const counts = await Promise.all([
      postJobs.publishDue(),
      postJobs.publishDue(waiting.id),
      postJobs.publishDue(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await postJobs.publishDue()).toBe(0);
    const after = await get(waiting.id);
    expect(after.state).toBe('published');
    expect(after.publishAt).toBeNull();
    expect(after.log.filter((l) => l.to === 'published')).toHaveLength(1);
    expect((await get(decided.id)).state).toBe('unpublished');
    clock.set(start);
  });

  it('keeps posts pending when auto-publish was switched off before their time', async () => {
    const { owner, post, get } = await setup();
    const id = owner.manufacturerId;
    await ctx.rt.db.execute(
      sql`update manufacturers set auto_published = true, delay_days = 1 where id = ${id}`,
    );
    const start = clock.now();
    const p = await post();
    await ctx.rt.db.execute(sql`update manufacturers set auto_published = false where id = ${id}`);
    clock.set(new Date(start.getTime() + 2 * day));
    expect(await ctx.rt.services.postJobs.publishDue(p.id)).toBe(0);
    const after = await get(p.id);
    expect(after.state).toBe('pending');
    expect(after.publishAt).toBeNull();
    clock.set(start);
  });

  it('publishes a trusted author’s later post once they confirm their address', async () => {
    const { owner, post, get } = await setup();
    const first = await post();
    const trust = await owner.api(api.posts.trust, { params: { id: first.id }, body: { trusted: true } });
    expect(trust.statusCode, trust.body).toBe(200);
    expect(trust.json().authorTrusted).toBe(true);
    const later = await post({ email: first.email, text: 'Another note on the bell.' });
    expect(later.state).toBe('pending');
    const opened = await author(later.token);
    expect(opened.json().state).toBe('published');
    expect((await get(later.id)).log).toMatchObject([{ actor: 'auto', reason: 'trusted author' }]);
  });
});
