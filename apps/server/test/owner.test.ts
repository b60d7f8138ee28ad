import { api, defaultMailNotifications } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { ownerSession, useTestApp } from './helpers.js';

const ctx = useTestApp();

describe('GET /api/owner/me/small', () => {
  it("answers the owner's small profile with its manufacturer and every flag default", async () => {
    const owner = await ownerSession(ctx, { connect: false });
    const res = await owner.api(api.owner.meSmall);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: owner.ownerId,
      name: expect.any(String),
      email: owner.email,
      avatar: null,
      isParleyConnectEnabled: false,
      manufacturer: {
        _id: owner.manufacturerId,
        name: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        imageUrl: null,
        answerLimitation: null,
        autoPublished: false,
        delayDays: 0,
        canUnpublish: false,
        canPrivateNote: false,
        canExport: false,
        canComment: false,
        isPartner: false,
        canSaveAnswerWithoutNotification: false,
        defaultCountry: 'DE',
        privacyUrl: null,
        imprintUrl: null,
      },
      mailNotifications: defaultMailNotifications,
      // The language of the owner's mails until the console sets it (docs/product-decisions.md, "Owner mails").
      language: 'en',
    });
  });

  it('reflects flags an operator set', async () => {
    const owner = await ownerSession(ctx);
    await ctx.rt.services.owner.setManufacturer(owner.manufacturerId, {
      canExport: true,
      answerLimitation: 50,
    });
    const res = await owner.api(api.owner.meSmall);
    expect(res.json()).toMatchObject({
      isParleyConnectEnabled: true,
      manufacturer: { canExport: true, answerLimitation: 50 },
    });
  });
});

