import { api, type ContactImport, type ImportMapping, routeUrl } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { contactImports } from '../src/modules/imports/imports.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { multipart } from './campaign-api.js';
import { insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, type TestContext, useTestApp } from './helpers.js';

type Session = Awaited<ReturnType<typeof ownerSession>>;

const upload = (
  ctx: TestContext,
  s: Session,
  csv: string,
  mapping: Partial<ImportMapping> | string,
  campaignIds: string[] = [],
  tags?: string[],
) => {
  const { payload, headers } = multipart([
    { name: 'mapping', data: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) },
    { name: 'campaignIds', data: JSON.stringify(campaignIds) },
    ...(tags ? [{ name: 'tags', data: JSON.stringify(tags) }] : []),
    { name: 'file', filename: 'kunden.csv', contentType: 'text/csv', data: csv },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: routeUrl(api.contactImports.start),
    headers: { ...headers, 'x-auth-token': s.tokens.idToken },
    payload,
  });
};
const finished = async (s: Session, id: string): Promise<ContactImport> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await s.api(api.contactImports.get, { params: { id } });
    const imp = res.json();
    if (imp.state === 'done' || imp.state === 'failed' || Date.now() > deadline) return imp;
    await new Promise((r) => setTimeout(r, 200));
  }
};

const mapping: ImportMapping = {
  email: 'E-Mail',
  firstname: 'Vorname',
  lastname: 'Nachname',
  phoneNumber: 'Telefon',
  city: 'Stadt',
};
const csv = [
  '\uFEFFE-Mail;Vorname;Nachname;Telefon;Stadt',
  'anna@example.com;Anna;Alt;+49 30 1234-567;Berlin',
  'BERT@example.com;Bert;;;Hamburg',
  'not-an-address;Carl;;;',
  'dora@example.com;Dora;;call me;',
  '"eva@example.com";"Eva; the first";Ernst;;Köln',
  '',
].join('\r\n');

