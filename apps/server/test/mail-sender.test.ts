import { randomUUID } from 'node:crypto';
import { api, identityApi } from '@parley/contract';
import { eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { manufacturers, owners } from '../src/modules/owner/owner.tables.js';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { createOwner, type OutboxMail, readOutbox, useTestApp } from './helpers.js';

/**
 * Who a mail comes from (docs/product-decisions.md, "The mail sender"): a mail to a participant is
 * sent on behalf of the manufacturer ("Acme via Parley", answers by mail reach its owners), a mail
 * to an owner comes from Parley.
 */
const ctx = useTestApp();

const header = (m: OutboxMail | undefined, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(m?.head ?? '')?.[1];

const participate = async (campaignId: string, questionId: string) => {
  const email = `p-${randomUUID()}@example.com`;
  const res = await callApi(ctx.app, api.participation.submit, {
    params: { id: campaignId },
    body: { email, submissionId: randomUUID(), answers: [{ questionId, text: 'Squeaks' }] },
  });
  expect(res.statusCode).toBe(201);
  const [mail] = await readOutbox(ctx.rt, (m) => m.to === email);
  return mail;
};

describe('the mail sender', () => {
  it("names the manufacturer in From and its active owners in Reply-To for a participant's mail", async () => {
    const first = await createOwner(ctx.rt);
    const second = await createOwner(ctx.rt, { manufacturerId: first.manufacturerId });
    const gone = await createOwner(ctx.rt, { manufacturerId: first.manufacturerId });
    await ctx.rt.db.update(owners).set({ disabled: true }).where(eq(owners.id, gone.ownerId));
    // Quotes, a comma and a line break: none may break the header or add one.
    const name = 'Acme "Bikes", Inc\r\nBcc: evil@example.com';
    await ctx.rt.db.update(manufacturers).set({ name }).where(eq(manufacturers.id, first.manufacturerId));
    const c = await insertCampaign(ctx.rt, first.manufacturerId, { questions: [{ type: 'FreeText' }] });

    const mail = await participate(c.id, c.questions[0]!.id);
    const [from] = addressparser(header(mail, 'From') ?? '', { flatten: true });
    expect(from).toEqual({
      name: 'Acme "Bikes", Inc Bcc: evil@example.com via Parley',
      address: 'no-reply@parley.localhost',
    });
    expect(mail?.head).not.toMatch(/^Bcc:/im);
    const replyTo = addressparser(header(mail, 'Reply-To') ?? '', { flatten: true }).map((a) =>
      'address' in a ? a.address : '',
    );
    expect(replyTo).toEqual([first.email, second.email]);
  });

  it("keeps Parley as the sender of an owner's own mail, without a Reply-To", async () => {
    const owner = await createOwner(ctx.rt);
    const res = await callApi(ctx.app, identityApi.passwordReset, { body: { email: owner.email } });
    expect(res.statusCode).toBeLessThan(300);
    const [mail] = await readOutbox(ctx.rt, (m) => m.to === owner.email);
    expect(header(mail, 'From')).toBe('Parley <no-reply@parley.localhost>');
    expect(header(mail, 'Reply-To')).toBeUndefined();
  });
});