describe('PATCH /api/owner/me', () => {
  it('changes the name and answers the updated profile', async () => {
    const owner = await ownerSession(ctx);
    const res = await owner.api(api.owner.updateMe, { body: { name: '  Ada Lovelace ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Ada Lovelace');
    const again = await owner.api(api.owner.meSmall);
    expect(again.json().name).toBe('Ada Lovelace');
  });

  it('refuses an empty, one-letter or too long name with 400 naming the field, changing nothing', async () => {
    const owner = await ownerSession(ctx);
    const before = (await owner.api(api.owner.meSmall)).json().name;
    for (const name of ['   ', ' D ', 'x'.repeat(101)]) {
      const res = await owner.api(api.owner.updateMe, { body: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.error()).toMatchObject({ code: 'validation', field: 'name' });
      expect(res.error().message).toContain('name');
    }
    expect((await owner.api(api.owner.meSmall)).json().name).toBe(before);
  });

  it('ignores unknown keys', async () => {
    const owner = await ownerSession(ctx);
    const res = await owner.apiUnchecked(api.owner.updateMe, {
      body: { name: 'Bo', _id: 'x', email: 'evil@x.y' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bo', email: owner.email });
  });

  it('takes an https avatar address (and plain http outside production) and clears it with null', async () => {
    const owner = await ownerSession(ctx);
    for (const avatar of ['https://cdn.example.com/a.png', 'http://localhost:3000/files/a.png']) {
      const res = await owner.api(api.owner.updateMe, { body: { avatar } });
      expect(res.statusCode).toBe(200);
      expect(res.json().avatar).toBe(avatar);
    }
    const cleared = await owner.api(api.owner.updateMe, { body: { avatar: null } });
    expect(cleared.json().avatar).toBeNull();
  });

  it('refuses an avatar that is no web address (javascript:, data:, a path) with 400 naming it, storing nothing', async () => {
    const owner = await ownerSession(ctx);
    await owner.api(api.owner.updateMe, { body: { avatar: 'https://cdn.example.com/kept.png' } });
    for (const avatar of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)//https://x.y/a.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '/files/a.png',
      'https://user:secret@cdn.example.com/a.png',
      `https://cdn.example.com/${'a'.repeat(2000)}.png`,
    ]) {
      const res = await owner.api(api.owner.updateMe, { body: { avatar } });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.error()).toMatchObject({ code: 'validation', field: 'avatar' });
    }
    expect((await owner.api(api.owner.meSmall)).json().avatar).toBe('https://cdn.example.com/kept.png');
  });
});

describe('PATCH /api/owner/me in production', () => {
  const prod = useTestApp({ NODE_ENV: 'production' });

  it('refuses a plain-http avatar address and takes https', async () => {
    const owner = await ownerSession(prod);
    const res = await owner.api(api.owner.updateMe, { body: { avatar: 'http://cdn.example.com/a.png' } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'validation', field: 'avatar' });
    expect(res.error().message).toContain('https');
    const https = await owner.api(api.owner.updateMe, { body: { avatar: 'https://cdn.example.com/a.png' } });
    expect(https.statusCode).toBe(200);
  });
});

describe('PATCH /api/owner/manufacturer (docs/product-decisions.md, "API-wide")', () => {
  it("sets the phone numbers' default country and the privacy-notice and imprint links; absent keys stay, null or '' removes", async () => {
    const owner = await ownerSession(ctx, { connect: false });
    const other = await ownerSession(ctx);
    const res = await owner.api(api.owner.updateManufacturer, {
      body: {
        defaultCountry: 'at',
        privacyUrl: ' https://beispiel.example/datenschutz ',
        imprintUrl: 'https://beispiel.example/impressum',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: owner.manufacturerId,
      defaultCountry: 'AT',
      privacyUrl: 'https://beispiel.example/datenschutz',
      imprintUrl: 'https://beispiel.example/impressum',
    });
    const again = await owner.api(api.owner.updateManufacturer, { body: { imprintUrl: '' } });
    expect(again.json()).toMatchObject({
      defaultCountry: 'AT',
      privacyUrl: 'https://beispiel.example/datenschutz',
      imprintUrl: null,
    });
    expect((await owner.api(api.owner.meSmall)).json().manufacturer).toMatchObject({ defaultCountry: 'AT' });
    // Another manufacturer's settings are its own.
    expect((await other.api(api.owner.meSmall)).json().manufacturer).toMatchObject({
      defaultCountry: 'DE',
      privacyUrl: null,
    });
  });

  it('refuses a country it does not know and a link that is not https with 400 naming the field, storing nothing', async () => {
    const owner = await ownerSession(ctx);
    for (const [body, field] of [
      [{ defaultCountry: 'XX' }, 'defaultCountry'],
      [{ defaultCountry: 'Germany' }, 'defaultCountry'],
      [{ privacyUrl: 'http://beispiel.example/datenschutz' }, 'privacyUrl'],
      [{ privacyUrl: 'javascript:alert(1)' }, 'privacyUrl'],
      [{ imprintUrl: 'https://user:pw@beispiel.example/' }, 'imprintUrl'],
      [{ imprintUrl: `https://beispiel.example/${'x'.repeat(2000)}` }, 'imprintUrl'],
    ] as const) {
      const bad = await owner.apiUnchecked(api.owner.updateManufacturer, { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation', field });
    }
    expect((await owner.api(api.owner.meSmall)).json().manufacturer).toMatchObject({
      defaultCountry: 'DE',
      privacyUrl: null,
      imprintUrl: null,
    });
  });
});

describe('GET /api/owner/list', () => {
  it("lists the owners of the caller's manufacturer only", async () => {
    const first = await ownerSession(ctx);
    const colleague = await ownerSession(ctx, { manufacturerId: first.manufacturerId });
    const stranger = await ownerSession(ctx);
    const res = await first.api(api.owner.list);
    expect(res.statusCode).toBe(200);
    const emails = res.json().documents.map((o: { email: string }) => o.email);
    expect(emails.sort()).toEqual([first.email, colleague.email].sort());
    expect(emails).not.toContain(stranger.email);
    expect(res.json().total).toBe(2);
  });

  it('pages in the database, oldest first, and refuses a page size over 100', async () => {
    const first = await ownerSession(ctx);
    const second = await ownerSession(ctx, { manufacturerId: first.manufacturerId });
    const page2 = await first.api(api.owner.list, { query: { page: '2', limit: '1' } });
    expect(page2.statusCode).toBe(200);
    expect(page2.json()).toMatchObject({ total: 2, documents: [{ email: second.email }] });
    const tooMany = await first.api(api.owner.list, { query: { limit: '101' } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.error()).toMatchObject({ code: 'validation', field: 'limit' });
  });
});