describe('contact import', () => {
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });

  it('imports a CSV as a job: merges by email, invites, reports each rejected row; a second run changes nothing more', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    // A known address (here a temp contact) is merged: it becomes a contact and gets the file's city.
    await s.api(api.contacts.invite, { body: { emails: ['bert@example.com'] } });

    const res = await upload(ctx, s, csv, mapping, [c.id]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'queued', totalRows: 5, fileName: 'kunden.csv' });
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({
      state: 'done',
      processedRows: 5,
      created: 2,
      updated: 1,
      invited: 3,
      rejected: 2,
      error: null,
    });
    const rows = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('anna@example.com')).toMatchObject({
      phoneNumber: '0049301234567',
      city: 'Berlin',
      kind: 'contact',
    });
    expect(byEmail.get('bert@example.com')).toMatchObject({ city: 'Hamburg', kind: 'contact' });
    expect(byEmail.get('eva@example.com')).toMatchObject({ firstname: 'Eva; the first', city: 'Köln' });
    expect(await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id))).toHaveLength(
      3,
    );

    const rejected = await s.call({ method: 'GET', url: `/api/contact/import/${res.json()._id}/rejected` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toContain('text/csv');
    expect(rejected.body.trim().split('\n')).toEqual([
      '"row","email","reason"',
      '4,"not-an-address","This is not a valid email address."',
      '5,"dora@example.com","The phone number must be 3 to 20 digits."',
    ]);

    const again = await upload(ctx, s, csv, mapping, [c.id]);
    const second = await finished(s, again.json()._id);
    expect(second).toMatchObject({ state: 'done', created: 0, updated: 3, invited: 0, rejected: 2 });
    expect(await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id))).toHaveLength(
      3,
    );

    const stranger = await ownerSession(ctx);
    expect((await stranger.api(api.contactImports.get, { params: { id: res.json()._id } })).statusCode).toBe(
      404,
    );
  });

  it('neutralizes cells of the rejected-rows CSV that a spreadsheet would run as formulas', async () => {
    const s = await ownerSession(ctx);
    const file = [
      'Mail;Stadt',
      '"=HYPERLINK(""http://evil.example"",""click"")";Berlin',
      '+1+1;Bonn',
      '-2+3;Köln',
      '@SUM(1);Essen',
      '-5;Ulm',
      'fine@example.com;Kiel',
      '',
    ].join('\n');
    const res = await upload(ctx, s, file, { email: 'Mail', city: 'Stadt' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await finished(s, res.json()._id)).toMatchObject({ state: 'done', created: 1, rejected: 5 });
    const rejected = await s.call({ method: 'GET', url: `/api/contact/import/${res.json()._id}/rejected` });
    const invalid = '"This is not a valid email address."';
    // Each starts with an apostrophe, so a spreadsheet shows it as text; the row number stays a number.
    expect(rejected.body.trim().split('\n')).toEqual([
      '"row","email","reason"',
      `2,"'=hyperlink(""http://evil.example"",""click"")",${invalid}`,
      `3,"'+1+1",${invalid}`,
      `4,"'-2+3",${invalid}`,
      `5,"'@sum(1)",${invalid}`,
      `6,"'-5",${invalid}`,
    ]);
  });

  it('reads a semicolon file with one separator (a comma stays in its cell) and refuses a row with a NUL character', async () => {
    const s = await ownerSession(ctx);
    const file = [
      'Mail;Name;Stadt',
      'm@example.com;Müller, Hans;Berlin',
      'nul@example.com;A\u0000B;Bonn',
      '',
    ].join('\n');
    const res = await upload(ctx, s, file, { email: 'Mail', lastname: 'Name', city: 'Stadt' });
    expect(res.statusCode, res.body).toBe(201);
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({ state: 'done', created: 1, rejected: 1 });
    const [row] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, 'm@example.com'));
    expect(row).toMatchObject({ lastname: 'Müller, Hans', city: 'Berlin' });
  });

  it('refuses a mapping to a column the file lacks, bad JSON, a missing file, and a campaign not running', async () => {
    const s = await ownerSession(ctx);
    const missing = await upload(ctx, s, csv, { email: 'Mail' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('email → "Mail"');
    const badJson = await upload(ctx, s, csv, '{nope');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().field).toBe('mapping');
    const noEmail = await upload(ctx, s, csv, { firstname: 'Vorname' });
    expect(noEmail.statusCode).toBe(400);
    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    const notRunning = await upload(ctx, s, csv, mapping, [draft.id]);
    expect(notRunning.statusCode).toBe(409);
    expect(codeOf(notRunning)).toBe('contact/5');
    const { payload, headers } = multipart([{ name: 'mapping', data: JSON.stringify(mapping) }]);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(api.contactImports.start),
      headers: { ...headers, 'x-auth-token': s.tokens.idToken },
      payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(
      await ctx.rt.db
        .select()
        .from(contactImports)
        .where(eq(contactImports.manufacturerId, s.manufacturerId)),
    ).toHaveLength(0);
  });

  it('tags every imported contact, and a tag group linked to a running campaign invites them (D17)', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Dealers only' });
    const group = await s.api(api.tags.create, { body: { title: 'Dealers', tags: ['dealer'] } });
    const groupId = (group.json() as { _id: string })._id;
    expect(
      (await s.api(api.tags.linkCampaigns, { params: { id: groupId }, body: { campaignIds: [c.id] } }))
        .statusCode,
    ).toBe(200);
    const res = await upload(
      ctx,
      s,
      'E-Mail\r\nx1@example.com\r\nx2@example.com\r\n',
      { email: 'E-Mail' },
      [],
      [' Dealer', 'fair 2026'],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ContactImport).tags).toEqual(['dealer', 'fair 2026']);
    const done = await finished(s, (res.json() as ContactImport)._id);
    expect(done).toMatchObject({ state: 'done', created: 2 });
    const made = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(made.map((m) => m.tags)).toEqual([
      ['dealer', 'fair 2026'],
      ['dealer', 'fair 2026'],
    ]);
    // The live audience's job (queued with the tags) invites both to the linked campaign.
    const deadline = Date.now() + 20_000;
    let invited: (typeof invitations.$inferSelect)[] = [];
    while (invited.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      invited = await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id));
    }
    expect(invited.map((i) => i.origin?.via)).toEqual(['import', 'import']);
    // A tag the contract refuses names the field.
    const bad = await upload(
      ctx,
      s,
      'E-Mail\r\nx3@example.com\r\n',
      { email: 'E-Mail' },
      [],
      ['x'.repeat(51)],
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', field: 'tags.0' });
  });
});

describe('contact import after a restart', () => {
  // No workers: the test runs the job itself, as a restarted process would.
  const ctx = useTestApp({ JOBS: 'false' });

  it('resumes after the rows an earlier run committed', async () => {
    const s = await ownerSession(ctx);
    const res = await upload(ctx, s, csv, mapping);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    // An earlier run committed the first two rows (Anna and Bert) and then the process died.
    await ctx.rt.db
      .update(contactImports)
      .set({ processedRows: 2, created: 2, state: 'running' })
      .where(eq(contactImports.id, id));
    await ctx.rt.services.imports.run({ importId: id });
    const imp = (await s.api(api.contactImports.get, { params: { id } })).json();
    expect(imp).toMatchObject({ state: 'done', processedRows: 5, created: 3, rejected: 2 });
    const emails = (
      await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId))
    ).map((r) => r.email);
    expect(emails).toEqual(['eva@example.com']);
  });
});
