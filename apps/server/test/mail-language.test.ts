import { api, identityApi } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { createOwner, type OutboxMail, ownerSession, readOutbox, signIn, useTestApp } from './helpers.js';

/**
 * Each person gets mail in their language (docs/product-decisions.md, "Owner mails", "Identity"):
 * an owner's notifications in their profile's language, a password reset in the sign-in page's.
 */
const ctx = useTestApp();

/** A header's MIME encoded-words (RFC 2047) decoded. */
const decoded = (s: string | undefined) =>
  (s ?? '').replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replaceAll('_', ' ')
            .replace(/=([0-9a-f]{2})/gi, (_h, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
const subjectOf = (m: OutboxMail | undefined) => decoded(/^Subject: (.*)$/m.exec(m?.head ?? '')?.[1]);

describe('the language of a mail', () => {
  it("writes an owner's notification in their profile language only", async () => {
    const a = await ownerSession(ctx);
    const de = await createOwner(ctx.rt, { manufacturerId: a.manufacturerId });
    const en = await createOwner(ctx.rt, { manufacturerId: a.manufacturerId });
    const deTokens = await signIn(ctx.app, de.email, de.password);
    const set = await callApi(
      ctx.app,
      api.owner.updateMe,
      { body: { language: 'de' } },
      { token: deTokens.idToken },
    );
    expect(set.statusCode, set.body).toBe(200);
    const me = await callApi(ctx.app, api.owner.meSmall, {}, { token: deTokens.idToken });
    expect(me.json().language).toBe('de');
    expect((await a.api(api.owner.meSmall)).json().language).toBe('en');

    const c = await insertCampaign(ctx.rt, a.manufacturerId, { title: 'Sattel' });
    expect((await a.api(api.campaigns.stop, { params: { id: c.id } })).statusCode).toBe(200);
    const [deMail] = await readOutbox(ctx.rt, (m) => m.to === de.email && m.file.includes('campaignEnded'));
    const [enMail] = await readOutbox(ctx.rt, (m) => m.to === en.email && m.file.includes('campaignEnded'));
    expect(subjectOf(deMail)).toBe('Kampagne „Sattel“ ist beendet');
    expect(deMail?.body).not.toContain('Open it in Parley');
    expect(subjectOf(enMail)).toBe('Campaign "Sattel" has ended');
    expect(enMail?.body).not.toContain('In Parley');
  });

  it('writes a password reset in the language of the page it was asked from', async () => {
    const de = await createOwner(ctx.rt);
    const en = await createOwner(ctx.rt);
    await callApi(ctx.app, identityApi.passwordReset, { body: { email: de.email, language: 'de' } });
    await callApi(ctx.app, identityApi.passwordReset, { body: { email: en.email } });
    const [deMail] = await readOutbox(ctx.rt, (m) => m.to === de.email);
    const [enMail] = await readOutbox(ctx.rt, (m) => m.to === en.email);
    expect(subjectOf(deMail)).toBe('Ihr Parley-Passwort zurücksetzen');
    expect(deMail?.body).toContain('innerhalb einer Stunde');
    expect(deMail?.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    expect(subjectOf(enMail)).toBe('Reset your Parley password');
  });
});
