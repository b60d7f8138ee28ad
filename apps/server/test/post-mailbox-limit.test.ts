import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitHits } from '../src/lib/rate-limit.tables.js';
import { sha256 } from '../src/lib/secrets.js';
import { callApiUnchecked } from './client.js';
import { codeOf, type OutboxMail, ownerSession, readOutbox, useTestApp } from './helpers.js';

/**
 * One mailbox gets at most 10 mails an hour from the feedback pages (authors' receipts and reports'
 * confirmations), however its address is spelled: a `+tag`, Gmail's dots or capitals make no second
 * budget (docs/product-decisions.md, "The platform area"). The limit's key is the normalised address's
 * SHA-256, so `rate_limit_hits` holds no address.
 */
const ctx = useTestApp();

let n = 0;
const ip = () => `10.66.${Math.floor(++n / 250)}.${n % 250}`;

const feedbackPage = async () => {
  const owner = await ownerSession(ctx);
  const m = owner.manufacturerId;
  const submit = (email: string) =>
    callApiUnchecked(
      ctx.app,
      api.posts.submit,
      {
        params: { manufacturerId: m },
        body: { name: 'Jana Berg', email, text: `The bell rattles #${randomUUID()}`, consent: true },
      },
      { remoteAddress: ip() },
    );
  return { owner, m, submit };
};

describe('the mails of the feedback pages to one mailbox', () => {
  it('count against one budget whatever the spelling; the budget is keyed by a hash, not the address', async () => {
    const victim = `victim.${randomUUID().slice(0, 8)}`;
    const spellings = (i: number) =>
      [
        `${victim}+${i}@gmail.com`,
        `${victim.replace('.', '')}@googlemail.com`,
        `${victim.slice(0, 3)}.${victim.slice(3)}@GMail.com`,
        `${victim.toUpperCase()}+x${i}@gmail.com`,
      ][i % 4] as string;

    // Posts at three manufacturers (the per-address limit of a manufacturer is 5): 3 receipts each.
    const pages = [await feedbackPage(), await feedbackPage(), await feedbackPage()];
    let sent = 0;
    for (const page of pages) {
      for (let i = 0; i < 3; i++) {
        const res = await page.submit(spellings(sent++));
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    // A report's confirmation is the tenth mail to the mailbox: one post of the first page, published.
    const first = pages[0];
    const { rows } = await ctx.rt.db.execute<{ id: string }>(
      sql`select id from posts where manufacturer_id = ${first?.m} limit 1`,
    );
    const postId = rows[0]?.id ?? '';
    expect((await first?.owner.api(api.posts.publish, { params: { id: postId } }))?.statusCode).toBe(200);
    const report = (email: string) =>
      callApiUnchecked(
        ctx.app,
        api.posts.publicReport,
        { params: { manufacturerId: first?.m ?? '', postId }, body: { email, language: 'en' } },
        { remoteAddress: ip() },
      );
    expect((await report(spellings(sent++))).statusCode).toBe(204);

    // The eleventh, by report or post and by any spelling, is refused; the mailbox got ten mails.
    const over = await report(spellings(sent++));
    expect(over.statusCode).toBe(429);
    expect(codeOf(over)).toBe('rate-limit');
    const overPost = await pages[1]?.submit(spellings(sent++));
    expect(overPost?.statusCode).toBe(429);
    const toVictim = (x: OutboxMail) =>
      x.to.toLowerCase().replaceAll('.', '').includes(victim.replace('.', ''));
    const deadline = Date.now() + 20_000;
    while ((await readOutbox(ctx.rt, toVictim, 0)).length < 10 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const mailed = await readOutbox(ctx.rt, toVictim, 0);
    expect(mailed).toHaveLength(10);

    // Another mailbox is not touched by it.
    expect((await report(`someone-${randomUUID().slice(0, 8)}@example.com`)).statusCode).toBe(204);

    // The keys hold the hash of the normalised address, never an address.
    const keys = (
      await ctx.rt.db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(like(rateLimitHits.key, 'post-%'))
    ).map((r) => r.key);
    expect(keys.filter((k) => k.includes('@'))).toEqual([]);
    const mailbox = sha256(`${victim.replace('.', '')}@gmail.com`);
    expect(keys.filter((k) => k === `post-recipient:${mailbox}`)).toHaveLength(10);
    expect(keys.filter((k) => k === `post-email:${first?.m}:${mailbox}`)).toHaveLength(3);
  });
});
